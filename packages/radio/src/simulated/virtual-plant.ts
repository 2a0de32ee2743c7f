/**
 * The virtual plant: the sky and the set of virtual inverters under it, kept in step with the configured
 * inverters. Both the simulated radio and the virtual air behind the chip models (`radio/model/`) put
 * these inverters on the other side of their air, so the plant is written once here.
 */

import type { Clock } from '@dtu-console/clock';
import { familyOfSerial, normalizeSerial, type RadioKind } from '@dtu-console/hoymiles';
import type { RadioSettings } from '../radio';
import type { DcFeed } from './energy';
import { type Location, Sky } from './physics';
import type { Random } from './random';
import { DEFAULT_CHANNEL_CHANGE_DELAY_MS } from './tuning';
import {
  VirtualInverter,
  type VirtualInverterEnvironment,
  type VirtualInverterSnapshot,
} from './virtual-inverter';

/** A fault put on one virtual inverter (see VirtualPlant.setInverterFault). */
export interface InverterFault {
  silent?: boolean;
  shading?: [channel: number, factor: number];
  raise?: number;
  end?: number;
  /**
   * HMS/HMT: another DTU told it to listen on this frequency (Hz) and keeps talking to it there, so it
   * never falls back to its start-up frequency; only a channel change it hears moves it again.
   */
  movedByAnotherDtuHz?: number;
}

export interface VirtualPlantOptions {
  clock: Clock;
  /** The plant's streams are forked from it ('sky', 'inverters'), so other users keep their own. */
  random: Random;
  /** The plant's location (the configured sun location); read at every step, so it may change. */
  location: () => Location;
  /** The DTU settings as last configured (country, CMT frequency). */
  settings: () => RadioSettings | undefined;
  /** Probability that a run-data answer in marginal light is truncated. */
  lowLightTruncation: () => number;
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

/** The channel a frame is heard on, as `VirtualInverter.receive` takes it. */
export interface HeardOn {
  radio: RadioKind;
  frequencyHz?: number;
}

export class VirtualPlant {
  readonly #clock: Clock;
  readonly #inverterRandom: Random;
  readonly #sky: Sky;
  readonly #inverters = new Map<string, VirtualInverter>();
  readonly #environment: VirtualInverterEnvironment;
  readonly #settings: () => RadioSettings | undefined;
  /** DC feeds by serial: kept for inverters configured later, or removed and added again. */
  readonly #feeds = new Map<string, DcFeed>();
  /** setInverters has run once: later inverters are new to the running plant. */
  #started = false;

  constructor(options: VirtualPlantOptions) {
    this.#clock = options.clock;
    this.#settings = options.settings;
    this.#inverterRandom = options.random.fork('inverters');
    this.#sky = new Sky({
      random: options.random.fork('sky'),
      ...(options.cloudiness === undefined ? {} : { cloudiness: options.cloudiness }),
    });
    const delayMs = options.channelChangeDelayMs ?? DEFAULT_CHANNEL_CHANGE_DELAY_MS;
    this.#environment = {
      location: options.location,
      country: () => this.#settings()?.cmtCountry ?? 0,
      lowLightTruncation: options.lowLightTruncation,
      channelChangeDelayMs: () => delayMs,
    };
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
    const settings = this.#settings();
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
      const inverter = new VirtualInverter({
        serial,
        family: familyOfSerial(serial)!,
        ...(spec.maxPowerW === undefined ? {} : { maxPowerW: spec.maxPowerW }),
        random: this.#inverterRandom.fork(serial),
        sky: this.#sky,
        environment: this.#environment,
        now,
      });
      if (atStart && settings?.cmtEnabled) inverter.assumeTunedTo(settings.cmtFrequencyHz, now);
      const feed = this.#feeds.get(serial);
      if (feed) inverter.setFeed(feed, now);
      this.#inverters.set(serial, inverter);
    }
  }

  /** The true state of a virtual inverter at the clock's now (tests, debugging); undefined if unknown. */
  inspect(serial: string): VirtualInverterSnapshot | undefined {
    return this.#find(serial)?.inspect(this.#clock.now());
  }

  /**
   * Faults of one inverter (tests, debugging): `silent` it answers nothing; `shading` [channel, factor]
   * gives one input that share of its light; `raise`/`end` an event id in its log. False if unknown.
   */
  setInverterFault(serial: string, fault: InverterFault): boolean {
    const inverter = this.#find(serial);
    if (!inverter) return false;
    const now = this.#clock.now();
    if (fault.silent !== undefined) inverter.setSilent(fault.silent);
    if (fault.shading) inverter.setShading(fault.shading[0], fault.shading[1], now);
    if (fault.raise !== undefined) inverter.raiseEvent(fault.raise, now);
    if (fault.end !== undefined) inverter.endEvent(fault.end, now);
    if (fault.movedByAnotherDtuHz !== undefined) inverter.holdFrequency(fault.movedByAnotherDtuHz, now);
    return true;
  }

  /**
   * Feeds one inverter's inputs from a DC source (a battery bus) instead of its modules, now or once it is
   * configured; undefined gives them back to the modules. False if no such inverter runs now.
   */
  setFeed(serial: string, feed: DcFeed | undefined): boolean {
    const normalized = normalizeSerial(serial);
    if (normalized === undefined) return false;
    if (feed) this.#feeds.set(normalized, feed);
    else this.#feeds.delete(normalized);
    const inverter = this.#inverters.get(normalized);
    inverter?.setFeed(feed, this.#clock.now());
    return inverter !== undefined;
  }

  /** The inverters a frame is addressed to (bytes 1..4) on that radio: two serials may share an address. */
  addressees(radio: RadioKind, frame: Uint8Array): VirtualInverter[] {
    if (frame.length < 5) return [];
    const target = readAddress(frame, 1);
    return [...this.#inverters.values()].filter((i) => i.radio === radio && i.address === target);
  }

  /** Radio addresses of the plant's inverters on `radio` (their radios acknowledge what is sent to them). */
  addresses(radio: RadioKind): number[] {
    return [...this.#inverters.values()].filter((i) => i.radio === radio).map((i) => i.address);
  }

  /**
   * The responder behind a virtual air (`VirtualInverter.receive`'s shape): the addressee answers if it
   * listens where the frame was sent; `hears` may drop the request first (a lost frame).
   */
  responder(hears: (radio: RadioKind) => boolean = () => true) {
    return (frame: Uint8Array, now: number, channel: HeardOn): Uint8Array[] | null => {
      let answers: Uint8Array[] | null = null;
      for (const inverter of this.addressees(channel.radio, frame)) {
        if (!hears(channel.radio)) {
          inverter.advanceTo(now);
          continue;
        }
        // Two inverters answering at once garble each other on the air: both answers go out.
        const answer = inverter.receive(frame, now, channel);
        if (answer !== null) answers = [...(answers ?? []), ...answer];
      }
      return answers;
    };
  }

  #find(serial: string): VirtualInverter | undefined {
    const normalized = normalizeSerial(serial);
    return normalized === undefined ? undefined : this.#inverters.get(normalized);
  }
}

/** The 32-bit radio address at `offset` of a frame (big-endian, as frames carry it). */
export function readAddress(frame: Uint8Array, offset: number): number {
  return (
    (((frame[offset] ?? 0) << 24) |
      ((frame[offset + 1] ?? 0) << 16) |
      ((frame[offset + 2] ?? 0) << 8) |
      (frame[offset + 3] ?? 0)) >>>
    0
  );
}
