/**
 * The meter as one start/stop unit: runs the one configured source, keeps its last reading and problem,
 * and answers the limiter (MeterFeed) and the API. A saved `powermeter` section replaces the source at
 * once. "Read now" runs an unsaved section's source once, beside the running one.
 */
import type { Clock } from '@dtu-console/clock';
import { PowerMeterLimits } from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import { SectionFollower } from '../config/section-follower';
import type { ConfigStore } from '../config/store';
import type { Plant } from '../plant';
import type { Logger } from '../system/logger';
import { posixRuleOf } from '../system/zones';
import { type MeterSourceFactory, makeSource } from './sources/factory';
import type { MqttTap } from './sources/mqtt';
import type { MeterSource, PowerMeterSection } from './sources/source';
import type { SpeedwireOptions } from './sources/speedwire';
import type { MeterFeed, MeterProblem, MeterReading, MeterStatus } from './types';

export interface MeterServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  plant: Plant;
  log: Logger;
  /** The gateway's MQTT connection, for sources that use it. */
  mqtt?: MqttTap;
  /** Seed of the simulated house. */
  seed?: string;
  /** Where the Speedwire source listens; UDP 9522 on every interface unless a test says otherwise. */
  speedwire?: SpeedwireOptions;
}

/** Problems that are no answer yet for "read now": a reading may still come. */
const NOT_FINAL = new Set(['disconnected', 'multicast-join', 'no-reading']);

export type ReadNowResult = { ok: true; reading: MeterReading } | { ok: false; problem: MeterProblem };

/** The serial device a section reads, if any (a read head, a Modbus RTU adapter). */
function serialDeviceOf(section: PowerMeterSection): string | undefined {
  if (!section.enabled) return undefined;
  if (section.source === 'sml_serial') return section.sml_serial.device;
  if (section.source === 'modbus' && section.modbus.transport === 'rtu') return section.modbus.device;
  return undefined;
}

function sameSerialDevice(a: PowerMeterSection, b: PowerMeterSection): boolean {
  const device = serialDeviceOf(a);
  return device !== undefined && device === serialDeviceOf(b);
}

/** Whether an inverter's output is part of what the meter measures (the limiter's setting). */
export type BehindMeter = (serial: string) => boolean;

export class MeterService implements Service, MeterFeed {
  readonly name = 'meter';
  readonly #options: MeterServiceOptions;
  readonly #log: Logger;
  readonly #listeners = new Set<(reading: MeterReading) => void>();
  #source: MeterSource | undefined;
  #section: PowerMeterSection;
  #reading: MeterReading | undefined;
  #problem: MeterProblem | undefined;
  #behindMeter: BehindMeter = () => true;
  readonly #follower: SectionFollower;
  #running = false;

