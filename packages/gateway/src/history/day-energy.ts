/**
 * The energy of a local day from an inverter's own YieldDay counter (per inverter and per string), across
 * inverter restarts, night-time resets, gateway restarts and clock jumps. Pure: the service feeds samples
 * and stores what comes out. Rules (docs/history.md):
 * - Only increments of the counter count. A drop while the clock moves on is an inverter restart: what
 *   was counted stays and counting goes on from the new value.
 * - A drop while the clock went back is time already counted being lived again (a clock set back, a
 *   simulated plant started at the same moment again): nothing is added; the stored day only ever rises
 *   (rows merge by max), so the counter takes over again once it passes what was stored.
 * - A day first seen starts at the counter's last value when that was read less than CARRY_MS earlier (or
 *   the clock went back): a counter not yet reset after midnight is not counted twice. After a longer gap
 *   the inverter has started since, and its counter is the day's energy so far.
 * - Entering a day that already has a tracker through a clock jump continues that day's energy with only
 *   the increments of the counter from its latest value.
 */

/** What is remembered per inverter (or string) and local day; persisted so a restart continues it. */
export interface DayTracker {
  /** Local date as YYYYMMDD. */
  day: number;
  /** Wh counted in earlier counter runs of this day. */
  base: number;
  /** Counter value at which the current run started counting. */
  start: number;
  /** Latest counter value. */
  last: number;
  /** Gateway clock (epoch ms) of the latest sample. */
  at: number;
}

/** A counter read this close after the previous one still carries that reading's day. */
export const CARRY_MS = 12 * 3_600_000;

/** The day's energy (Wh) the tracker stands for. */
export function trackedEnergy(tracker: DayTracker): number {
  return tracker.base + Math.max(0, tracker.last - tracker.start);
}

/**
 * One counter reading `value` (Wh) at `at` on local day `day`. `current` is the tracker of the latest
 * sample of this counter (any day); `stored` the tracker kept for `day`, if any.
 */
export function followCounter(
  current: DayTracker | undefined,
  stored: DayTracker | undefined,
  day: number,
  value: number,
  at: number,
): DayTracker {
  let tracker: DayTracker;
  if (current?.day === day) tracker = current;
  else if (current === undefined) tracker = stored ?? { day, base: 0, start: 0, last: 0, at };
  else if (stored !== undefined) {
    tracker = { day, base: trackedEnergy(stored), start: current.last, last: current.last, at: current.at };
  } else {
    const carry = at < current.at || at - current.at < CARRY_MS ? current.last : 0;
    tracker = { day, base: 0, start: carry, last: carry, at: current.at };
  }
  if (value >= tracker.last) return { ...tracker, last: value, at };
  if (at >= tracker.at) return { day, base: trackedEnergy(tracker), start: 0, last: value, at };
  return { day, base: 0, start: 0, last: value, at };
}

/** YYYYMMDD of a local date. */
export function dayNumber(year: number, month: number, day: number): number {
  return year * 10_000 + month * 100 + day;
}

/** 'YYYY-MM-DD' of a YYYYMMDD number. */
export function dayLabel(day: number): string {
  const y = Math.floor(day / 10_000);
  const m = Math.floor(day / 100) % 100;
  const d = day % 100;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
