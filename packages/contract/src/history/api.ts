/**
 * The versioned history API beside the compatible one: `/api/v2/history/*`.
 *
 * Times are Unix seconds from the gateway clock; calendar dates (`date`, `periods`) are local dates in the
 * gateway's time zone (NTP settings). Power is in W (mean over each step), energy in Wh. `null` marks a
 * step or period without data (gateway off, inverter not yet added, night with no samples is 0, not null).
 * Read like live data: open under `allow_readonly`, otherwise admin.
 */

/**
 * GET /api/v2/history/power?date=YYYY-MM-DD[&step=s][&serial=…]
 *  or GET /api/v2/history/power?from=<unix s>&to=<unix s>&step=<s>[&serial=…]
 * `date` asks for that local day (from its midnight to the next, 23 or 25 hours on DST days).
 * `serial` (repeatable) restricts the inverters; with exactly one serial its strings come too.
 */
export interface HistoryPowerSeries {
  /** Start of the first step and end of the last one, Unix seconds. */
  from: number;
  to: number;
  /** Seconds per step. */
  step: number;
  /** The local day asked for with `?date=`. */
  date?: string;
  /** IANA zone name the local dates follow. */
  timezone: string;
  /** Start of each step, Unix seconds; every series below has this length. */
  time: number[];
  /** Sum of the inverters' AC power. */
  plant: Array<number | null>;
  inverters: HistoryInverterPower[];
  /**
   * The battery, only when the history holds battery data in the range (whatever `serial` restricts: the
   * battery belongs to the plant). A battery configured but without a fresh reading in the range adds
   * nothing; one removed since still shows the days it was recorded.
   */
  battery?: HistoryBatteryPower;
}

/** The battery's state of charge and power per step: means of what was recorded, null where nothing was. */
export interface HistoryBatteryPower {
  /** State of charge, %. */
  soc: Array<number | null>;
  /** W, positive while charging, negative while discharging. */
  power: Array<number | null>;
}

export interface HistoryInverterPower {
  serial: string;
  name: string;
  /** AC power. */
  power: Array<number | null>;
  /** DC power per string; only when exactly one inverter is asked for. */
  strings?: HistoryStringPower[];
}

export interface HistoryStringPower {
  /** DC channel number (0-based, as in live data). */
  channel: number;
  /** Configured string name; "" when none is set. */
  name: string;
  power: Array<number | null>;
}

/** `range` of GET /api/v2/history/energy. */
export type HistoryEnergyRange = 'month' | 'year' | 'all';

/**
 * GET /api/v2/history/energy?range=month&date=YYYY-MM (a bar per day)
 *   | ?range=year&date=YYYY (a bar per month) | ?range=all (a bar per year)   [&serial=…]
 */
export interface HistoryEnergySeries {
  range: HistoryEnergyRange;
  /** The month or year asked for; absent for `all`. */
  date?: string;
  timezone: string;
  /** One label per bar: YYYY-MM-DD, YYYY-MM or YYYY. */
  periods: string[];
  /** Energy of the plant per period, Wh. */
  plant: Array<number | null>;
  inverters: HistoryInverterEnergy[];
}

export interface HistoryInverterEnergy {
  serial: string;
  name: string;
  energy: Array<number | null>;
  /** DC energy per string; only when exactly one inverter is asked for. */
  strings?: HistoryStringEnergy[];
}

export interface HistoryStringEnergy {
  channel: number;
  name: string;
  energy: Array<number | null>;
}

/** GET /api/v2/history/config (admin) and the `data` of POST /api/v2/history/config. */
export interface HistoryConfig {
  /** Record history at all. */
  enabled: boolean;
  /** Days the 1-minute power values are kept. */
  minute_days: number;
  /** Days the 15-minute power aggregates are kept. */
  quarter_days: number;
  /** Days the daily energy is kept; 0 = for good. */
  daily_days: number;
}

/** GET /api/v2/history/status (readonly): what the store holds. */
export interface HistoryStatus {
  enabled: boolean;
  /** Size of the database files in bytes. */
  database_bytes: number;
  /** Oldest stored local day (YYYY-MM-DD) of each resolution; null when empty. */
  oldest_minute: string | null;
  oldest_quarter: string | null;
  oldest_day: string | null;
  /** Serials present in the history (also of inverters since removed). */
  serials: string[];
}

/*
 * GET /api/v2/history/export (admin): a gzip file `dtu-console-history-<date>.json.gz`.
 * POST /api/v2/history/import (admin, multipart, file part `file`): checked whole before it is merged;
 * answers the envelope 13010 on success, 13009 with HTTP 400 when refused (nothing changed).
 */
