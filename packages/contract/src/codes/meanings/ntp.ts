import { NtpCode } from '../../ntp/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each NtpCode code, for developers (`./meaning.ts`). */
export const NtpCodeMeanings: CodeMeaningsOf<typeof NtpCode> = {
  [NtpCode.NtpServerLength]: 'NTP server empty or longer than 31 bytes',
  [NtpCode.NtpTimezoneLength]:
    'POSIX timezone string empty or longer than 50 bytes; not sent since the timezone key was removed',
  [NtpCode.NtpTimezoneDescrLength]: 'timezone name (ntp_timezone_descr) empty or longer than 50 bytes',
  [NtpCode.NtpYearRange]: 'year outside 2022..2100',
  [NtpCode.NtpMonthRange]: 'month outside 1..12',
  [NtpCode.NtpDayRange]: 'day outside 1..31',
  [NtpCode.NtpHourRange]: 'hour above 23',
  [NtpCode.NtpMinuteRange]: 'minute above 59',
  [NtpCode.NtpSecondRange]: 'second above 59',
  [NtpCode.NtpTimeUpdated]: 'device time set manually',
};
