/**
 * The house meter gives no valid reading: a source is configured (meter/configured.ts) and its last reading
 * is missing or older than the meter's `max_age`. The alert records why (the meter's problem code: refused,
 * auth, a JSON path that finds nothing, or just stale); a reason that changes meanwhile is the same alert.
 */
import { meterConfigured } from '../../powermeter/configured';
import { type AlertRule, condition, MINUTE_MS } from './rule';

export const meterRule: AlertRule = {
  id: 'meter',
  enabled: (s) => s.meter_enabled,
  holdMs: (s) => s.meter_minutes * MINUTE_MS,
  applies: ({ meter }) =>
    meter && meterConfigured(meter) ? { applicable: true } : { applicable: false, reason: 'meter' },
  create: () => ({
    evaluate({ meter }) {
      if (!meter || !meterConfigured(meter) || meter.valid) return [];
      return [condition('', { detail: meter.problem?.code ?? 'stale' })];
    },
  }),
};
