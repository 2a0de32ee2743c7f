/**
 * Alert settings shaped like the GET answer of their endpoint (what the console posts back), shared by
 * the contract's schema tests, the gateway's API tests and the console's form tests. Each builder returns a
 * fresh object with every key in wire order; `patch` replaces whole keys. Not part of the API.
 */
import type { AlertsConfig } from './api';

/** Every alert rule on with its usual thresholds (the grid signal's long-step rule off), no push target. */
export function alertsConfig(patch: Partial<AlertsConfig> = {}): AlertsConfig {
  return {
    unreachable_enabled: true,
    unreachable_minutes: 30,
    string_enabled: true,
    string_percent: 30,
    string_minutes: 60,
    string_light_percent: 20,
    alarm_enabled: true,
    radio_enabled: true,
    radio_percent: 30,
    radio_minutes: 15,
    meter_enabled: true,
    meter_minutes: 5,
    limiter_enabled: true,
    limiter_minutes: 5,
    grid_signal_lost_enabled: true,
    grid_signal_lost_minutes: 1,
    grid_signal_enabled: false,
    grid_signal_hours: 24,
    webhook_enabled: false,
    webhook_url: '',
    webhook_auth: '',
    ntfy_enabled: false,
    ntfy_url: '',
    ntfy_token: '',
    ntfy_priority: 4,
    ...patch,
  };
}
