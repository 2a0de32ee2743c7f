/**
 * The power limiter service (docs/limiter.md): the controller on a 1 s tick and on every meter reading,
 * its settings in the `powerlimiter` config section, the open leases kept in the data directory, the
 * trace of the last minutes, and what routes and MQTT ask of it.
 */
import type { Clock } from '@dtu-console/clock';
import {
  normalizeLimitType,
  type PowerLimiterConfig,
  type PowerLimiterConfigPayload,
  type PowerLimiterEnergy,
  PowerLimiterLimits,
  type PowerLimiterMode,
  type PowerLimiterStatus,
  type PowerLimiterTrace,
  parseHexSerial,
} from '@dtu-console/contract';
import { isRelativeLimit } from '@dtu-console/hoymiles';
import type { EventBus, Service } from '../bus';
import type { ConfigStore, SaveOutcome } from '../config/store';
import type { LiveModel } from '../engine/live-model';
import type { MeterFeed } from '../powermeter/types';
import type { Logger } from '../system/logger';
import { localTime } from '../system/timezone';
import { posixRuleOf } from '../system/zones';
import type { BatteryFeed } from './battery-governor';
import { CommandCount } from './command-count';
import { LimiterController } from './controller';
import { EnergyToday } from './energy-today';
import type { GridSignalFeed } from './feed-in';
import { LeaseFile } from './lease-file';
import type { InverterPort } from './port';
import { LimiterTrace } from './trace';

/** How often staleness, command ends and leases are checked between readings. */
export const LIMITER_TICK_MS = 1000;

export interface LimiterServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  live: LiveModel;
  port: InverterPort;
  /** The house meter; undefined while no meter is configured (the limiter waits for one). */
  meter: MeterFeed | undefined;
  log: Logger;
  /** Where the open leases are kept across restarts; without it they live in memory only. */
  dataDir?: string;
  /** The grid operator's signal (src/grid-signal/); without it the signal counts as off. */
  gridSignal?: GridSignalFeed;
  /** The battery, its charge controllers and the night (src/battery/); without it battery-fed inverters rest. */
  battery?: BatteryFeed;
}

/** The sum of the configured inverters' strings' max_power, Wp. */
export function stringsPowerWp(config: ConfigStore): number {
  let sum = 0;
  for (const slot of config.get('inverters')) {
    if (slot.serial === 0) continue;
    for (const channel of slot.channel) sum += channel.max_power;
  }
  return sum;
}

