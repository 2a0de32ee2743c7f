/**
 * The simulated radio: both transceivers (nRF24 for HM/HERF, CMT2300A for HMS/HMT) with virtual inverters
 * on the other side of the air. transmit() answers at once with what would arrive within the answer
 * window; time comes only from the injected clock and chance only from the injected random, so a test can
 * run a simulated day in milliseconds and the same seed gives the same frames.
 */

import type { Clock } from '@dtu-console/clock';
import { addressOfSerial, type RadioKind } from '@dtu-console/hoymiles';
import type { Radio, RadioRequest, RadioSettings, RadioStatus } from '../radio';
import type { DcFeed } from './energy';
import type { Location } from './physics';
import type { Random } from './random';
import type { VirtualInverterSnapshot } from './virtual-inverter';
import { type InverterFault, readAddress, type SimulatedInverterSpec, VirtualPlant } from './virtual-plant';

export interface SimulatedFaults {
  /** Probability that a request frame is lost on its way (the inverter hears nothing). Default 0. */
  packetLoss?: number;
  /** Probability that a single answer fragment is lost. Default 0. */
  fragmentLoss?: number;
  /** Probability that an answer fragment arrives with a flipped byte (its CRC8 fails). Default 0. */
  corruption?: number;
  /**
   * Extra loss of every frame at a low transmit power (nRF PA level, CMT dBm), as a weak link has.
   * Default true: at most 2 % per frame at the lowest level, none at the highest.
   */
  weakSignal?: boolean;
  /** Probability that a run-data answer in marginal light (dawn, dusk) is truncated. Default 0. */
  lowLightTruncation?: number;
}

/** Fault levels that make `npm start` look like a real plant: the occasional resend and re-request. */
export const REALISTIC_FAULTS: Readonly<Required<SimulatedFaults>> = {
  packetLoss: 0.01,
  fragmentLoss: 0.02,
  corruption: 0.005,
  weakSignal: true,
  lowLightTruncation: 0.2,
};

export interface SimulatedRadioOptions {
  clock: Clock;
  random: Random;
  /** The plant's location (the configured sun location); read at every step, so it may change. */
  location: () => Location;
  faults?: SimulatedFaults;
  /** Mean cloud cover 0..1; omitted: the weather changes from day to day. */
  cloudiness?: number;
  /** Time an HMS/HMT needs to follow a channel change. Default 1000 ms. */
  channelChangeDelayMs?: number;
}

/** When the answer fragments arrive after the request, ms: first fragment, then each further one. */
const ANSWER_TIMING: Record<RadioKind, { firstMs: number; everyMs: number }> = {
  NRF24: { firstMs: 8, everyMs: 4 },
  CMT: { firstMs: 25, everyMs: 12 },
};

/** Extra loss per frame at nRF PA level 0..3 (Min … Max). */
const NRF_WEAK_SIGNAL_LOSS = [0.02, 0.008, 0.002, 0] as const;

export class SimulatedRadio implements Radio {
  readonly name = 'simulated';
  readonly #clock: Clock;
  readonly #faultRandom: Random;
  readonly #plant: VirtualPlant;
  #faults: Required<SimulatedFaults>;
  #settings: RadioSettings | undefined;
  #dtuAddress: number | undefined;
  #running = false;

