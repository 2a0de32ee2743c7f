/**
 * The power limiter (zero export): /api/powerlimiter/*. Names follow OpenDTU-OnBattery's where the meaning
 * is the same. Power in W; grid power positive = drawn from the grid (import).
 */
import type {
  BatteryLimiterRules,
  FeedInCapMode,
  GridSignalSource,
  LimiterInverterRoles,
  PowerLimiterModes,
} from './limits';

export type PowerLimiterMode = (typeof PowerLimiterModes)[number];

export type LimiterInverterRole = (typeof LimiterInverterRoles)[number];

/** One inverter's part in GET/POST /api/powerlimiter/config. */
export interface PowerLimiterInverterConfig {
  serial: string;
  /** The limiter sets this inverter's limit. */
  governed: boolean;
  /** Its output is part of the meter's reading. */
  behind_power_meter: boolean;
  /** The limiter never sets less (it never switches an inverter off), W. */
  lower_power_limit: number;
  /** The limiter never sets more, W; 0 = the inverter's rated power. */
  upper_power_limit: number;
  /** Fed by its own panels (`solar`) or from the battery bus (`battery`); older clients leave it out. */
  role?: LimiterInverterRole;
}

/** The limiter's battery rules (docs/battery.md). Voltages are used only where the battery has no SoC. */
export interface BatteryLimiterConfig {
  /** A discharge cycle starts at this state of charge, %. */
  start_soc: number;
  /** …and stops at this one; below it the battery inverters are in standby. */
  stop_soc: number;
  /** The same by voltage, V; 0 = not set. */
  start_voltage: number;
  stop_voltage: number;
  /** V per kW of the battery inverters' output added to the measured voltage (it sags under load). */
  load_correction_v_per_kw: number;
  /** At night, discharge down to the stop threshold even when the start threshold was not reached today. */
  discharge_at_night: boolean;
  /** Outside a discharge cycle, the battery inverters may feed what the MPPTs deliver now. */
  passthrough: {
    enabled: boolean;
    /** W kept for the battery. */
    margin_w: number;
    /** From this state of charge on the whole solar power, %. */
    full_soc: number;
  };
}

/** GET /api/powerlimiter/config (admin) and the `data` of POST /api/powerlimiter/config. */
export interface PowerLimiterConfig {
  enabled: boolean;
  /** Grid power aimed at, W; negative allows that much export. */
  target_power_consumption: number;
  /** A deviation up to this is left alone, W. */
  target_power_consumption_hysteresis: number;
  /** The fallback: total the governed inverters produce while the meter is stale or lost, W. */
  base_load_limit: number;
  /** Shortest time between two commands to one inverter, s. */
  min_command_interval: number;
  inverters: PowerLimiterInverterConfig[];
  feed_in_cap: FeedInCapConfig;
  grid_signal: GridSignalConfig;
  battery: BatteryLimiterConfig;
}

/** `powerlimiter.feed_in_cap`: the most the plant may export at the grid point. */
export interface FeedInCapConfig {
  enabled: boolean;
  /** `percent` of the module power, or `watts`. */
  mode: FeedInCapMode;
  /** % of the module power (mode `percent`). */
  percent: number;
  /** W (mode `watts`). */
  watts: number;
  /** The plant's module power, Wp; 0 = the sum of the configured strings' max_power. */
  module_power_wp: number;
}

/** `powerlimiter.grid_signal`: the grid operator's signal from a ripple-control receiver. */
export interface GridSignalConfig {
  enabled: boolean;
  source: GridSignalSource;
  gpio: {
    /** The GPIO character device, e.g. /dev/gpiochip0. */
    chip: string;
    /** The line of each contact K1..K4; -1 = not wired. */
    lines: number[];
    /** A closed contact reads low (contact to ground, line pulled up). */
    active_low: boolean;
  };
  /** A topic carrying the percentage (`60`) or the contact (`K2`). */
  mqtt: { topic: string };
  /** % of the module power for each contact K1..K4. */
  steps: number[];
}