/** The local date (YYYY-MM-DD) of `epochMs` in the configured time zone. */
function localDate(config: ConfigStore, epochMs: number): string {
  const ntp = config.get('ntp');
  const t = localTime(posixRuleOf(ntp.timezone, ntp.timezone_descr), epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.year}-${two(t.month)}-${two(t.day)}`;
}

export class LimiterService implements Service {
  readonly name = 'powerlimiter';
  readonly #options: LimiterServiceOptions;
  readonly #controller: LimiterController;
  readonly #commandCount = new CommandCount();
  readonly #leaseFile: LeaseFile | undefined;
  readonly #trace = new LimiterTrace(PowerLimiterLimits.traceWindowMs, PowerLimiterLimits.traceSpacingMs);
  readonly #energy: EnergyToday;
  /** The lease change count last written. */
  #leasesSaved = 0;
  #cancelTick: (() => void) | undefined;
  #unsubscribe: (() => void) | undefined;
  #running = false;
  #evaluating = false;
  /** The run-time mode (MQTT); not stored: a restart is normal. */
  #mode: PowerLimiterMode = 'normal';

  constructor(options: LimiterServiceOptions) {
    this.#options = options;
    const log = options.log.child({ component: 'powerlimiter' });
    this.#controller = new LimiterController({
      clock: options.clock,
      port: this.#commandCount.wrap(options.port),
      meter: options.meter,
      settings: () => options.config.get('powerlimiter'),
      log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
      ...(options.gridSignal ? { gridSignal: options.gridSignal } : {}),
      stringsPowerWp: () => stringsPowerWp(options.config),
      ...(options.battery ? { battery: options.battery } : {}),
      mode: () => this.#mode,
    });
    this.#leaseFile = options.dataDir === undefined ? undefined : new LeaseFile(options.dataDir, log);
    this.#energy = new EnergyToday({
      localDate: (epochMs) => localDate(options.config, epochMs),
      holdMaxMs: PowerLimiterLimits.energyHoldMaxMs,
    });
  }

  async start(): Promise<void> {
    const kept = (await this.#leaseFile?.load()) ?? [];
    this.#controller.restoreLeases(kept);
    this.#leasesSaved = this.#controller.leases().changes;
    this.#running = true;
    const offMeter = this.#options.meter?.onReading(() => this.#evaluate());
    // A new signal step is acted on at once, not on the next tick.
    const offSignal = this.#options.gridSignal?.onChange(() => this.#evaluate());
    this.#unsubscribe = () => {
      offMeter?.();
      offSignal?.();
    };
    this.#tick();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#cancelTick?.();
    this.#unsubscribe?.();
    await this.#leaseFile?.flushed();
  }

  config(): PowerLimiterConfig {
    const stored = this.#options.config.get('powerlimiter');
    const signal = stored.grid_signal;
    return {
      ...stored,
      inverters: stored.inverters.map((inv) => ({ ...inv })),
      feed_in_cap: { ...stored.feed_in_cap },
      battery: { ...stored.battery, passthrough: { ...stored.battery.passthrough } },
      grid_signal: {
        ...signal,
        gpio: { ...signal.gpio, lines: [...signal.gpio.lines] },
        mqtt: { ...signal.mqtt },
        steps: [...signal.steps],
      },
    };
  }

  /** Saves validated settings; serials are stored in the live model's form. */
  save(values: PowerLimiterConfigPayload): Promise<SaveOutcome> {
    const stored = this.#options.config.get('powerlimiter');
    const inverters = values.inverters.map((inv) => {
      const serial = this.#options.live.inverter(Number(parseHexSerial(inv.serial)))?.serial ?? inv.serial;
      // Left out by an older client: the role it had, else solar.
      const role = inv.role ?? stored.inverters.find((known) => known.serial === serial)?.role ?? 'solar';
      return { ...inv, serial, role };
    });
    // Left out by an older client: the stored cap, signal and battery rules stay as they are.
    return this.#options.config.update('powerlimiter', {
      ...values,
      inverters,
      feed_in_cap: values.feed_in_cap ?? stored.feed_in_cap,
      grid_signal: values.grid_signal ?? stored.grid_signal,
      battery: values.battery ?? stored.battery,
    });
  }

  /** The sum of the configured strings' max_power, Wp: the module power when none is set. */
  stringsPowerWp(): number {
    return stringsPowerWp(this.#options.config);
  }

  status(): PowerLimiterStatus {
    return this.#controller.status();
  }

  /** Read-only, for metrics: limit commands sent per inverter since the start (all non-persistent). */
  commandsSent(): ReadonlyMap<string, number> {
    return this.#commandCount.totals();
  }

  /** The last minutes of grid power, production and limit. */
  trace(): PowerLimiterTrace {
    return this.#trace.snapshot(this.#options.clock.now());
  }

  /** Today's energy drawn and fed in at the grid point, and charged and discharged by the battery. */
  energy(): PowerLimiterEnergy {
    return this.#energy.snapshot(this.#options.clock.now());
  }

  /** MQTT's enable switch. */
  setEnabled(enabled: boolean): Promise<SaveOutcome> {
    return this.#options.config.update('powerlimiter', {
      ...this.#options.config.get('powerlimiter'),
      enabled,
    });
  }

  /** MQTT's mode (validated there): applied at once, not stored. */
  setMode(mode: PowerLimiterMode): void {
    if (mode === this.#mode) return;
    this.#options.log
      .child({ component: 'powerlimiter' })
      .info(`Power limiter mode: ${this.#mode} → ${mode}`);
    this.#mode = mode;
    this.#evaluate();
  }

  /** MQTT's target number (validated there), W. */
  setTarget(targetW: number): Promise<SaveOutcome> {
    const current = this.#options.config.get('powerlimiter');
    return this.#options.config.update('powerlimiter', { ...current, target_power_consumption: targetW });
  }

  /** A limit sent by hand through the API: remembered for when the limiter lets go, leased if asked. */
  handLimit(serial: string, value: number, limitType: number, expiryS: number | undefined): void {
    const type = normalizeLimitType(limitType);
    if (type === undefined) return;
    const wire = this.#options.live.inverter(Number(parseHexSerial(serial)))?.serial ?? serial;
    this.#controller.handLimit(wire, { value, relative: isRelativeLimit(type) }, expiryS);
    this.#saveLeases();
  }

  #tick(): void {
    if (!this.#running) return;
    this.#evaluate();
    this.#cancelTick = this.#options.clock.setTimer(LIMITER_TICK_MS, () => this.#tick());
  }

  #evaluate(): void {
    // A command makes the engine publish at once; never decide again from inside a decision.
    if (this.#evaluating || !this.#running) return;
    this.#evaluating = true;
    try {
      this.#controller.evaluate();
    } finally {
      this.#evaluating = false;
    }
    this.#saveLeases();
    this.#recordTrace();
    this.#countEnergy();
    this.#options.bus.emit('powerlimiter:evaluated');
  }

  #saveLeases(): void {
    const { list, changes } = this.#controller.leases();
    if (!this.#leaseFile || changes === this.#leasesSaved) return;
    this.#leasesSaved = changes;
    void this.#leaseFile.save(list);
  }

  /** The grid's and the battery's power of this pass, held until the next (energy-today.ts). */
  #countEnergy(): void {
    const meter = this.#options.meter?.status();
    const reading = meter?.valid === true ? meter.reading : undefined;
    const battery = this.#options.battery?.().battery;
    const counters =
      reading?.importWh !== undefined && reading.exportWh !== undefined
        ? { inWh: reading.importWh, outWh: reading.exportWh }
        : undefined;
    this.#energy.sample(this.#options.clock.now(), {
      gridW: reading ? reading.powerW : null,
      ...(counters ? { gridCounters: counters } : {}),
      batteryW: battery && !battery.stale ? battery.power : null,
    });
  }

  #recordTrace(): void {
    const now = this.#options.clock.now();
    if (!this.#trace.due(now)) return;
    const status = this.#controller.status();
    let limit: number | null = null;
    for (const inv of status.inverters) {
      if (inv.governed && inv.limit_w !== null) limit = (limit ?? 0) + inv.limit_w;
    }
    this.#trace.record({
      time: now,
      grid_power: this.#options.meter?.status().valid === true ? status.grid_power : null,
      production: this.#options.live.totals().acPowerW,
      limit,
    });
  }
}
