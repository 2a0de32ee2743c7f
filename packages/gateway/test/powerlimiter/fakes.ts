/** A scripted plant for the limiter's unit tests: inverters that follow at once, a meter set by hand. */

import { ManualClock } from '@dtu-console/clock';
import type { GridSignalStatus, PowerLimiterMode, SetStatus } from '@dtu-console/contract';
import {
  batteryLimiterConfig,
  governedInverter,
  gridSignalStatus,
} from '@dtu-console/contract/powerlimiter/fixtures';
import type { RadioKind } from '@dtu-console/hoymiles';
import type { BatteryFeed } from '../../src/powerlimiter/battery-governor';
import { LimiterController, type LimiterSettings } from '../../src/powerlimiter/controller';
import type { GridSignalFeed } from '../../src/powerlimiter/feed-in';
import type { InverterPort, InverterView, TemporaryLimit } from '../../src/powerlimiter/port';
import type { MeterFeed, MeterReading, MeterStatus } from '../../src/powermeter/types';

export class FakeInverter {
  limitW: number;
  status: SetStatus = 'Ok';
  /** The next commands fail. */
  failing = false;
  reachable = true;
  /** False: an MI whose owner has not opted in (the limiter must leave it alone). */
  governable = true;
  sent: TemporaryLimit[] = [];
  /** Switched on (false: in standby by a power command). */
  on = true;
  powerSent: ('on' | 'off')[] = [];
  dataAtMs = 0;
  constructor(
    readonly serial: string,
    readonly ratedW: number,
    public sunW: number,
    readonly radio: RadioKind = 'CMT',
  ) {
    this.limitW = ratedW;
  }
  get outputW(): number {
    return this.reachable && this.on ? Math.min(this.limitW, this.sunW) : 0;
  }
}

export class FakeMeter implements MeterFeed {
  #reading: MeterReading | undefined;
  #listeners = new Set<(r: MeterReading) => void>();
  /** The meter's staleness rule (`powermeter.max_age`, 10 s by default), which the limiter follows. */
  constructor(
    readonly clock: ManualClock,
    readonly maxAgeMs = 10_000,
  ) {}
  read(powerW: number): void {
    this.#reading = { powerW, atMs: this.clock.now() };
    for (const l of this.#listeners) l(this.#reading);
  }
  status(): MeterStatus {
    return this.#reading
      ? {
          source: 'simulated',
          valid: this.clock.now() - this.#reading.atMs <= this.maxAgeMs,
          reading: this.#reading,
          ageMs: this.clock.now() - this.#reading.atMs,
        }
      : { source: 'simulated', valid: false };
  }
  onReading(listener: (r: MeterReading) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** A grid signal set by hand: unknown until `set`, `lose` keeps the step and marks it lost. */
export class FakeSignal implements GridSignalFeed {
  #status: GridSignalStatus = gridSignalStatus({ enabled: true, source: 'mqtt' });
  #listeners = new Set<() => void>();
  constructor(readonly clock: ManualClock) {}
  set(percent: number): void {
    this.#status = {
      ...this.#status,
      known: true,
      percent,
      lost: false,
      problem: null,
      since: this.clock.now(),
    };
    for (const l of this.#listeners) l();
  }
  lose(problem: string): void {
    this.#status = { ...this.#status, lost: true, problem };
    for (const l of this.#listeners) l();
  }
  status(): GridSignalStatus {
    return this.#status;
  }
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export function settingsOf(overrides: Partial<LimiterSettings> = {}): LimiterSettings {
  return {
    enabled: true,
    target_power_consumption: 0,
    target_power_consumption_hysteresis: 20,
    base_load_limit: 300,
    min_command_interval: 1,
    inverters: [],
    feed_in_cap: { enabled: false, mode: 'percent', percent: 60, watts: 0, module_power_wp: 0 },
    grid_signal: {
      enabled: false,
      source: 'mqtt',
      gpio: { chip: '/dev/gpiochip0', lines: [-1, -1, -1, -1], active_low: true },
      mqtt: { topic: 'ripple/step' },
      steps: [100, 60, 30, 0],
    },
    battery: batteryLimiterConfig(),
    ...overrides,
  };
}

/** A rig: the controller over fake inverters; `house` is the load, the meter reads load − behind output. */
export function rig(
  inverters: FakeInverter[],
  settings: LimiterSettings,
  options: { meter?: boolean; stringsWp?: number; battery?: BatteryFeed; mode?: () => PowerLimiterMode } = {},
) {
  const clock = new ManualClock(Date.UTC(2025, 5, 21, 11));
  const meter = new FakeMeter(clock);
  const signal = new FakeSignal(clock);
  let current = settings;
  const port: InverterPort = {
    inverter(serial): InverterView | undefined {
      const inv = inverters.find((i) => i.serial === serial);
      if (!inv) return undefined;
      return {
        serial,
        reachable: inv.reachable,
        commandsEnabled: true,
        ratedW: inv.ratedW,
        outputW: inv.outputW,
        dataAtMs: inv.dataAtMs,
        limitW: inv.limitW,
        limitStatus: inv.status,
        radio: inv.radio,
        governable: inv.governable,
      };
    },
    sendLimit(serial, limit) {
      const inv = inverters.find((i) => i.serial === serial);
      if (!inv) return 'unknown-inverter';
      inv.sent.push(limit);
      inv.status = 'Pending';
      return 'queued';
    },
    sendPower(serial, action) {
      const inv = inverters.find((i) => i.serial === serial);
      if (!inv) return 'unknown-inverter';
      inv.powerSent.push(action);
      inv.on = action === 'on';
      return 'queued';
    },
  };
  const controller = new LimiterController({
    clock,
    port,
    meter: options.meter === false ? undefined : meter,
    settings: () => current,
    gridSignal: signal,
    stringsPowerWp: () => options.stringsWp ?? 0,
    ...(options.battery ? { battery: options.battery } : {}),
    ...(options.mode ? { mode: options.mode } : {}),
  });
  /** One second: pending commands end (applied unless failing), data is polled, the controller runs. */
  const step = (houseW: number | null) => {
    for (const inv of inverters) {
      if (inv.status === 'Pending') {
        const last = inv.sent.at(-1)!;
        if (inv.failing) inv.status = 'Failure';
        else {
          inv.status = 'Ok';
          inv.limitW = last.relative ? (last.value * inv.ratedW) / 100 : last.value;
        }
      }
      inv.dataAtMs = clock.now();
    }
    if (houseW !== null) {
      const behind = current.inverters
        .filter((c) => c.behind_power_meter)
        .reduce((sum, c) => sum + (inverters.find((i) => i.serial === c.serial)?.outputW ?? 0), 0);
      meter.read(houseW - behind);
    }
    controller.evaluate();
  };
  const run = async (seconds: number, houseW: number | null) => {
    for (let i = 0; i < seconds; i++) {
      await clock.advance(1000);
      step(houseW);
    }
  };
  return {
    clock,
    meter,
    signal,
    controller,
    run,
    setSettings: (s: LimiterSettings) => {
      current = s;
    },
  };
}

export const governed = governedInverter;