/**
 * Which rule sets the export allowed now: `zero_export` (the target), `feed_in_cap`, `grid_signal`;
 * null when none applies.
 */
export type FeedInBinding = 'zero_export' | 'feed_in_cap' | 'grid_signal';

/** The grid operator's signal as the gateway knows it now. */
export interface GridSignalStatus {
  enabled: boolean;
  source: GridSignalSource;
  /** The signal's state has been read since the start (before that the limiter sends nothing). */
  known: boolean;
  /** The active step, % of module power; null while unknown. */
  percent: number | null;
  /** The closed contact (1..4); 0 when none is closed (100 %); null while unknown or given as a percentage. */
  contact: number | null;
  /** The source cannot be read now (the last step is kept). */
  lost: boolean;
  /** Why it cannot be read, in plain words (English); null when fine. */
  problem: string | null;
  /** Since when this step holds (Unix ms); null while unknown. */
  since: number | null;
}

/** The feed-in cap, the signal and the export they allow (part of the status). */
export interface FeedInStatus {
  /** Module power the percentages refer to, Wp (set, or the strings' sum). */
  module_power_wp: number;
  /** The feed-in cap now, W; null when switched off. */
  cap_w: number | null;
  /** The signal's step in W; null when off or unknown. */
  signal_w: number | null;
  /** The export allowed now (the strictest), W; null when neither cap nor signal applies. */
  export_limit_w: number | null;
  /** What sets the limit now; null while the limiter does not regulate. */
  binding: FeedInBinding | null;
  /** Without a valid reading the governed inverters' total production is capped at this, W; else null. */
  production_cap_w: number | null;
  grid_signal: GridSignalStatus;
}

/**
 * - `off`: switched off (inverters were given back their maximum or their hand-set limit);
 * - `waiting_for_meter`: no valid reading since the start or since no meter is configured; nothing sent;
 * - `regulating`: following the meter;
 * - `fallback`: the meter went stale or was lost; the governed inverters hold the base load limit;
 * - `no_inverters`: on, but no inverter is governed;
 * - `waiting_for_signal`: the grid signal is on and its state not yet read since the start; nothing sent.
 *
 * "On" is zero export (`enabled`), the feed-in cap or the grid signal. Without a valid reading and with a
 * cap or signal on, `fallback` (and `waiting_for_meter`) hold the governed inverters' total production at
 * the export allowed (`feed_in.production_cap_w`).
 */
export type PowerLimiterState =
  | 'off'
  | 'waiting_for_meter'
  | 'regulating'
  | 'fallback'
  | 'no_inverters'
  | 'waiting_for_signal';

export interface PowerLimiterInverterStatus {
  serial: string;
  governed: boolean;
  behind_power_meter: boolean;
  /** Fed by its own panels or from the battery. */
  role: LimiterInverterRole;
  /** The limit last sent by the limiter or by hand, W; null while unknown. */
  limit_w: number | null;
  /** Its AC output as last polled, W. */
  output_w: number;
  /** Output judged held back by the sun (output well below the limit), W; null when not. */
  sun_limited_w: number | null;
  /** Limit commands the limiter sent in the last hour. */
  commands_last_hour: number;
  /** The last limit commands failed repeatedly; retries are spaced out. */
  failing: boolean;
  /** A limit set from outside with an expiry holds this inverter until then (Unix s); null without one. */
  lease_until: number | null;
}

/** GET /api/powerlimiter/status (readonly). */
export interface PowerLimiterStatus {
  enabled: boolean;
  state: PowerLimiterState;
  /** The last meter reading, W; null without one. */
  grid_power: number | null;
  /** Age of that reading, ms; null without one. */
  grid_power_age_ms: number | null;
  /** target_power_consumption, W. */
  target: number;
  /** Persistent limit commands the limiter sent (always 0: it sends none). */
  persistent_commands: number;
  inverters: PowerLimiterInverterStatus[];
  feed_in: FeedInStatus;
  /** The battery rule in force; null while no governed inverter has the battery role. */
  battery: BatteryLimiterStatus | null;
  /** The run-time mode (MQTT); `normal` unless changed since the start. */
  mode: PowerLimiterMode;
}

