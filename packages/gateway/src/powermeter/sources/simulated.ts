/**
 * The simulated plant's own meter: the seeded house load (house-profile.ts) at the gateway clock's local
 * time, minus what the inverters behind the meter produce right now. Read once per second, like a fast
 * smart meter.
 */
import { PowerMeterLimits } from '@dtu-console/contract';
import type { Clock } from '../../system/clock';
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

export function simulatedSource(options: SimulatedMeterOptions): PollingSource {
  return new PollingSource({
    where: 'the simulated meter',
    intervalMs: PowerMeterLimits.simulatedIntervalS * 1000,
    clock: options.clock,
    read: async () => readingNow(options.clock, simulatedGridW(options)),
  });
}