  constructor(options: SimulatedRadioOptions) {
    this.#clock = options.clock;
    // Separate streams: lost frames do not shift the clouds, a new inverter does not shift the losses.
    this.#faultRandom = options.random.fork('faults');
    this.#faults = withDefaults(options.faults);
    this.#plant = new VirtualPlant({
      clock: options.clock,
      random: options.random,
      location: options.location,
      settings: () => this.#settings,
      lowLightTruncation: () => this.#faults.lowLightTruncation,
      ...(options.cloudiness === undefined ? {} : { cloudiness: options.cloudiness }),
      ...(options.channelChangeDelayMs === undefined
        ? {}
        : { channelChangeDelayMs: options.channelChangeDelayMs }),
    });
  }

  configure(settings: RadioSettings): void {
    this.#settings = { ...settings };
    const address = addressOfSerial(settings.dtuSerial);
    this.#dtuAddress = address.ok ? address.value : undefined;
  }

  status(): RadioStatus {
    const nrf = this.#settings?.nrfEnabled === true;
    const cmt = this.#settings?.cmtEnabled === true;
    return {
      nrf: { configured: nrf, connected: nrf && this.#running, pvariant: nrf },
      cmt: { configured: cmt, connected: cmt && this.#running },
      simulated: true,
    };
  }

  start(): void {
    this.#running = true;
  }

  stop(): void {
    this.#running = false;
  }

  /** Changes the fault levels at run time (tests, a debug switch). */
  setFaults(faults: SimulatedFaults): void {
    this.#faults = withDefaults(faults);
  }

  /** The configured inverters (see VirtualPlant.setInverters). */
  setInverters(specs: readonly SimulatedInverterSpec[]): void {
    this.#plant.setInverters(specs);
  }

  /** The true state of a virtual inverter at the clock's now (tests, debugging); undefined if unknown. */
  inspect(serial: string): VirtualInverterSnapshot | undefined {
    return this.#plant.inspect(serial);
  }

  /** Faults of one inverter (see VirtualPlant.setInverterFault); false if unknown. */
  setInverterFault(serial: string, fault: InverterFault): boolean {
    return this.#plant.setInverterFault(serial, fault);
  }

  /** Feeds one inverter from a battery bus (see VirtualPlant.setFeed); false if unknown. */
  setFeed(serial: string, feed: DcFeed | undefined): boolean {
    return this.#plant.setFeed(serial, feed);
  }

  transmit(request: RadioRequest): Promise<Uint8Array[]> {
    return Promise.resolve(this.#exchange(request));
  }

  #exchange(request: RadioRequest): Uint8Array[] {
    const settings = this.#settings;
    if (!this.#running || settings === undefined) return [];
    const enabled = request.radio === 'NRF24' ? settings.nrfEnabled : settings.cmtEnabled;
    if (!enabled || !(request.frame instanceof Uint8Array) || request.frame.length < 5) return [];
    const now = this.#clock.now();
    const frequencyHz =
      request.radio === 'CMT' ? (request.frequencyHz ?? settings.cmtFrequencyHz) : undefined;
    const channel = { radio: request.radio, ...(frequencyHz === undefined ? {} : { frequencyHz }) };
    const weak = weakSignalLoss(this.#faults, request.radio, settings);
    const timing = ANSWER_TIMING[request.radio];

    const received: Uint8Array[] = [];
    // An nRF24 answer goes on the air to the address of the DTU that asked (the request's bytes 5..8), and
    // our transceiver listens on its own address only. The CMT2300A has no address filter: it hears every
    // answer, and the engine judges bytes 5..8 (an HM names itself there, an HMS the DTU).
    const heard =
      request.radio === 'CMT' ||
      this.#dtuAddress === undefined ||
      readAddress(request.frame, 5) === this.#dtuAddress;
    // Only the addressee acts on a frame, so chance is drawn for it alone.
    for (const inverter of this.#plant.addressees(request.radio, request.frame)) {
      if (this.#faultRandom.chance(either(this.#faults.packetLoss, weak))) {
        inverter.advanceTo(now);
        continue;
      }
      const answer = inverter.receive(request.frame, now, channel);
      if (answer === null || !heard) continue;
      answer.forEach((fragment, i) => {
        // Fragments that would arrive after the window closes are not heard.
        if (timing.firstMs + i * timing.everyMs > request.windowMs) return;
        if (this.#faultRandom.chance(either(this.#faults.fragmentLoss, weak))) return;
        received.push(this.#faultRandom.chance(this.#faults.corruption) ? this.#corrupt(fragment) : fragment);
      });
    }
    return received;
  }

  /** A copy with one byte changed; CRC8 catches every single-byte error (x^8 + 1 has no factor below x^8). */
  #corrupt(fragment: Uint8Array): Uint8Array {
    const copy = fragment.slice();
    const at = Math.floor(this.#faultRandom.next() * copy.length);
    const flip = 1 + Math.floor(this.#faultRandom.next() * 255);
    copy[at] = (copy[at] ?? 0) ^ flip;
    return copy;
  }
}

/** Extra loss per frame from a low transmit power (nRF PA level, CMT dBm), when `weakSignal` is on. */
export function weakSignalLoss(
  faults: Required<SimulatedFaults>,
  radio: RadioKind,
  settings: RadioSettings,
): number {
  if (!faults.weakSignal) return 0;
  if (radio === 'NRF24') {
    const level = Math.min(3, Math.max(0, Math.round(settings.nrfPaLevel)));
    return NRF_WEAK_SIGNAL_LOSS[level as 0 | 1 | 2 | 3];
  }
  return Math.min(1, Math.max(0, (10 - settings.cmtPaLevel) / 20)) * 0.02;
}

export function withDefaults(faults: SimulatedFaults | undefined): Required<SimulatedFaults> {
  const p = (value: number | undefined) => Math.min(1, Math.max(0, value ?? 0));
  return {
    packetLoss: p(faults?.packetLoss),
    fragmentLoss: p(faults?.fragmentLoss),
    corruption: p(faults?.corruption),
    weakSignal: faults?.weakSignal ?? true,
    lowLightTruncation: p(faults?.lowLightTruncation),
  };
}

/** Probability that at least one of two independent losses happens. */
export function either(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
}
