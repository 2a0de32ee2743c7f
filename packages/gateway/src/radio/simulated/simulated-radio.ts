/**
 * The simulated radio: both transceivers (nRF24 for HM/HERF, CMT2300A for HMS/HMT) with virtual inverters
 * on the other side of the air. transmit() answers at once with what would arrive within the answer
 * window; time comes only from the injected clock and chance only from the injected random, so a test can
 * run a simulated day in milliseconds and the same seed gives the same frames.
 */
import { addressOfSerial, familyOfSerial, normalizeSerial, type RadioKind } from '@dtu-console/hoymiles';
import type { Clock } from '../../system/clock';
import type { Radio, RadioRequest, RadioSettings, RadioStatus } from '../radio';
import { type Location, Sky } from './physics';
import type { Random } from './random';
import { DEFAULT_CHANNEL_CHANGE_DELAY_MS } from './tuning';
import {
  VirtualInverter,
  type VirtualInverterEnvironment,
  type VirtualInverterSnapshot,
} from './virtual-inverter';

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

export interface SimulatedInverterSpec {
  serial: string;
  /** Peak power per DC input in W (the inverter's channel max_power); 0 = unknown, a default is used. */
  maxPowerW?: number[];
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
  readonly #inverterRandom: Random;
  readonly #location: () => Location;
  readonly #sky: Sky;
  readonly #inverters = new Map<string, VirtualInverter>();
  readonly #environment: VirtualInverterEnvironment;
  #faults: Required<SimulatedFaults>;
  #channelChangeDelayMs: number;
  #settings: RadioSettings | undefined;
  /** setInverters has run once: later inverters are new to the running plant. */
  #started = false;
  #dtuAddress: number | undefined;
  #running = false;

  constructor(options: SimulatedRadioOptions) {
    this.#clock = options.clock;
    this.#location = options.location;
    // Separate streams: lost frames do not shift the clouds, a new inverter does not shift the losses.
    this.#faultRandom = options.random.fork('faults');
    this.#inverterRandom = options.random.fork('inverters');
    this.#sky = new Sky({
      random: options.random.fork('sky'),
      ...(options.cloudiness === undefined ? {} : { cloudiness: options.cloudiness }),
    });
    this.#faults = withDefaults(options.faults);
    this.#channelChangeDelayMs = options.channelChangeDelayMs ?? DEFAULT_CHANNEL_CHANGE_DELAY_MS;
    this.#environment = {
      location: () => this.#location(),
      country: () => this.#settings?.cmtCountry ?? 0,
      lowLightTruncation: () => this.#faults.lowLightTruncation,
      channelChangeDelayMs: () => this.#channelChangeDelayMs,
    };
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

  /**
   * The configured inverters. Inverters that stay keep their state (yields, limits, frequency); new ones
   * start with a day of history; serials of no known family are left out, as OpenDTU refuses them.
   */
  setInverters(specs: readonly SimulatedInverterSpec[]): void {
    const now = this.#clock.now();
    // The first inverters are the plant the gateway starts with: those already running are on its frequency.
    const atStart = !this.#started;
    this.#started = true;
    const wanted = new Map<string, SimulatedInverterSpec>();
    for (const spec of specs) {
      const serial = normalizeSerial(spec.serial);
      if (serial !== undefined && familyOfSerial(serial) !== undefined) wanted.set(serial, spec);
    }
    for (const serial of [...this.#inverters.keys()]) {
      if (!wanted.has(serial)) this.#inverters.delete(serial);
    }
    for (const [serial, spec] of wanted) {
      const existing = this.#inverters.get(serial);
      if (existing) {
        existing.setMaxPower(spec.maxPowerW);
        continue;
      }
      const family = familyOfSerial(serial)!;
      const inverter = new VirtualInverter({
        serial,
        family,
        ...(spec.maxPowerW === undefined ? {} : { maxPowerW: spec.maxPowerW }),
        random: this.#inverterRandom.fork(serial),
        sky: this.#sky,
        environment: this.#environment,
        now,
      });
      if (atStart && this.#settings?.cmtEnabled) inverter.assumeTunedTo(this.#settings.cmtFrequencyHz, now);
      this.#inverters.set(serial, inverter);
    }
  }

  /** The true state of a virtual inverter at the clock's now (tests, debugging); undefined if unknown. */
  inspect(serial: string): VirtualInverterSnapshot | undefined {
    const normalized = normalizeSerial(serial);
    const inverter = normalized === undefined ? undefined : this.#inverters.get(normalized);
    return inverter?.inspect(this.#clock.now());
  }

  /**
   * Faults of one inverter (tests, debugging): `silent` it answers nothing; `shading` [channel, factor]
   * gives one input that share of its light; `raise`/`end` an event id in its log. False if unknown.
   */
  setInverterFault(
    serial: string,
    fault: { silent?: boolean; shading?: [number, number]; raise?: number; end?: number },
  ): boolean {
    const normalized = normalizeSerial(serial);
    const inverter = normalized === undefined ? undefined : this.#inverters.get(normalized);
    if (!inverter) return false;
    const now = this.#clock.now();
    if (fault.silent !== undefined) inverter.setSilent(fault.silent);
    if (fault.shading) inverter.setShading(fault.shading[0], fault.shading[1], now);
    if (fault.raise !== undefined) inverter.raiseEvent(fault.raise, now);
    if (fault.end !== undefined) inverter.endEvent(fault.end, now);
    return true;
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
    const weak = this.#weakSignalLoss(request.radio, settings);
    const timing = ANSWER_TIMING[request.radio];
    const target = readAddress(request.frame, 1);

    const received: Uint8Array[] = [];
    for (const inverter of this.#inverters.values()) {
      // Only the addressee acts on a frame, so chance is drawn for it alone.
      if (inverter.radio !== request.radio || inverter.address !== target) continue;
      if (this.#faultRandom.chance(either(this.#faults.packetLoss, weak))) {
        inverter.advanceTo(now);
        continue;
      }
      const answer = inverter.receive(request.frame, now, channel);
      if (answer === null) continue;
      answer.forEach((fragment, i) => {
        // Fragments that would arrive after the window closes are not heard.
        if (timing.firstMs + i * timing.everyMs > request.windowMs) return;
        if (this.#faultRandom.chance(either(this.#faults.fragmentLoss, weak))) return;
        // Our transceiver listens on its own DTU address only.
        if (this.#dtuAddress !== undefined && readAddress(fragment, 5) !== this.#dtuAddress) return;
        received.push(this.#faultRandom.chance(this.#faults.corruption) ? this.#corrupt(fragment) : fragment);
      });
    }
    return received;
  }

  #weakSignalLoss(radio: RadioKind, settings: RadioSettings): number {
    if (!this.#faults.weakSignal) return 0;
    if (radio === 'NRF24') {
      const level = Math.min(3, Math.max(0, Math.round(settings.nrfPaLevel)));
      return NRF_WEAK_SIGNAL_LOSS[level as 0 | 1 | 2 | 3];
    }
    return Math.min(1, Math.max(0, (10 - settings.cmtPaLevel) / 20)) * 0.02;
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

function withDefaults(faults: SimulatedFaults | undefined): Required<SimulatedFaults> {
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
function either(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
}

function readAddress(frame: Uint8Array, offset: number): number {
  return (
    (((frame[offset] ?? 0) << 24) |
      ((frame[offset + 1] ?? 0) << 16) |
      ((frame[offset + 2] ?? 0) << 8) |
      (frame[offset + 3] ?? 0)) >>>
    0
  );
}
