/**
 * The simulated plant's own meter: the seeded house load (house-profile.ts) at the gateway clock's local
 * time, minus what the inverters behind the meter produce right now. Read once per second, like a fast
 * smart meter, with the counters a meter keeps (drawn and fed in) since the simulation started.
 */
import type { Clock } from '@dtu-console/clock';
import { PowerMeterLimits } from '@dtu-console/contract';
import { localTime } from '../../system/timezone';
import { houseLoadW, type LocalMoment } from '../house-profile';
import { PollingSource, readingNow } from './source';

export interface SimulatedMeterOptions {
  clock: Clock;
  /** POSIX rule of the gateway's zone. */
  timezone: () => string;
  /** AC power the inverters behind the meter deliver now, W. */
  productionW: () => number;
  seed: string;
}

export function localMoment(tz: string, epochMs: number): LocalMoment {
  const { offsetSeconds } = localTime(tz, epochMs);
  const localS = epochMs / 1000 + offsetSeconds;
  return { day: Math.floor(localS / 86_400), secondOfDay: ((localS % 86_400) + 86_400) % 86_400 };
}

/** Grid power of the simulated house now, W (import positive). */
export function simulatedGridW(options: SimulatedMeterOptions): number {
  const load = houseLoadW(options.seed, localMoment(options.timezone(), options.clock.now()));
  return Math.round((load - options.productionW()) * 10) / 10;
}

/**
 * The simulated meter's own counters (1.8.0 drawn, 2.8.0 fed in), Wh since the simulation started: each
 * reading's power over the time since the one before, as a meter counts. The first reading counts nothing;
 * a gap longer than a minute (a paused clock, a suspended host) is not counted as if the power had held.
 */
export class SimulatedCounters {
  importWh = 0;
  exportWh = 0;
  #lastMs: number | null = null;

  add(powerW: number, atMs: number): void {
    const last = this.#lastMs;
    this.#lastMs = atMs;
    if (last === null || atMs <= last || atMs - last > 60_000) return;
    const wh = (Math.abs(powerW) * (atMs - last)) / 3_600_000;
    if (powerW > 0) this.importWh += wh;
    else this.exportWh += wh;
  }
}

export function simulatedSource(options: SimulatedMeterOptions): PollingSource {
  const counters = new SimulatedCounters();
  return new PollingSource({
    where: 'the simulated meter',
    intervalMs: PowerMeterLimits.simulatedIntervalS * 1000,
    clock: options.clock,
    read: async () => {
      const reading = readingNow(options.clock, simulatedGridW(options));
      counters.add(reading.powerW, reading.atMs);
      return { ...reading, importWh: counters.importWh, exportWh: counters.exportWh };
    },
  });
}
