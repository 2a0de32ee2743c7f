/**
 * The battery's minutes: its state of charge (%) and power (W, negative while discharging) held from one
 * sample of the battery service to the next, as time-weighted means per minute (minutes.ts does the
 * integration). Only a fresh reading of a switched-on battery counts; without one nothing is covered, so
 * the minute reads as null, never 0.
 */
import type { BatteryStatus } from '@dtu-console/contract';
import { MinuteRecorder } from './minutes';

/** The battery's channels as stored: its state of charge and its power. */
export const BATTERY_SOC = 0;
export const BATTERY_POWER = 1;
export const BATTERY_CHANNELS = [BATTERY_SOC, BATTERY_POWER] as const;
export type BatteryChannel = (typeof BATTERY_CHANNELS)[number];

/** How often the history asks the battery service for its reading. */
export const BATTERY_SAMPLE_MS = 5_000;

/** One finished (or, at a stop, partial) minute of one battery channel. */
export interface BatteryMinuteRow {
  channel: BatteryChannel;
  /** Start of the minute, Unix seconds. */
  t: number;
  /** Mean state of charge (%) or power (W). */
  value: number;
  /** Seconds of the minute covered, 1..60. */
  s: number;
}

/** The recorder's key of the battery (it keys everything by a serial). */
const KEY = 'battery';

/** What a status gives the history: SoC and power it reports, while fresh; null: nothing known. */
export function batteryValues(status: BatteryStatus | undefined): ReadonlyMap<BatteryChannel, number> | null {
  if (!status?.enabled || status.stale) return null;
  const values = new Map<BatteryChannel, number>();
  if (status.soc !== null && Number.isFinite(status.soc)) values.set(BATTERY_SOC, status.soc);
  if (status.power !== null && Number.isFinite(status.power)) values.set(BATTERY_POWER, status.power);
  return values.size > 0 ? values : null;
}

export class BatteryMinutes {
  readonly #minutes = new MinuteRecorder();

  /** The battery's status at `now`, held until the next sample. */
  sample(now: number, status: BatteryStatus | undefined): void {
    this.#minutes.set(now, KEY, batteryValues(status));
  }

  /** Takes the minutes that ended by `now` (all of them with `all`, e.g. at a stop). */
  take(now: number, all = false): BatteryMinuteRow[] {
    return this.#minutes.take(now, all).map((row) => ({
      channel: row.channel as BatteryChannel,
      t: row.t,
      value: row.w,
      s: row.s,
    }));
  }

  /** Forget everything held (recording switched off). */
  clear(): void {
    this.#minutes.clear();
  }
}
