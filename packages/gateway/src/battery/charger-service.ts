/**
 * The solar charge controllers (MPPTs) as one start/stop unit: one source per controller (a VE.Direct
 * line each, or one MQTT or simulated source), each with what it reports (source-state.ts). The total
 * solar power sums the controllers whose reading is fresh. A saved `solarcharger` section replaces them.
 */
import type { SolarChargerStatus, SolarChargerUnit } from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import { SectionFollower } from '../config/section-follower';
import type { ConfigStore } from '../config/store';
import type { Logger } from '../system/logger';
import { validateCharger } from './reading';
import { SourceState } from './source-state';
import { type BatterySourceFactory, type ChargerSection, makeChargerSources } from './sources/factory';
import type { BatteryProblem, ChargerReading, ChargerSource } from './types';

export interface SolarChargerServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  log: Logger;
  factory: BatterySourceFactory;
}

interface Unit {
  source: ChargerSource;
  state: SourceState<ChargerReading>;
  product: string | undefined;
}

export class SolarChargerService implements Service {
  readonly name = 'solarcharger';
  readonly #options: SolarChargerServiceOptions;
  readonly #log: Logger;
  #section: ChargerSection;
  #units: Unit[] = [];
  #problem: BatteryProblem | undefined;
  readonly #follower: SectionFollower;
  #running = false;

  constructor(options: SolarChargerServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'solarcharger' });
    this.#follower = new SectionFollower({
      bus: options.bus,
      // An MQTT change decides whether the gateway's connection can carry the source's topics.
      watches: (section) =>
        section === 'solarcharger' || (section === 'mqtt' && this.#section.source === 'mqtt'),
      apply: () => this.#apply(),
      failed: (error) => this.#log.warn({ err: error }, 'Charge controller settings not applied'),
    });
    this.#section = options.config.get('solarcharger');
  }

  async start(): Promise<void> {
    this.#running = true;
    await this.#follower.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#follower.stop();
    await this.#stopSources();
  }

  /** GET /api/solarcharger/status. */
  status(): SolarChargerStatus {
    const section = this.#section;
    const chargers: SolarChargerUnit[] = this.#units.map(({ source, state, product }) => {
      const view = state.view(section.stale_after_s);
      const r = view.reading;
      return {
        id: source.id,
        product: product ?? null,
        solar_power: r?.solarPowerW ?? null,
        battery_voltage: r?.batteryVoltageV ?? null,
        battery_current: r?.batteryCurrentA ?? null,
        charge_state: r?.chargeState ?? null,
        data_age: view.ageMs ?? null,
        stale: view.stale,
        frames_ok: view.framesOk,
        frames_bad: view.framesBad,
        problem: view.problem ?? null,
      };
    });
    const fresh = chargers.filter((c) => !c.stale && c.solar_power !== null);
    return {
      enabled: section.enabled,
      source: section.source,
      simulated: section.enabled && section.source === 'simulated' && this.#units.length > 0,
      total_solar_power:
        fresh.length === 0
          ? null
          : Math.round(fresh.reduce((sum, c) => sum + (c.solar_power ?? 0), 0) * 10) / 10,
      chargers,
      problem: section.enabled
        ? (this.#problem ?? null)
        : { code: 'disabled', detail: 'The charge controllers are switched off' },
    };
  }

  /** The charge controllers' present solar power, W, or undefined when none reports a fresh value. */
  solarPowerW(): number | undefined {
    return this.status().total_solar_power ?? undefined;
  }

  async #apply(): Promise<void> {
    await this.#stopSources();
    if (!this.#running) return;
    const section = this.#options.config.get('solarcharger');
    this.#section = section;
    this.#problem = undefined;
    if (!section.enabled) return;
    const sources = makeChargerSources(section, this.#options.factory);
    if ('problem' in sources) {
      this.#problem = sources.problem;
      this.#log.warn(`Charge controller: ${sources.problem.detail}`);
      return;
    }
    const units = sources.map((source) => {
      const unit: Unit = {
        source,
        product: undefined,
        state: new SourceState(this.#options.factory.clock, validateCharger, (problem) =>
          this.#log.warn(`Charge controller ${source.id}: ${problem.detail}`),
        ),
      };
      return unit;
    });
    this.#units = units;
    for (const unit of units) {
      const current = () => this.#units === units;
      unit.source.start({
        reading: ({ product, ...reading }) => {
          if (!current()) return;
          if (product !== undefined) unit.product = product;
          unit.state.reading(reading);
        },
        problem: (problem) => current() && unit.state.problem(problem),
        frame: (ok) => current() && unit.state.frame(ok),
      });
    }
  }

  async #stopSources(): Promise<void> {
    const units = this.#units;
    this.#units = [];
    await Promise.all(units.map((unit) => unit.source.stop()));
  }
}
