/** POST /api/ntp/config and POST /api/ntp/time (api.md §6.5). */
import { z } from 'zod';
import { Code } from '../codes';
import { NtpLimits } from '../limits';
import { Key } from './keys';
import { isLengthOutside, isOutside, type Rule, rulesCheck } from './validate';

/** Coordinates are not range-checked and the zone name is not looked up: the API accepts any. */
export const ntpConfigShape = z.object({
  ntp_server: Key.string,
  ntp_timezone_descr: Key.string,
  longitude: Key.number,
  latitude: Key.number,
  // Values other than 0..3 behave as nautical, so they are accepted.
  sunsettype: Key.u8,
});

type NtpConfigShape = z.output<typeof ntpConfigShape>;

export const ntpConfigRules: readonly Rule<NtpConfigShape>[] = [
  {
    code: Code.NtpServerLength,
    field: 'ntp_server',
    fails: (v) => isLengthOutside(v.ntp_server, 1, NtpLimits.serverMaxLength),
  },
  {
    code: Code.NtpTimezoneDescrLength,
    field: 'ntp_timezone_descr',
    fails: (v) => isLengthOutside(v.ntp_timezone_descr, 1, NtpLimits.timezoneDescrMaxLength),
  },
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
  {
    code: Code.NtpYearRange,
    field: 'year',
    fails: (v) => isOutside(v.year, NtpLimits.yearMin, NtpLimits.yearMax),
  },
  {
    code: Code.NtpMonthRange,
    field: 'month',
    fails: (v) => isOutside(v.month, NtpLimits.monthMin, NtpLimits.monthMax),
  },
  {
    code: Code.NtpDayRange,
    field: 'day',
    fails: (v) => isOutside(v.day, NtpLimits.dayMin, NtpLimits.dayMax),
  },
  {
    code: Code.NtpHourRange,
    field: 'hour',
    fails: (v) => isOutside(v.hour, NtpLimits.hourMin, NtpLimits.hourMax),
  },
  {
    code: Code.NtpMinuteRange,
    field: 'minute',
    fails: (v) => isOutside(v.minute, NtpLimits.minuteMin, NtpLimits.minuteMax),
  },
  {
    code: Code.NtpSecondRange,
    field: 'second',
    fails: (v) => isOutside(v.second, NtpLimits.secondMin, NtpLimits.secondMax),
  },
];

export const ntpTimeSchema = ntpTimeShape.check(rulesCheck(ntpTimeRules));
export type NtpTimePayload = z.output<typeof ntpTimeSchema>;
