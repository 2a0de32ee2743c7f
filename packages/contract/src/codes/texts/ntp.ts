import { NtpCode } from '../../ntp/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the NtpCode codes mean and the English `message` the gateway answers them with. */
export const NtpCodeTexts: CodeTextsOf<typeof NtpCode> = {
  [NtpCode.NtpServerLength]: text(
    'NTP server empty or longer than 31 bytes',
    'Time server must be 1 to {max} characters long.',
  ),
  [NtpCode.NtpTimezoneLength]: text(
    'POSIX timezone string empty or longer than 50 bytes; not sent since the timezone key was removed',
    'Timezone must be 1 to {max} characters long.',
  ),
  [NtpCode.NtpTimezoneDescrLength]: text(
    'timezone name (ntp_timezone_descr) empty or longer than 50 bytes',
    'Timezone name must be 1 to {max} characters long.',
  ),
  [NtpCode.NtpYearRange]: rangeText('year outside 2022..2100', 'Year'),
  [NtpCode.NtpMonthRange]: rangeText('month outside 1..12', 'Month'),
  [NtpCode.NtpDayRange]: rangeText('day outside 1..31', 'Day'),
  [NtpCode.NtpHourRange]: rangeText('hour above 23', 'Hour'),
  [NtpCode.NtpMinuteRange]: rangeText('minute above 59', 'Minute'),
  [NtpCode.NtpSecondRange]: rangeText('second above 59', 'Second'),
  [NtpCode.NtpTimeUpdated]: text('device time set manually', 'Time updated.'),
};
