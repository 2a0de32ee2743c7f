/**
 * The inverters' end of the 2.4 GHz air for the nRF24L01+ model: an `Air` that hands each request addressed
 * to one of its inverters to a responder (a virtual inverter, or a test's script), acknowledges it as the
 * inverter's radio does, and puts the answer fragments on the air later, on the answer channel, one after
 * another, as HM inverters do (docs/radio-nrf24.md), after the delay of the request's protocol (an MI
 * answers later than an HM). It does not trust the driver: the channel list, the
 * answer channel and the air address are written here from the protocol, not imported from `nrf24/`.
 */

import type { Clock } from '@dtu-console/clock';
import type { RadioAddress, RadioKind } from '@dtu-console/hoymiles';
import type { Air, AirPacket, NrfAirPacket } from '../../model/air';

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
  /**
   * From the end of the request to the first fragment: a number for every request, or per request frame.
   * Default `protocolAnswerDelayMs`: 35 ms for an MI request, 3 ms for the others.
   */
  answerDelayMs?: number | ((request: Uint8Array) => number);
  /** From one fragment to the next (a 27-byte packet takes 1.2 ms at 250 kbps). Default 1.5 ms. */
  fragmentGapMs?: number;
  /** Which channel the answer comes on. Default: two places after the request's channel in the list. */
  answerChannel?: (requestChannel: number) => number;
  /** Fault injection: fragments for which this returns true never reach the air. */
  lose?: (fragment: Uint8Array, index: number) => boolean;
  /** The answers ask the DTU for an acknowledgement (Enhanced ShockBurst auto-ack). Default false. */
  answersWantAck?: boolean;
}

/** The HM channels, 2403, 2423, 2440, 2461 and 2475 MHz: requests and answers use only these. */
const CHANNELS: readonly number[] = [3, 23, 40, 61, 75];
/** An HM inverter answers two places further along that list than the channel it was asked on. */
const ANSWER_STEP = 2;
const DATA_RATE_KBPS = 250;

/**
 * The 5 bytes a Hoymiles device's address puts on the air, first byte first: the low four bytes of its
 * serial read as hex, least significant first, then 01. Serial 114172220001 → 01 00 22 72 01 (its address
 * registers hold them the other way round: 01 72 22 00 01).
 */
export function airAddressOf(address: RadioAddress): Uint8Array {
  return Uint8Array.of(address & 0xff, (address >>> 8) & 0xff, (address >>> 16) & 0xff, address >>> 24, 0x01);
}
const CRC_BYTES = 2;

/** The model's answer delay of the HM/HERF protocol (kept short: the driver's windows are what is tested). */
export const HM_ANSWER_DELAY_MS = 3;
/** The MI series answers after about 35 ms (docs/protocol.md, The MI series). */
export const MI_ANSWER_DELAY_MS = 35;
/** MI requests that are 11 bytes: live data of inputs 1 and 2, of inputs 1..4 (4-input), info, grid profile. */
const MI_SHORT_REQUESTS: readonly number[] = [0x09, 0x11, 0x36, 0x37, 0x38, 0x39, 0x0f, 0x10];
const MI_CONTROL = 0x51;
/** Bytes 9..10 of an MI control request: on, off, temporary limit (HM's control has 0x81 in byte 9). */
const MI_CONTROL_CODES: readonly number[] = [0x55aa, 0xaa55, 0x5a5a];

/** Whether a request frame is of the MI series' protocol, read from its length and command bytes. */
export function isMiRequestFrame(frame: Uint8Array): boolean {
  const command = frame[0] ?? 0;
  if (frame.length === 11)
    return MI_SHORT_REQUESTS.includes(command) && (frame[9] === command || frame[9] === 0);
  return command === MI_CONTROL && MI_CONTROL_CODES.includes(((frame[9] ?? 0) << 8) | (frame[10] ?? 0));
}

/** How long after a request its first answer fragment comes: 35 ms for an MI, 3 ms for the others. */
export function protocolAnswerDelayMs(request: Uint8Array): number {
  return isMiRequestFrame(request) ? MI_ANSWER_DELAY_MS : HM_ANSWER_DELAY_MS;
}

export function defaultAnswerChannel(requestChannel: number): number {
  const index = CHANNELS.indexOf(requestChannel);
  if (index < 0) return requestChannel;
  return CHANNELS[(index + ANSWER_STEP) % CHANNELS.length]!;
}

export class NrfFarSide implements Air {
  /** Every packet the inverters heard (acknowledged or not), for tests. */
  readonly heard: NrfAirPacket[] = [];
  /** Every packet the inverters put on the air. */
  readonly sent: NrfAirPacket[] = [];
  /** Answers that asked for an acknowledgement and got none (a real inverter would send them again). */
  unacknowledged = 0;
  readonly #options: NrfFarSideOptions;
  readonly #listeners = new Set<(packet: AirPacket) => unknown>();

  constructor(options: NrfFarSideOptions) {
    this.#options = options;
  }

  send(packet: AirPacket): boolean {
    if (packet.kind !== 'nrf24') return false;
    if (packet.dataRateKbps !== DATA_RATE_KBPS || packet.crcBytes !== CRC_BYTES) return false;
    if (!CHANNELS.includes(packet.channel)) return false;
    const target = this.#options.inverters.find((address) =>
      sameBytes(airAddressOf(address), packet.address),
    );
    if (target === undefined) return false;
    this.heard.push(packet);
    const { clock, responder } = this.#options;
    const answers = responder(packet.payload, clock.now(), { radio: 'NRF24' });
    if (answers && answers.length > 0) this.#answer(packet, answers);
    return true;
  }

  listen(listener: (packet: AirPacket) => unknown): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #answer(request: NrfAirPacket, fragments: Uint8Array[]): void {
    const {
      clock,
      answerDelayMs = protocolAnswerDelayMs,
      fragmentGapMs = 1.5,
      answerChannel = defaultAnswerChannel,
      lose,
      answersWantAck = false,
    } = this.#options;
    const frame = request.payload;
    // The answer goes to the sender of the request: the DTU address in bytes 5..8.
    const dtu = ((frame[5]! << 24) | (frame[6]! << 16) | (frame[7]! << 8) | frame[8]!) >>> 0;
    const channel = answerChannel(request.channel);
    const delayMs = typeof answerDelayMs === 'number' ? answerDelayMs : answerDelayMs(frame);
    fragments.forEach((fragment, index) => {
      if (lose?.(fragment, index) === true) return;
      const packet: NrfAirPacket = {
        kind: 'nrf24',
        channel,
        dataRateKbps: DATA_RATE_KBPS,
        crcBytes: CRC_BYTES,
        address: airAddressOf(dtu),
        payload: fragment,
        wantsAck: answersWantAck,
      };
      clock.setTimer(delayMs + index * fragmentGapMs, () => {
        this.sent.push(packet);
        let acked = false;
        for (const listener of [...this.#listeners]) acked = listener(packet) === true || acked;
        if (answersWantAck && !acked) this.unacknowledged++;
      });
    });
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
