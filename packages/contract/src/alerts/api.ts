/**
 * The alerts API: `/api/alerts/*`. Alerts are problems the gateway finds on its own (an inverter silent in
 * daylight, a weak string, an alarm in an event log, a lossy radio, a meter without a valid reading, the
 * power limiter in its fallback); rules and lifecycle in docs/alerts.md.
 * Times are Unix seconds of the gateway clock. Read like live data: open under `allow_readonly`, otherwise
 * admin; settings and acknowledging are admin.
 */

/** The rules the gateway evaluates; `meter` and `limiter` watch the power limiter's meter and state. */
export type AlertRuleId =
  | 'unreachable'
  | 'string'
  | 'alarm'
  | 'radio'
  | 'meter'
  | 'limiter'
  | 'grid_signal_lost'
  | 'grid_signal';

export interface Alert {
  /** Stable id of this alert (row id in the history database). */
  id: number;
  rule: AlertRuleId;
  /** Inverter serial; "" for an alert about the whole plant. */
  serial: string;
  /** Inverter name at the time the alert opened. */
  name: string;
  /** DC input (0-based) of a string alert; null otherwise. */
  channel: number | null;
  /** What happened, in the language asked for (`?locale=`), with its figures filled in. */
  message: string;
  /** Unix s when the condition was first seen holding long enough. */
  started: number;
  /** Unix s when it cleared; null while open. */
  ended: number | null;
  acknowledged: boolean;
}

/** Whether a rule can be evaluated on this plant now, and why not. */
export interface AlertRuleStatus {
  rule: AlertRuleId;
  enabled: boolean;
  /** False when the plant cannot support the rule (e.g. fewer than 2 strings with a max power). */
  applicable: boolean;
  /**
   * Why it does not apply: 'strings' (fewer than two strings with a configured max power), 'meter' (no
   * meter source configured), 'limiter' (the power limiter is off), 'grid_signal' (the grid operator's
   * signal is off).
   */
  reason?: 'strings' | 'meter' | 'limiter' | 'grid_signal';
}

/** GET /api/alerts/status[?locale=en|de|fr] */
export interface AlertsStatus {
  /** Open alerts, newest first. */
  open: Alert[];
  /** Cleared alerts of the last days, newest first (at most `AlertLimits.recentMax`). */
  recent: Alert[];
  /** Open alerts nobody has acknowledged yet (the bell's count). */
  unacknowledged: number;
  rules: AlertRuleStatus[];
}

/** GET /api/alerts/config; the POST payload is `AlertsConfigPayload`. Secrets come back masked. */
export interface AlertsConfig {
  unreachable_enabled: boolean;
  /** Minutes an inverter stays silent in daylight before it is an alert. */
  unreachable_minutes: number;
  string_enabled: boolean;
  /** How far (%) below the median of the other strings a string must stay. */
  string_percent: number;
  string_minutes: number;
  /** Good light: the other strings deliver at least this % of their max power. */
  string_light_percent: number;
  alarm_enabled: boolean;
  radio_enabled: boolean;
  /** Lost requests (%) over the window above which the radio is lossy. */
  radio_percent: number;
  /** Window (minutes) the loss is counted over. */
  radio_minutes: number;
  meter_enabled: boolean;
  /** Minutes the configured meter may go without a valid reading before it is an alert. */
  meter_minutes: number;
  limiter_enabled: boolean;
  /** Minutes the power limiter may stay in its fallback before it is an alert. */
  limiter_minutes: number;
  /** The grid operator's signal cannot be read (its last step is kept). */
  grid_signal_lost_enabled: boolean;
  grid_signal_lost_minutes: number;
  /** The grid operator's signal below 100 % for longer than `grid_signal_hours` (off by default). */
  grid_signal_enabled: boolean;
  grid_signal_hours: number;
  webhook_enabled: boolean;
  /** Write-only: masked in GET. */
  webhook_url: string;
  /** Value of the Authorization header sent; write-only. */
  webhook_auth: string;
  ntfy_enabled: boolean;
  /** Server and topic, e.g. https://ntfy.sh/my-roof; write-only. */
  ntfy_url: string;
  /** Bearer token; write-only. */
  ntfy_token: string;
  /** 1 (min) .. 5 (max) for an opening alert; a clearing one is sent at 2. */
  ntfy_priority: number;
}

/** POST /api/alerts/ack: acknowledge one alert, or every open one with `all`. */
export interface AlertsAckPayload {
  id?: number;
  all?: boolean;
}
