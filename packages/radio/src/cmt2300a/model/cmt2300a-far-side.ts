/**
 * The far side of the CMT air for tests and, later, for the virtual inverters: takes what the chip model
 * sends, asks a responder (a scripted peer or a virtual inverter, same shape as
 * `VirtualInverter.receive`) and puts its answer fragments on the air one after another on the clock, on
 * the frequency the request came on. The responder alone decides whether it listens on that frequency.
 */
import type { Clock } from '@dtu-console/clock';
import type { Air, AirPacket, CmtAirPacket } from '../../model/air';

export interface AirChannel {
  radio: 'NRF24' | 'CMT';
  frequencyHz?: number;
}

/** Answer fragments for a frame heard at `now`, or null when the peer did not take it. */
export type AirResponder = (frame: Uint8Array, now: number, channel: AirChannel) => Uint8Array[] | null;

export interface CmtFarSideOptions {
  clock: Clock;
  responder: AirResponder;
  /** From the end of the request to the end of the first answer packet, ms. */
  replyDelayMs?: number;
  /** Between the ends of two answer packets, ms. */
  fragmentSpacingMs?: number;
  /** RSSI the gateway's chip measures for each answer. */
  rssiDbm?: number | ((fragment: Uint8Array, index: number) => number);
  /** Return true to lose this fragment on the air (the chip never hears it). */
  drop?: (fragment: Uint8Array, index: number) => boolean;
}

export class CmtFarSide implements Air {
  /** Every packet the gateway put on the air, taken or not. */
  readonly heard: CmtAirPacket[] = [];
  readonly #o: Required<Omit<CmtFarSideOptions, 'drop'>> & Pick<CmtFarSideOptions, 'drop'>;
  readonly #listeners = new Set<(packet: AirPacket) => void>();

  constructor(options: CmtFarSideOptions) {
    this.#o = { replyDelayMs: 10, fragmentSpacingMs: 10, rssiDbm: -62, ...options };
  }

  send(packet: AirPacket): boolean {
    if (packet.kind !== 'cmt') return false;
    this.heard.push(packet);
    const { clock, responder, replyDelayMs, fragmentSpacingMs, rssiDbm, drop } = this.#o;
    const answers = responder(packet.payload, clock.now(), { radio: 'CMT', frequencyHz: packet.frequencyHz });
    if (answers === null) return false;
    answers.forEach((fragment, index) => {
      if (drop?.(fragment, index)) return;
      const rssi = typeof rssiDbm === 'function' ? rssiDbm(fragment, index) : rssiDbm;
      clock.setTimer(replyDelayMs + index * fragmentSpacingMs, () => {
        const answer: CmtAirPacket = {
          kind: 'cmt',
          frequencyHz: packet.frequencyHz,
          payload: fragment,
          rssiDbm: rssi,
        };
        for (const listener of [...this.#listeners]) listener(answer);
      });
    });
    return true;
  }

  listen(listener: (packet: AirPacket) => unknown): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
