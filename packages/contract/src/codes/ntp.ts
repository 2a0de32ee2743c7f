import { NtpLimits } from '../limits/ntp';
import { type CodeSpecs, rangeWarning, success, warning } from './spec';

/** Codes of the time settings (`/api/ntp/*`). */
export const NtpCode = {
  NtpServerLength: 9001,
  NtpTimezoneLength: 9002,
  NtpTimezoneDescrLength: 9003,
  NtpYearRange: 9004,
  NtpMonthRange: 9005,
  NtpDayRange: 9006,
  NtpHourRange: 9007,
  NtpMinuteRange: 9008,
  NtpSecondRange: 9009,
  NtpTimeUpdated: 9010,
} as const;

export const NtpCodeTable: CodeSpecs<typeof NtpCode> = {
  [NtpCode.NtpServerLength]: warning(
    'NTP server empty or longer than 31 bytes',
    'Time server must be 1 to {max} characters long.',
    { max: NtpLimits.serverMaxLength },
  ),
  [NtpCode.NtpTimezoneLength]: {
    ...warning(
      'POSIX timezone string empty or longer than 50 bytes; not sent since the timezone key was removed',
      'Timezone must be 1 to {max} characters long.',
      { max: NtpLimits.timezoneMaxLength },
    ),
    sent: false,
  },
  [NtpCode.NtpTimezoneDescrLength]: warning(
    'timezone name (ntp_timezone_descr) empty or longer than 50 bytes',
    'Timezone name must be 1 to {max} characters long.',
    { max: NtpLimits.timezoneDescrMaxLength },
  ),
  [NtpCode.NtpYearRange]: rangeWarning(
    'year outside 2022..2100',
    'Year',
    NtpLimits.yearMin,
    NtpLimits.yearMax,
  ),
  [NtpCode.NtpMonthRange]: rangeWarning(
    'month outside 1..12',
    'Month',
    NtpLimits.monthMin,
    NtpLimits.monthMax,
  ),
  [NtpCode.NtpDayRange]: rangeWarning('day outside 1..31', 'Day', NtpLimits.dayMin, NtpLimits.dayMax),
  [NtpCode.NtpHourRange]: rangeWarning('hour above 23', 'Hour', NtpLimits.hourMin, NtpLimits.hourMax),
  [NtpCode.NtpMinuteRange]: rangeWarning(
    'minute above 59',
    'Minute',
    NtpLimits.minuteMin,
    NtpLimits.minuteMax,
  ),
  [NtpCode.NtpSecondRange]: rangeWarning(
    'second above 59',
    'Second',
    NtpLimits.secondMin,
    NtpLimits.secondMax,
  ),
  [NtpCode.NtpTimeUpdated]: success('device time set manually', 'Time updated.'),
};