/**
 * Which battery rule decides what the battery inverters may feed:
 * - `battery_off`: no battery reading (switched off, stale, or no SoC and no voltage thresholds): standby;
 * - `bms_alarm`: the BMS reports an alarm or asks to stop discharging: standby at once;
 * - `discharging`: in a discharge cycle, capped by the BMS's discharge current limit;
 * - `passthrough` / `full_passthrough`: outside a cycle, what the MPPTs deliver (less the margin / all);
 * - `waiting_for_start`: outside a cycle without passthrough: standby until the start threshold;
 * - `below_stop`: at or under the stop threshold: standby.
 */
export type BatteryLimiterRule = (typeof BatteryLimiterRules)[number];

export interface BatteryLimiterStatus {
  rule: BatteryLimiterRule;
  /** The figures the rule was decided by (null where not known). */
  soc: number | null;
  voltage: number | null;
  /** The voltage with the load correction added, V. */
  corrected_voltage: number | null;
  solar_power: number | null;
  /** The most the battery inverters may feed now, W; null = no cap but the BMS's and their own. */
  cap_w: number | null;
  /** A discharge cycle is running. */
  discharging: boolean;
  /**
   * The thresholds the cycle runs between, in what it is judged by: the state of charge (%), or the
   * load-corrected voltage (V) where the battery reports no SoC; null while the battery gives neither.
   */
  thresholds: { by: 'soc' | 'voltage'; start: number; stop: number } | null;
  /** The BMS's alarms (keys as in the battery's status) while they stop the discharge; empty otherwise. */
  alarms: string[];
}

/** One point of the limiter's recent past. */
export interface PowerLimiterTracePoint {
  /** When it was taken, Unix ms of the gateway clock. */
  time: number;
  /** The meter's reading, W; null while there was no valid one. */
  grid_power: number | null;
  /** The plant's AC output, W. */
  production: number;
  /** Sum of the governed inverters' limits, W; null when none is known. */
  limit: number | null;
}

/**
 * GET /api/powerlimiter/trace (readonly): the last `window_ms` in memory, oldest first, at most one point
 * per `spacing_ms` (taken on the limiter's passes; gone after a restart).
 */
export interface PowerLimiterTrace {
  window_ms: number;
  spacing_ms: number;
  points: PowerLimiterTracePoint[];
}

/**
 * One energy flow of today, counted by the gateway from a power it reads (docs/limiter.md, Energy today):
 * each value held until the next pass, over the time it was fresh. What was not read is not counted.
 */
export interface PowerLimiterEnergyFlow {
  /** Wh of the positive side: drawn from the grid, or charged into the battery. */
  in_wh: number;
  /** Wh of the negative side: fed into the grid, or drawn from the battery. */
  out_wh: number;
  /** Unix seconds of the first value counted today (local midnight at the earliest). */
  since: number;
  /** Seconds of today that were counted (a fresh value held); the rest since `since` had none. */
  counted_s: number;
  /**
   * `counters`: the meter's own import and export registers (1.8.0, 2.8.0), their rise since `since`;
   * `power`: the power integrated over time by the gateway.
   */
  method: 'counters' | 'power';
}

/**
 * GET /api/powerlimiter/energy (readonly): today's energy at the grid point and of the battery, in memory
 * only (a restart counts anew from then). A flow is null until a fresh value of it was read today.
 */
export interface PowerLimiterEnergy {
  /** The local day counted, YYYY-MM-DD in the gateway's time zone. */
  date: string;
  /** `in_wh` drawn from the grid, `out_wh` fed in; from the house meter. */
  grid: PowerLimiterEnergyFlow | null;
  /** `in_wh` charged, `out_wh` discharged; from the battery's own power reading. */
  battery: PowerLimiterEnergyFlow | null;
}
