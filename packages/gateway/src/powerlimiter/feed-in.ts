/**
 * The feed-in cap and the grid operator's signal as the limiter applies them (docs/limiter.md): each is an
 * export allowed at the grid point, in W of the module power; the strictest of them and zero export's
 * target wins. Pure functions over the settings, the module power and the signal's state.
 */
import type { FeedInBinding, GridSignalStatus } from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from '../config/schema';

type LimiterSettings = DeepReadonly<GatewayConfig['powerlimiter']>;

/** What the limiter needs of the grid signal service. */
export interface GridSignalFeed {
  status(): GridSignalStatus;
  /** Every change of the signal's state, at once; returns an unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** The signal as seen while no service reads it (switched off). */
export function signalOff(s: LimiterSettings): GridSignalStatus {
  return {
    enabled: false,
    source: s.grid_signal.source,
    known: false,
    percent: null,
    contact: null,
    lost: false,
    problem: null,
    since: null,
  };
}

export interface ExportLimits {
  /** The module power the percentages refer to, Wp. */
  modulePowerWp: number;
  /** The cap, W; null when off. */
  capW: number | null;
  /** The signal's step, W; null when off or not yet known. */
  signalW: number | null;
  /** The strictest of cap and signal, W; null when neither applies. */
  exportLimitW: number | null;
  /** Which of the two sets `exportLimitW`. */
  limitBy: 'feed_in_cap' | 'grid_signal' | null;
}

/** Module power: as set, or the sum of the configured strings' max_power (`stringsWp`). */
export function modulePowerOf(s: LimiterSettings, stringsWp: number): number {
  return s.feed_in_cap.module_power_wp > 0 ? s.feed_in_cap.module_power_wp : Math.max(0, stringsWp);
}

export function exportLimits(s: LimiterSettings, stringsWp: number, signal: GridSignalStatus): ExportLimits {
  const modulePowerWp = modulePowerOf(s, stringsWp);
  const cap = s.feed_in_cap;
  const capW = cap.enabled
    ? Math.round(cap.mode === 'watts' ? cap.watts : (cap.percent * modulePowerWp) / 100)
    : null;
  const signalW =
    s.grid_signal.enabled && signal.percent !== null
      ? Math.round((signal.percent * modulePowerWp) / 100)
      : null;
  let exportLimitW: number | null = null;
  let limitBy: ExportLimits['limitBy'] = null;
  if (capW !== null) {
    exportLimitW = capW;
    limitBy = 'feed_in_cap';
  }
  // The signal wins a tie: it is the grid operator's word, and the status should name it.
  if (signalW !== null && (exportLimitW === null || signalW <= exportLimitW)) {
    exportLimitW = signalW;
    limitBy = 'grid_signal';
  }
  return { modulePowerWp, capW, signalW, exportLimitW, limitBy };
}

/** Whether the limiter works at all: zero export, the cap or the signal is switched on. */
export function limiterActive(s: LimiterSettings): boolean {
  return s.enabled || s.feed_in_cap.enabled || s.grid_signal.enabled;
}

/**
 * The grid power aimed at (positive = import): zero export's target when it is on, raised to −limit when
 * an export limit is stricter; the rule that sets it.
 */
export function targetOf(
  s: LimiterSettings,
  limits: ExportLimits,
): { targetW: number; binding: FeedInBinding } | undefined {
  const fromLimit = limits.exportLimitW === null ? undefined : -limits.exportLimitW;
  if (!s.enabled) {
    return fromLimit === undefined || limits.limitBy === null
      ? undefined
      : { targetW: fromLimit, binding: limits.limitBy };
  }
  if (fromLimit !== undefined && limits.limitBy !== null && fromLimit > s.target_power_consumption) {
    return { targetW: fromLimit, binding: limits.limitBy };
  }
  return { targetW: s.target_power_consumption, binding: 'zero_export' };
}

/**
 * Without a valid reading: the governed inverters' total production. Zero export's base load limit when it
 * is on, the export limit when one applies (conservative: all of it could be exported); the lower wins.
 * Undefined when neither applies.
 */
export function productionCapOf(s: LimiterSettings, limits: ExportLimits): number | undefined {
  const caps: number[] = [];
  if (s.enabled) caps.push(s.base_load_limit);
  if (limits.exportLimitW !== null) caps.push(limits.exportLimitW);
  return caps.length === 0 ? undefined : Math.min(...caps);
}
