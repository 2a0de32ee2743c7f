/**
 * The battery as one start/stop unit: runs the one configured source and keeps what it reports
 * (source-state.ts) for the API, MQTT, Prometheus and the power limiter. A saved `battery` section
 * replaces the source at once; an MQTT change does too when the source reads through that connection.
 */
import type { BatteryStatus } from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import { SectionFollower } from '../config/section-follower';
import type { ConfigStore } from '../config/store';
import type { Logger } from '../system/logger';
import { validateBattery } from './reading';
import { SourceState, type SourceState as State } from './source-state';
import { type BatterySection, type BatterySourceFactory, makeBatterySource } from './sources/factory';
import type { BatteryProblem, BatteryReading, BatterySource } from './types';

export interface BatteryServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  log: Logger;
  factory: BatterySourceFactory;
}

export class BatteryService implements Service {
  readonly name = 'battery';
  readonly #options: BatteryServiceOptions;
  readonly #log: Logger;
  #section: BatterySection;
  #source: BatterySource | undefined;
  #state: State<BatteryReading>;
  readonly #follower: SectionFollower;
  #running = false;

  constructor(options: BatteryServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'battery' });
    this.#follower = new SectionFollower({
      bus: options.bus,
      // An MQTT change decides whether the gateway's connection can carry the source's topics.
      watches: (section) => section === 'battery' || (section === 'mqtt' && this.#section.source === 'mqtt'),
      apply: () => this.#apply(),
      failed: (error) => this.#log.warn({ err: error }, 'Battery settings not applied'),
    });
    this.#section = options.config.get('battery');
    this.#state = this.#newState();
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

  /** GET /api/battery/status. A value the source does not report is null. */
  status(): BatteryStatus {
    const section = this.#section;
    const view = this.#state.view(section.stale_after_s);
    const r = view.reading;
    const off = !section.enabled;
    return {
      enabled: section.enabled,
      source: section.source,
      simulated: section.enabled && section.source === 'simulated' && this.#source !== undefined,
      soc: r?.socPercent ?? null,
      voltage: r?.voltageV ?? null,
      current: r?.currentA ?? null,
      power: r?.powerW ?? null,
      temperature: r?.temperatureC ?? null,
      discharge_current_limit: r?.dischargeCurrentLimitA ?? null,
      charge_current_limit: r?.chargeCurrentLimitA ?? null,
      alarms: r ? [...r.alarms] : [],
      warnings: r ? [...r.warnings] : [],
      data_age: view.ageMs ?? null,
      stale: view.stale,
      frames_ok: view.framesOk,
      frames_bad: view.framesBad,
      problem: off ? { code: 'disabled', detail: 'The battery is switched off' } : (view.problem ?? null),
    };
  }

  #newState(): State<BatteryReading> {
    return new SourceState(this.#options.factory.clock, validateBattery, (problem: BatteryProblem) =>
      this.#log.warn(`Battery: ${problem.detail}`),
    );
  }

  async #apply(): Promise<void> {
    await this.#stopSource();
    if (!this.#running) return;
    const section = this.#options.config.get('battery');
    this.#section = section;
    const state = this.#newState();
    this.#state = state;
    if (!section.enabled) return;
    const source = makeBatterySource(section, this.#options.factory);
    if ('problem' in source) {
      state.problem(source.problem);
      return;
    }
    this.#source = source;
    const current = () => this.#source === source;
    source.start({
      reading: (reading) => current() && state.reading(reading),
      problem: (problem) => current() && state.problem(problem),
      frame: (ok) => current() && state.frame(ok),
    });
  }

  async #stopSource(): Promise<void> {
    const source = this.#source;
    this.#source = undefined;
    await source?.stop();
  }
}
