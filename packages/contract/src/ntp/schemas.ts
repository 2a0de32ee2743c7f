/** POST /api/ntp/config and POST /api/ntp/time. */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { lengthRule, type Rule, rangeRule, rulesCheck } from '../common/validate';
import { NtpLimits } from './limits';

/** Coordinates are not range-checked and the zone name is not looked up: the API accepts any. */
export const ntpConfigShape = z.object({
  ntp_server: Key.string,
  /** The older form's POSIX rule; used only when the zone name is not in the zone table. */
  ntp_timezone: Key.string.optional(),
  ntp_timezone_descr: Key.string,
  longitude: Key.number,
  latitude: Key.number,
  // Values other than 0..3 behave as nautical, so they are accepted.
  sunsettype: Key.u8,
});

type NtpConfigShape = z.output<typeof ntpConfigShape>;

export const ntpConfigRules: readonly Rule<NtpConfigShape>[] = [
  lengthRule(Code.NtpServerLength, 'ntp_server', 1, NtpLimits.serverMaxLength),
  lengthRule(Code.NtpTimezoneDescrLength, 'ntp_timezone_descr', 1, NtpLimits.timezoneDescrMaxLength),
];

export const ntpConfigSchema = ntpConfigShape.check(rulesCheck(ntpConfigRules));
export type NtpConfigPayload = z.output<typeof ntpConfigSchema>;

/** Local time; all six are required non-negative integers (u32). */
export const ntpTimeShape = z.object({
  year: Key.u32,
  month: Key.u32,
  day: Key.u32,
  hour: Key.u32,
  minute: Key.u32,
  second: Key.u32,
});

type NtpTimeShape = z.output<typeof ntpTimeShape>;

export const ntpTimeRules: readonly Rule<NtpTimeShape>[] = [
  rangeRule(Code.NtpYearRange, 'year', NtpLimits.yearMin, NtpLimits.yearMax),
  rangeRule(Code.NtpMonthRange, 'month', NtpLimits.monthMin, NtpLimits.monthMax),
  rangeRule(Code.NtpDayRange, 'day', NtpLimits.dayMin, NtpLimits.dayMax),
  rangeRule(Code.NtpHourRange, 'hour', NtpLimits.hourMin, NtpLimits.hourMax),
  rangeRule(Code.NtpMinuteRange, 'minute', NtpLimits.minuteMin, NtpLimits.minuteMax),
  rangeRule(Code.NtpSecondRange, 'second', NtpLimits.secondMin, NtpLimits.secondMax),
];

export const ntpTimeSchema = ntpTimeShape.check(rulesCheck(ntpTimeRules));
export type NtpTimePayload = z.output<typeof ntpTimeSchema>;
