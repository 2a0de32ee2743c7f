/**
 * A scripted HMS inverter for the CMT tests: listens on one frequency (its start-up frequency until told
 * otherwise), follows a channel change after a delay, answers a data request with a multi-fragment answer
 * and a re-request with the fragment asked for.
 */
import { addressOfSerial, encodeResponseFragments, parseRequest } from '@dtu-console/hoymiles';
import type { AirResponder } from '../../../src/cmt2300a/model/cmt2300a-far-side';

export interface ScriptedInverterOptions {
  serial: string;
  listenHz: number;
  /** Answer payload (CRC16 appended): its length sets the number of fragments (16 bytes each). */
  payloadBytes?: number;
  channelChangeDelayMs?: number;
}

export class ScriptedInverter {
  listenHz: number;
  readonly requests: { kind: string; at: number; frequencyHz: number | undefined }[] = [];
  readonly #serial: string;
  readonly #payload: Uint8Array;
  readonly #delayMs: number;
  #pending: { hz: number; at: number } | undefined;
  #last: Uint8Array[] = [];

  constructor(options: ScriptedInverterOptions) {
    this.#serial = options.serial;
    this.listenHz = options.listenHz;
    this.#payload = Uint8Array.from({ length: options.payloadBytes ?? 40 }, (_, i) => (i * 7 + 3) & 0xff);
    this.#delayMs = options.channelChangeDelayMs ?? 0;
  }

  readonly responder: AirResponder = (frame, now, channel) => {
    if (this.#pending && this.#pending.at <= now) {
      this.listenHz = this.#pending.hz;
      this.#pending = undefined;
    }
    if (channel.radio !== 'CMT' || channel.frequencyHz !== this.listenHz) return null;
    const address = addressOfSerial(this.#serial);
    if (!address.ok) return null;
    const request = parseRequest(frame, { inverter: address.value });
    if (!request.ok) return null;
    this.requests.push({ kind: request.value.kind, at: now, frequencyHz: channel.frequencyHz });
    switch (request.value.kind) {
      case 'data':
        this.#last = encodeResponseFragments({
          inverter: this.#serial,
          dtu: request.value.dtuAddress,
          command: 0x95,
          payload: this.#payload,
          appendCrc16: true,
        });
        return this.#last;
      case 'rerequest': {
        const fragment = this.#last[request.value.fragment - 1];
        return fragment ? [fragment] : [];
      }
      case 'channel-change':
        this.#pending = { hz: request.value.frequencyHz, at: now + this.#delayMs };
        return [];
      default:
        return [];
    }
  };
}
