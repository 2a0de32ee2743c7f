/** POST /api/alerts/config and /api/alerts/ack. */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { byteLength, isOutside, type Rule, rangeRule, rulesCheck } from '../common/validate';
import { SecretMask } from '../security/limits';
import { AlertLimits } from './limits';

export const alertsConfigShape = z.object({
  unreachable_enabled: Key.bool,
  unreachable_minutes: Key.u32,
  string_enabled: Key.bool,
  string_percent: Key.u32,
  string_minutes: Key.u32,
  string_light_percent: Key.u32,
  alarm_enabled: Key.bool,
  radio_enabled: Key.bool,
  radio_percent: Key.u32,
  radio_minutes: Key.u32,
  meter_enabled: Key.bool,
  meter_minutes: Key.u32,
  limiter_enabled: Key.bool,
  limiter_minutes: Key.u32,
  grid_signal_lost_enabled: Key.bool.optional(),
  grid_signal_lost_minutes: Key.u32.optional(),
  grid_signal_enabled: Key.bool.optional(),
  grid_signal_hours: Key.u32.optional(),
  webhook_enabled: Key.bool,
  webhook_url: Key.string,
  webhook_auth: Key.string,
  ntfy_enabled: Key.bool,
  ntfy_url: Key.string,
  ntfy_token: Key.string,
  ntfy_priority: Key.u8,
});

type AlertsConfigShape = z.output<typeof alertsConfigShape>;

/** '' (none), the secret mask sent back, or an http(s) URL within the length limit. */
export function isPushUrl(value: string): boolean {
  if (value === '' || value === SecretMask) return true;
  if (byteLength(value) > AlertLimits.urlMaxLength) return false;
  return /^https?:\/\/[^\s/]+/i.test(value);
}

export const alertsConfigRules: readonly Rule<AlertsConfigShape>[] = [
  rangeRule(
    Code.AlertsUnreachableMinutesRange,
    'unreachable_minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  rangeRule(Code.AlertsStringPercentRange, 'string_percent', AlertLimits.percentMin, AlertLimits.percentMax),
  rangeRule(Code.AlertsStringMinutesRange, 'string_minutes', AlertLimits.minutesMin, AlertLimits.minutesMax),
  rangeRule(
    Code.AlertsStringLightRange,
    'string_light_percent',
    AlertLimits.percentMin,
    AlertLimits.percentMax,
  ),
  rangeRule(Code.AlertsRadioPercentRange, 'radio_percent', 0, AlertLimits.percentMax),
  rangeRule(Code.AlertsRadioMinutesRange, 'radio_minutes', AlertLimits.minutesMin, AlertLimits.minutesMax),
  rangeRule(Code.AlertsMeterMinutesRange, 'meter_minutes', AlertLimits.minutesMin, AlertLimits.minutesMax),
  rangeRule(
    Code.AlertsLimiterMinutesRange,
    'limiter_minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  {
    code: Code.AlertsGridSignalLostMinutesRange,
    field: 'grid_signal_lost_minutes',
    fails: (v) =>
      v.grid_signal_lost_minutes !== undefined &&
      isOutside(v.grid_signal_lost_minutes, AlertLimits.minutesMin, AlertLimits.minutesMax),
  },
  {
    code: Code.AlertsGridSignalHoursRange,
    field: 'grid_signal_hours',
    fails: (v) =>
      v.grid_signal_hours !== undefined &&
      isOutside(v.grid_signal_hours, AlertLimits.hoursMin, AlertLimits.hoursMax),
  },
  { code: Code.AlertsPushUrlInvalid, field: 'webhook_url', fails: (v) => !isPushUrl(v.webhook_url) },
  {
    code: Code.AlertsPushSecretLength,
    field: 'webhook_auth',
    fails: (v) => byteLength(v.webhook_auth) > AlertLimits.secretMaxLength,
  },
  { code: Code.AlertsPushUrlInvalid, field: 'ntfy_url', fails: (v) => !isPushUrl(v.ntfy_url) },
  {
    code: Code.AlertsPushSecretLength,
    field: 'ntfy_token',
    fails: (v) => byteLength(v.ntfy_token) > AlertLimits.secretMaxLength,
  },
  rangeRule(Code.AlertsNtfyPriorityRange, 'ntfy_priority', 1, 5),
];

export const alertsConfigSchema = alertsConfigShape.check(rulesCheck(alertsConfigRules));
export type AlertsConfigPayload = z.output<typeof alertsConfigSchema>;

export const alertsAckSchema = z
  .object({ id: z.int().min(1).optional(), all: z.boolean().optional() })
  .check(
    rulesCheck<{ id?: number | undefined; all?: boolean | undefined }>([
      { code: Code.AlertsUnknown, field: 'id', fails: (v) => v.id === undefined && v.all !== true },
    ]),
  );
export type AlertsAckBody = z.output<typeof alertsAckSchema>;
