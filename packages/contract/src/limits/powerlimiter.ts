// The power limiter (zero export); its response codes are in ../codes/powerlimiter.ts.

/** The power limiter (zero export): settings bounds and defaults, the timing it works to. */
export const PowerLimiterLimits = {
  enabledDefault: false,
  /** Grid power the limiter aims at, W; positive = import, negative allows a little export. */
  targetDefault: 0,
  targetMin: -10_000,
  targetMax: 10_000,
  /** Deviation from the target that is left alone, W. */
  hysteresisDefault: 20,
  hysteresisMin: 0,
  hysteresisMax: 1_000,
  /** Total the governed inverters produce while the meter is stale or lost, W. */
  baseLoadLimitDefault: 200,
  baseLoadLimitMin: 0,
  baseLoadLimitMax: 100_000,
  /** Shortest time between two limit commands to one inverter, s. */
  minIntervalDefault: 3,
  minIntervalMin: 1,
  minIntervalMax: 600,
  /** Per-inverter bounds of the limit, W (0 as upper = the inverter's rated power). */
  inverterLimitMax: 100_000,
  /** Largest lease of a limit set from outside (POST /api/limit/config `expiry_s`), s. */
  leaseMaxS: 86_400,
  /** Consecutive failed limit commands after which an inverter is reported as failing. */
  failuresReported: 3,
  /** Longest back-off between retries of a failing inverter, ms. */
  backoffMaxMs: 5 * 60_000,
  /** The trace of GET /api/powerlimiter/trace: this long, at most one point this often, ms. */
  traceWindowMs: 15 * 60_000,
  traceSpacingMs: 5000,
} as const;

/**
 * How a Hoymiles inverter follows a new limit (docs/limiter.md): it holds its output for a dead time, then
 * ramps at a bounded rate (in % of its rated power per second, down faster than up). The simulated
 * inverters behave so, and the limiter waits this long before it judges the effect of a command.
 */
export interface LimitResponse {
  /** From the command's acknowledgement until the output starts to move, ms. */
  delayMs: number;
  /** The same for a persistent limit (written to the inverter's memory first), ms. */
  persistentDelayMs: number;
  /** % of rated power per second. */
  rampUpPercentPerS: number;
  rampDownPercentPerS: number;
}

export const LIMIT_RESPONSE: { readonly NRF24: LimitResponse; readonly CMT: LimitResponse } = {
  /** HM series (2.4 GHz). */
  NRF24: { delayMs: 4_000, persistentDelayMs: 15_000, rampUpPercentPerS: 20, rampDownPercentPerS: 40 },
  /** HMS/HMT series (sub-GHz). */
  CMT: { delayMs: 2_000, persistentDelayMs: 10_000, rampUpPercentPerS: 25, rampDownPercentPerS: 50 },
};

/** Time an inverter needs to move its output by `percent` of its rated power (`up` or down), ms. */
export function limitResponseMs(response: LimitResponse, percent: number, up: boolean): number {
  const rate = up ? response.rampUpPercentPerS : response.rampDownPercentPerS;
  return response.delayMs + (Math.abs(percent) / rate) * 1000;
}
