/**
 * The power limiter (zero export): /api/powerlimiter/*. Names follow OpenDTU-OnBattery's where the meaning
 * is the same. Power in W; grid power positive = drawn from the grid (import).
 */

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
}

/**
 * - `off`: switched off (inverters were given back their maximum or their hand-set limit);
 * - `waiting_for_meter`: no valid reading since the start or since no meter is configured; nothing sent;
 * - `regulating`: following the meter;
 * - `fallback`: the meter went stale or was lost; the governed inverters hold the base load limit;
 * - `no_inverters`: on, but no inverter is governed.
 */
export type PowerLimiterState = 'off' | 'waiting_for_meter' | 'regulating' | 'fallback' | 'no_inverters';

export interface PowerLimiterInverterStatus {
  serial: string;
  governed: boolean;
  behind_power_meter: boolean;
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