  constructor(options: MeterServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'meter' });
    this.#follower = new SectionFollower({
      bus: options.bus,
      // A gateway MQTT change decides whether its connection can carry the meter's topics.
      watches: (section) =>
        section === 'powermeter' || (section === 'mqtt' && this.#section.source === 'mqtt'),
      apply: () => this.#apply(),
      failed: (error) => this.#log.warn({ err: error }, 'Meter settings not applied'),
    });
    this.#section = options.config.get('powermeter');
  }

  async start(): Promise<void> {
    this.#running = true;
    await this.#follower.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#follower.stop();
    await this.#stopSource();
  }

  /**
   * Which inverters' output the meter sees (the limiter marks them; until then all). Only the simulated
   * meter uses it: a real meter measures whatever is behind it.
   */
  setBehindMeter(filter: BehindMeter | undefined): void {
    this.#behindMeter = filter ?? (() => true);
  }

  onReading(listener: (reading: MeterReading) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  status(): MeterStatus {
    const section = this.#section;
    const source = section.enabled ? section.source : 'none';
    if (source === 'none')
      return {
        source,
        valid: false,
        problem: { code: 'disabled', detail: 'No meter source is switched on' },
      };
    const reading = this.#reading;
    if (!reading) {
      return {
        source,
        valid: false,
        problem: this.#problem ?? { code: 'no-reading', detail: 'Waiting for the first reading' },
      };
    }
    const ageMs = Math.max(0, this.#options.clock.now() - reading.atMs);
    const valid = ageMs <= section.max_age * 1000;
    const problem =
      this.#problem ??
      (valid
        ? undefined
        : {
            code: 'stale',
            detail: `Last reading ${Math.round(ageMs / 1000)} s old (max ${section.max_age} s)`,
          });
    return { source, valid, reading, ageMs, ...(problem ? { problem } : {}) };
  }

  /** Runs `section`'s source until its first reading or problem (or the wait runs out), then stops it. */
  async readNow(section: PowerMeterSection): Promise<ReadNowResult> {
    if (!section.enabled || section.source === 'none') {
      return { ok: false, problem: { code: 'disabled', detail: 'No meter source is switched on' } };
    }
    // A serial line the running source holds is locked for a second opener: read it through the running one.
    if (this.#source && sameSerialDevice(section, this.#section)) return this.#nextReading();
    const source = this.#make(section);
    if ('problem' in source) return { ok: false, problem: source.problem };
    const waitMs =
      section.source === 'http'
        ? section.http_json.http_request.timeout + 1000
        : section.source === 'http_sml'
          ? section.http_sml.http_request.timeout + 1000
          : PowerMeterLimits.readNowWaitMs;
    let timer: NodeJS.Timeout | undefined;
    const result = await new Promise<ReadNowResult>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            ok: false,
            problem: { code: 'timeout', detail: `No reading within ${waitMs / 1000} s` },
          }),
        waitMs,
      );
      source.start({
        reading: (reading) => resolve({ ok: true, reading }),
        problem: (problem) => {
          // Waiting for the shared broker's connection, or multicast that cannot be joined, is no answer
          // yet: a message may still come.
          if (!NOT_FINAL.has(problem.code)) resolve({ ok: false, problem });
        },
      });
    });
    clearTimeout(timer);
    await source.stop();
    return result;
  }

  /** The running source's next reading, or its problem when none comes in time. */
  async #nextReading(): Promise<ReadNowResult> {
    let stop = () => {};
    let timer: NodeJS.Timeout | undefined;
    const result = await new Promise<ReadNowResult>((resolve) => {
      stop = this.onReading((reading) => resolve({ ok: true, reading }));
      timer = setTimeout(() => {
        const { problem } = this.status();
        resolve({
          ok: false,
          problem: problem ?? { code: 'timeout', detail: 'No reading within 5 s' },
        });
      }, PowerMeterLimits.readNowWaitMs);
    });
    stop();
    clearTimeout(timer);
    return result;
  }

  #make(section: PowerMeterSection): MeterSource | { problem: MeterProblem } {
    const { plant, clock, config, mqtt } = this.#options;
    const factory: MeterSourceFactory = {
      clock,
      ...(mqtt ? { mqtt } : {}),
      simulated: plant.radio.status().simulated === true,
      seed: this.#options.seed ?? 'dtu-console',
      timezone: () => {
        const ntp = config.get('ntp');
        return posixRuleOf(ntp.timezone, ntp.timezone_descr);
      },
      productionW: () => this.#productionW(),
      ...(this.#options.speedwire ? { speedwire: this.#options.speedwire } : {}),
    };
    return makeSource(section, factory);
  }

  /** What the inverters behind the meter deliver now: the simulation's true output where it is known. */
  #productionW(): number {
    const { radio, live } = this.#options.plant;
    const inspect =
      'inspect' in radio && typeof radio.inspect === 'function' ? radio.inspect.bind(radio) : undefined;
    let sum = 0;
    for (const inverter of live.inverters()) {
      if (!this.#behindMeter(inverter.serial)) continue;
      const truth = inspect?.(inverter.serial) as { acPowerW?: number } | undefined;
      sum += truth?.acPowerW ?? (inverter.reachable ? inverter.values.ac.power : 0);
    }
    return sum;
  }

  async #apply(): Promise<void> {
    await this.#stopSource();
    if (!this.#running) return;
    const section = this.#options.config.get('powermeter');
    this.#section = section;
    this.#reading = undefined;
    this.#problem = undefined;
    if (!section.enabled || section.source === 'none') return;
    const source = this.#make(section);
    if ('problem' in source) {
      this.#problem = source.problem;
      return;
    }
    this.#source = source;
    source.start({
      reading: (reading) => this.#onReading(source, reading),
      problem: (problem) => this.#onProblem(source, problem),
    });
  }

  async #stopSource(): Promise<void> {
    const source = this.#source;
    this.#source = undefined;
    await source?.stop();
  }

  #onReading(source: MeterSource, reading: MeterReading): void {
    if (source !== this.#source) return;
    this.#reading = reading;
    this.#problem = undefined;
    for (const listener of this.#listeners) listener(reading);
  }

  #onProblem(source: MeterSource, problem: MeterProblem): void {
    if (source !== this.#source) return;
    if (this.#problem?.code !== problem.code) this.#log.warn(`Meter: ${problem.detail}`);
    this.#problem = problem;
  }
}
