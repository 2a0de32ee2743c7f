/**
 * Dispatch: how a wanted total production is split over the governed inverters (docs/limiter.md).
 *
 * Every inverter gets at least its lower limit (never standby). The rest goes by headroom: an inverter
 * held back by the sun can give no more than it produces, so its cap is its output plus a small probe
 * (the probe lets it show when the sun comes back); the others can give up to their upper limit.
 */

export interface DispatchInverter {
  serial: string;
  /** W; the limiter never sets less. */
  lowerW: number;
  /** W; the limiter never sets more. */
  upperW: number;
  /** What the sun lets it produce now, W; null when it is not held back by the sun. */
  sunCapW: number | null;
  /** Allowance above a sun-limited output, W. */
  probeW: number;
}

/** The most this inverter is given: its upper limit, or what the sun allows plus the probe. */
export function capOf(inv: DispatchInverter): number {
  const sun = inv.sunCapW === null ? inv.upperW : Math.min(inv.upperW, inv.sunCapW + inv.probeW);
  return Math.max(inv.lowerW, sun);
}

/** Limits per serial (whole W) for `totalW` spread over `inverters` by headroom. */
export function dispatch(totalW: number, inverters: readonly DispatchInverter[]): Map<string, number> {
  const caps = inverters.map(capOf);
  const base = inverters.reduce((sum, inv) => sum + inv.lowerW, 0);
  const room = inverters.reduce((sum, inv, i) => sum + (caps[i] ?? 0) - inv.lowerW, 0);
  const rest = Math.max(0, Math.min(room, totalW - base));
  const limits = new Map<string, number>();
  inverters.forEach((inv, i) => {
    const headroom = (caps[i] ?? inv.lowerW) - inv.lowerW;
    const share = room > 0 ? (rest * headroom) / room : 0;
    limits.set(inv.serial, Math.round(inv.lowerW + share));
  });
  return limits;
}

/** Below this share of its rated power some firmware treat a limit as "off": never set less. */
const MIN_LIMIT_PERCENT = 2;
/** Allowance above a sun-limited output, so that returning sun shows: max(W, % of rated). */
const PROBE_W = 20;
const PROBE_PERCENT = 5;

/** An inverter's bounds for dispatch: its settings' lower and upper limit within its rated power. */
export function dispatchBounds(
  config: { serial: string; lower_power_limit: number; upper_power_limit: number },
  ratedW: number,
  sunCapW: number | null,
): DispatchInverter {
  const upperW = config.upper_power_limit > 0 ? Math.min(config.upper_power_limit, ratedW) : ratedW;
  const lowerW = Math.min(upperW, Math.max(config.lower_power_limit, (ratedW * MIN_LIMIT_PERCENT) / 100));
  return {
    serial: config.serial,
    lowerW,
    upperW,
    sunCapW,
    probeW: Math.max(PROBE_W, (ratedW * PROBE_PERCENT) / 100),
  };
}

/** An output this far below its limit counts as held back by the sun: max(W, % of rated). */
const SUN_MARGIN_W = 10;
const SUN_MARGIN_PERCENT = 3;

/** The output when the sun holds the inverter back (well below its limit), else null. */
export function sunHeldOutput(outputW: number, limitW: number, ratedW: number): number | null {
  const margin = Math.max(SUN_MARGIN_W, (ratedW * SUN_MARGIN_PERCENT) / 100);
  return outputW < limitW - margin ? outputW : null;
}
