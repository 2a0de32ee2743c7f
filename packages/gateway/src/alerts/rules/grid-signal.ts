/**
 * The grid operator's signal (docs/limiter.md): `grid_signal_lost` when its source cannot be read (GPIO
 * unreadable, MQTT quiet for 5 minutes; the limiter keeps the last step), and `grid_signal` when it holds
 * the plant below 100 % for longer than the hours set (off by default: a reduction is the operator's
 * right, the alert only tells the owner it lasts). Both record the step as their figure.
 */
import type { GridSignalStatus } from '@dtu-console/contract';
import { type AlertRule, condition, MINUTE_MS, type RuleScope } from './rule';

const HOUR_MS = 60 * MINUTE_MS;

function signalOf(scope: RuleScope): GridSignalStatus | undefined {
  const signal = scope.limiter?.feed_in?.grid_signal;
  return signal?.enabled ? signal : undefined;
}

const applies = (scope: RuleScope) =>
  signalOf(scope) ? { applicable: true } : { applicable: false, reason: 'grid_signal' as const };

export const gridSignalLostRule: AlertRule = {
  id: 'grid_signal_lost',
  enabled: (s) => s.grid_signal_lost_enabled,
  holdMs: (s) => s.grid_signal_lost_minutes * MINUTE_MS,
  applies,
  create: () => ({
    evaluate(input) {
      const signal = signalOf(input);
      if (!signal?.lost) return [];
      return [condition('', { figure: signal.percent, detail: signal.problem ?? '' })];
    },
  }),
};

export const gridSignalRule: AlertRule = {
  id: 'grid_signal',
  enabled: (s) => s.grid_signal_enabled,
  holdMs: (s) => s.grid_signal_hours * HOUR_MS,
  applies,
  create: () => ({
    evaluate(input) {
      const signal = signalOf(input);
      if (!signal?.known || signal.percent === null || signal.percent >= 100) return [];
      // Each step its own alert: a step from 60 to 30 % is a new reduction with its own hours.
      return [condition('', { figure: signal.percent, tag: String(signal.percent) })];
    },
  }),
};
