import { type CodeSpecs, success, warning } from '../common/code-spec';
import { NtpLimits } from './limits';

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
  [NtpCode.NtpServerLength]: warning({ max: NtpLimits.serverMaxLength }),
  [NtpCode.NtpTimezoneLength]: { ...warning({ max: NtpLimits.timezoneMaxLength }), sent: false },
  [NtpCode.NtpTimezoneDescrLength]: warning({ max: NtpLimits.timezoneDescrMaxLength }),
  [NtpCode.NtpYearRange]: warning({ min: NtpLimits.yearMin, max: NtpLimits.yearMax }),
  [NtpCode.NtpMonthRange]: warning({ min: NtpLimits.monthMin, max: NtpLimits.monthMax }),
  [NtpCode.NtpDayRange]: warning({ min: NtpLimits.dayMin, max: NtpLimits.dayMax }),
  [NtpCode.NtpHourRange]: warning({ min: NtpLimits.hourMin, max: NtpLimits.hourMax }),
  [NtpCode.NtpMinuteRange]: warning({ min: NtpLimits.minuteMin, max: NtpLimits.minuteMax }),
  [NtpCode.NtpSecondRange]: warning({ min: NtpLimits.secondMin, max: NtpLimits.secondMax }),
  [NtpCode.NtpTimeUpdated]: success(),
};
