/**
 * The power limiter is on and in its fallback: its meter went stale or was lost after a valid reading, and
 * the governed inverters share the base load limit instead of following the house (docs/limiter.md).
 */
import { type AlertRule, condition, MINUTE_MS } from './rule';

export const limiterRule: AlertRule = {
  id: 'limiter',
  enabled: (s) => s.limiter_enabled,
  holdMs: (s) => s.limiter_minutes * MINUTE_MS,
  applies: ({ limiter }) =>
    limiter?.enabled ? { applicable: true } : { applicable: false, reason: 'limiter' },
  create: () => ({
    evaluate({ limiter }) {
      return limiter?.enabled && limiter.state === 'fallback' ? [condition('')] : [];
    },
  }),
};
