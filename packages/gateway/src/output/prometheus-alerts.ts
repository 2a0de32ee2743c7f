/**
 * The alert families (docs/metrics.md): the open alerts of the gateway's own rules, and how many each
 * rule opened since the gateway started.
 */
import { type Alert, type AlertRuleId, AlertRuleIds } from '@dtu-console/contract';
import { group, type MetricGroup } from './prometheus-group';

// Plant-wide alerts carry an empty serial and name, a string alert its input (0-based), so every series has
// the same label set; a series ends when its alert clears (acknowledging changes nothing here).
const OPEN = group<Alert>(
  (source) =>
    (source.alerts ?? []).map((alert) => ({
      subject: alert,
      labels: [
        ['rule', alert.rule],
        ['serial', alert.serial],
        ['name', alert.name],
        ['string', alert.channel === null ? '' : String(alert.channel)],
      ],
    })),
  [
    {
      name: 'dtu_alert_active',
      help: "Open alerts of the gateway's own rules (1 while open)",
      type: 'gauge',
      value: () => 1,
    },
    {
      name: 'dtu_alert_started_timestamp_seconds',
      help: 'When the open alert started, Unix seconds',
      type: 'gauge',
      value: (alert) => alert.started,
    },
  ],
);

// Every rule has its series from the start (0 until it opens one), so increase() sees the first alert.
const OPENED = group<{ rule: AlertRuleId; count: number }>(
  (source) => {
    const opened = source.alertsOpened;
    if (!opened) return [];
    return AlertRuleIds.map((rule) => ({ subject: { rule, count: opened[rule] }, labels: [['rule', rule]] }));
  },
  [
    {
      name: 'dtu_alerts_opened_total',
      help: 'Alerts opened per rule since the gateway started',
      type: 'counter',
      value: ({ count }) => count,
    },
  ],
);

export const ALERT_GROUPS: readonly MetricGroup[] = [OPEN, OPENED];
