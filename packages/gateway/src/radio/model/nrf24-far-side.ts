/**
 * The inverters' end of the 2.4 GHz air for the nRF24L01+ model: an `Air` that hands each request addressed
 * to one of its inverters to a responder (a virtual inverter, or a test's script), acknowledges it as the
 * inverter's radio does, and puts the answer fragments on the air later, on the answer channel, one after
 * another, as HM inverters do (docs/radio-nrf24.md).
 */
import type { RadioAddress, RadioKind } from '@dtu-console/hoymiles';
import type { Clock } from '../../system/clock';
import { ANSWER_CHANNEL_OFFSET, airAddress, HOYMILES_CHANNELS } from '../nrf24/setup';
import type { Air, AirPacket, NrfAirPacket } from './air';

/** The shape of `VirtualInverter.receive`: the answer fragments, or null for no answer. */
export type FarResponder = (
  frame: Uint8Array,
  now: number,
  channel: { radio: RadioKind; frequencyHz?: number },
) => Uint8Array[] | null;

export interface NrfFarSideOptions {
  clock: Clock;
  responder: FarResponder;
  /** The inverters behind this air (radio addresses): their radios acknowledge packets sent to them. */
  inverters: readonly RadioAddress[];
  /** From the end of the request to the first fragment. Default 3 ms. */
  answerDelayMs?: number;
  /** From one fragment to the next (a 27-byte packet takes 1.2 ms at 250 kbps). Default 1.5 ms. */
  fragmentGapMs?: number;
  /** Which channel the answer comes on. Default: two places after the request's channel in the list. */
  answerChannel?: (requestChannel: number) => number;
  /** Fault injection: fragments for which this returns true never reach the air. */
  lose?: (fragment: Uint8Array, index: number) => boolean;
}

const DATA_RATE_KBPS = 250;
const CRC_BYTES = 2;

export function defaultAnswerChannel(requestChannel: number): number {
  const index = HOYMILES_CHANNELS.indexOf(requestChannel);
  if (index < 0) return requestChannel;
  return HOYMILES_CHANNELS[(index + ANSWER_CHANNEL_OFFSET) % HOYMILES_CHANNELS.length]!;
}

export class NrfFarSide implements Air {
  /** Every packet the inverters heard (acknowledged or not), for tests. */
  readonly heard: NrfAirPacket[] = [];
  /** Every packet the inverters put on the air. */
  readonly sent: NrfAirPacket[] = [];
  readonly #options: NrfFarSideOptions;
  readonly #listeners = new Set<(packet: AirPacket) => void>();

  constructor(options: NrfFarSideOptions) {
    this.#options = options;
  }

  send(packet: AirPacket): boolean {
    if (packet.kind !== 'nrf24') return false;
    if (packet.dataRateKbps !== DATA_RATE_KBPS || packet.crcBytes !== CRC_BYTES) return false;
    if (!HOYMILES_CHANNELS.includes(packet.channel)) return false;
    const target = this.#options.inverters.find((address) => sameBytes(airAddress(address), packet.address));
    if (target === undefined) return false;
    this.heard.push(packet);
    const { clock, responder } = this.#options;
    const answers = responder(packet.payload, clock.now(), { radio: 'NRF24' });
    if (answers && answers.length > 0) this.#answer(packet, answers);
    return true;
  }

  listen(listener: (packet: AirPacket) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #answer(request: NrfAirPacket, fragments: Uint8Array[]): void {
    const {
      clock,
      answerDelayMs = 3,
      fragmentGapMs = 1.5,
      answerChannel = defaultAnswerChannel,
      lose,
    } = this.#options;
    const frame = request.payload;
    // The answer goes to the sender of the request: the DTU address in bytes 5..8.
    const dtu = ((frame[5]! << 24) | (frame[6]! << 16) | (frame[7]! << 8) | frame[8]!) >>> 0;
    const channel = answerChannel(request.channel);
    fragments.forEach((fragment, index) => {
      if (lose?.(fragment, index) === true) return;
      const packet: NrfAirPacket = {
        kind: 'nrf24',
        channel,
        dataRateKbps: DATA_RATE_KBPS,
        crcBytes: CRC_BYTES,
        address: airAddress(dtu),
        payload: fragment,
        wantsAck: false,
      };
      clock.setTimer(answerDelayMs + index * fragmentGapMs, () => {
        this.sent.push(packet);
        for (const listener of [...this.#listeners]) listener(packet);
      });
    });
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
