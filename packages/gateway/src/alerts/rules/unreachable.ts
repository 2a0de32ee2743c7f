/**
 * An inverter that does not answer in daylight while the others do (or it is the only one): switched off,
 * out of range, or broken. Night and a plant where nobody answers (the radio's own problem) are not alerts.
 */
import { type AlertRule, condition, MINUTE_MS } from './rule';

export const unreachableRule: AlertRule = {
  id: 'unreachable',
  enabled: (s) => s.unreachable_enabled,
  holdMs: (s) => s.unreachable_minutes * MINUTE_MS,
  create: () => ({
    evaluate({ isDay, inverters }) {
      if (!isDay) return [];
      const polled = inverters.filter((inv) => inv.pollEnabled);
      return polled
        .filter((inv) => !inv.reachable)
        .filter((inv) => {
          const others = polled.filter((other) => other !== inv);
          return others.length === 0 || others.some((other) => other.reachable);
        })
        .map((inv) => condition(inv.serial));
    },
  }),
};
