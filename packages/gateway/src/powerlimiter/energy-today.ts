/**
 * Today's energy at the grid point and of the battery (GET /api/powerlimiter/energy, docs/limiter.md):
 * on every limiter pass the power read now is held until the next pass, and the time in between counts
 * towards its side (drawn or fed in, charged or discharged). A pass without a fresh value, or a silence
 * longer than the hold limit, counts nothing. Where the meter sends its own registers (1.8.0 and 2.8.0),
 * their rise since the day's first reading is given instead. The day is the gateway's local day; a new
 * day starts from zero. In memory only.
 */
import type { PowerLimiterEnergy, PowerLimiterEnergyFlow } from '@dtu-console/contract';

const MS_PER_HOUR = 3_600_000;

/** A meter's own registers, Wh. */
export interface EnergyCounters {
  inWh: number;
  outWh: number;
}

/** One signed power (positive "in", negative "out") counted over one day. */
export class EnergyFlow {
  readonly #holdMaxMs: number;
  #held: { atMs: number; powerW: number } | null = null;
  #sinceMs: number | null = null;
  #inWh = 0;
  #outWh = 0;
  #countedMs = 0;
  #firstCounters: EnergyCounters | null = null;
  #lastCounters: EnergyCounters | null = null;

  constructor(holdMaxMs: number) {
    this.#holdMaxMs = holdMaxMs;
  }

  /** A pass at `atMs`: the power read now (null when none is fresh), the meter's registers where sent. */
  sample(atMs: number, powerW: number | null, counters?: EnergyCounters): void {
    const held = this.#held;
    const spanMs = held ? atMs - held.atMs : 0;
    if (held && spanMs > 0 && spanMs <= this.#holdMaxMs) {
      const wh = (held.powerW * spanMs) / MS_PER_HOUR;
      if (wh >= 0) this.#inWh += wh;
      else this.#outWh -= wh;
      this.#countedMs += spanMs;
    }
    if (powerW === null || !Number.isFinite(powerW)) {
      this.#held = null;
      return;
    }
    this.#held = { atMs, powerW };
    if (this.#sinceMs === null) {
      this.#sinceMs = atMs;
      this.#firstCounters = counters ?? null;
    }
    if (counters) this.#lastCounters = counters;
  }

  /** What was counted; null before the first fresh value. */
  snapshot(): PowerLimiterEnergyFlow | null {
    if (this.#sinceMs === null) return null;
    const first = this.#firstCounters;
    const last = this.#lastCounters;
    const base = { since: Math.floor(this.#sinceMs / 1000), counted_s: Math.round(this.#countedMs / 1000) };
    // A register that went backwards (a meter replaced or reset) is not trusted: the power is counted.
    if (first && last && last.inWh >= first.inWh && last.outWh >= first.outWh) {
      return { in_wh: last.inWh - first.inWh, out_wh: last.outWh - first.outWh, ...base, method: 'counters' };
    }
    return { in_wh: round(this.#inWh), out_wh: round(this.#outWh), ...base, method: 'power' };
  }
}

/** Wh to one decimal: finer than any meter's register, coarser than the float noise. */
function round(wh: number): number {
  return Math.round(wh * 10) / 10;
}

export interface EnergyTodayOptions {
  /** The local day of `epochMs`, YYYY-MM-DD, in the gateway's time zone. */
  localDate: (epochMs: number) => string;
  /** A value is held until the next pass at most this long, ms. */
  holdMaxMs: number;
}

/** What one limiter pass read: grid power and registers from the meter, the battery's power. */
export interface EnergyPass {
  gridW: number | null;
  gridCounters?: EnergyCounters;
  batteryW: number | null;
}

/** The grid's and the battery's energy of the gateway's current local day. */
export class EnergyToday {
  readonly #o: EnergyTodayOptions;
  #date: string | null = null;
  #grid: EnergyFlow;
  #battery: EnergyFlow;

  constructor(options: EnergyTodayOptions) {
    this.#o = options;
    this.#grid = new EnergyFlow(options.holdMaxMs);
    this.#battery = new EnergyFlow(options.holdMaxMs);
  }

  sample(atMs: number, pass: EnergyPass): void {
    this.#roll(atMs);
    this.#grid.sample(atMs, pass.gridW, pass.gridCounters);
    this.#battery.sample(atMs, pass.batteryW);
  }

  snapshot(nowMs: number): PowerLimiterEnergy {
    this.#roll(nowMs);
    return {
      date: this.#date ?? this.#o.localDate(nowMs),
      grid: this.#grid.snapshot(),
      battery: this.#battery.snapshot(),
    };
  }

  /** A new local day (or a clock set to another day) starts both flows from nothing. */
  #roll(atMs: number): void {
    const date = this.#o.localDate(atMs);
    if (date === this.#date) return;
    if (this.#date !== null) {
      this.#grid = new EnergyFlow(this.#o.holdMaxMs);
      this.#battery = new EnergyFlow(this.#o.holdMaxMs);
    }
    this.#date = date;
  }
}
