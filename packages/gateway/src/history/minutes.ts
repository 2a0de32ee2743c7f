/**
 * 1-minute power means from the live model: each inverter's AC power and each string's DC power hold
 * from one update to the next, and a minute's value is their time-weighted mean over the part of the
 * minute that was covered. Pure: the service passes the gateway clock's time with every call.
 *
 * The clock can jump: time going back integrates nothing (the next minutes are merged with the stored
 * ones as weighted means, never added), and a gap longer than MAX_GAP_MS (a clock set forward, a stalled
 * process) is left uncovered, so it reads as null.
 */

/** Longest step integrated; the service ticks every minute, so a longer one is a jump. */
export const MAX_GAP_MS = 150_000;

export const MINUTE_S = 60;

/** Channel number of an inverter's AC power (and of its own YieldDay); strings are 0.. as in live data. */
export const INVERTER_CHANNEL = -1;

/** One finished (or, at a stop, partial) minute of one channel. */
export interface MinuteRow {
  serial: string;
  channel: number;
  /** Start of the minute, Unix seconds. */
  t: number;
  /** Mean power, W. */
  w: number;
  /** Seconds of the minute covered, 1..60. */
  s: number;
}

interface Bucket {
  serial: string;
  channel: number;
  t: number;
  /** W·s */
  area: number;
  /** s */
  covered: number;
}

export class MinuteRecorder {
  /** Per inverter: power per channel now; undefined while nothing is known (not covered). */
  readonly #values = new Map<string, ReadonlyMap<number, number>>();
  readonly #buckets = new Map<string, Bucket>();
  #lastAt: number | null = null;

  /** The values of one inverter from `now` on; null: unknown from now on (no coverage). */
  set(now: number, serial: string, values: ReadonlyMap<number, number> | null): void {
    this.advance(now);
    if (values === null) this.#values.delete(serial);
    else this.#values.set(serial, values);
  }

  /** Inverters no longer in the live model are not covered from `now` on. */
  retain(now: number, serials: readonly string[]): void {
    this.advance(now);
    for (const serial of [...this.#values.keys()]) if (!serials.includes(serial)) this.#values.delete(serial);
  }

  /** Integrates the held values up to `now`. */
  advance(now: number): void {
    const last = this.#lastAt;
    this.#lastAt = now;
    if (last === null || now <= last || now - last > MAX_GAP_MS) return;
    let from = last;
    while (from < now) {
      const minuteStartMs = Math.floor(from / 60_000) * 60_000;
      const to = Math.min(now, minuteStartMs + 60_000);
      const seconds = (to - from) / 1000;
      const t = minuteStartMs / 1000;
      for (const [serial, channels] of this.#values) {
        for (const [channel, watts] of channels) {
          const key = `${serial}|${channel}|${t}`;
          let bucket = this.#buckets.get(key);
          if (!bucket) {
            bucket = { serial, channel, t, area: 0, covered: 0 };
            this.#buckets.set(key, bucket);
          }
          bucket.area += watts * seconds;
          bucket.covered += seconds;
        }
      }
      from = to;
    }
  }

  /** Takes the minutes that ended by `now` (all of them with `all`, e.g. at a stop). */
  take(now: number, all = false): MinuteRow[] {
    this.advance(now);
    const rows: MinuteRow[] = [];
    const endS = now / 1000;
    for (const [key, bucket] of this.#buckets) {
      // A minute "in the future" after the clock went back is finished too: it will not be reached soon.
      const finished = all || bucket.t + MINUTE_S <= endS || bucket.t > endS;
      if (!finished) continue;
      this.#buckets.delete(key);
      if (bucket.covered < 0.5) continue;
      rows.push({
        serial: bucket.serial,
        channel: bucket.channel,
        t: bucket.t,
        w: bucket.area / bucket.covered,
        s: Math.min(MINUTE_S, Math.max(1, Math.round(bucket.covered))),
      });
    }
    return rows;
  }

  /** Forget everything held (recording switched off). */
  clear(): void {
    this.#values.clear();
    this.#buckets.clear();
    this.#lastAt = null;
  }
}
