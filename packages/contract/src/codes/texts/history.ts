import { HistoryCode } from '../../history/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the HistoryCode codes mean and the English `message` the gateway answers them with. */
export const HistoryCodeTexts: CodeTextsOf<typeof HistoryCode> = {
  [HistoryCode.HistoryMinuteDaysRange]: rangeText(
    'history: days of 1-minute power outside the bounds',
    'Minute values',
  ),
  [HistoryCode.HistoryQuarterDaysRange]: rangeText(
    'history: days of 15-minute power outside the bounds',
    'Quarter-hour values',
  ),
  [HistoryCode.HistoryDailyDaysRange]: text(
    'history: days of daily energy neither 0 (for good) nor within the bounds',
    'Daily energy is kept for good (0) or between {min} and {max} days.',
  ),
  [HistoryCode.HistoryRangeInvalid]: text(
    'history query: from/to/date missing, malformed, or to not after from',
    'Invalid time range.',
  ),
  [HistoryCode.HistoryStepInvalid]: text(
    'history query: step not a whole number of minutes within the bounds',
    'Step must be a whole number of minutes between {min} and {max} seconds.',
  ),
  [HistoryCode.HistoryTooManyPoints]: text(
    'history query: the range holds more buckets than one answer may carry',
    'The range holds more than {max} steps; choose a larger step.',
  ),
  [HistoryCode.HistoryInverterUnknown]: text(
    'history query: serial neither configured nor in the history',
    'Unknown inverter.',
  ),
  [HistoryCode.HistoryPeriodInvalid]: text(
    'history energy query: range not month/year/all, or date not of the form the range needs',
    'Invalid period.',
  ),
  [HistoryCode.HistoryImportInvalid]: text(
    'history import: not a history export of this gateway, damaged, or too large; nothing replaced',
    'Invalid history file.',
  ),
  [HistoryCode.HistoryImported]: text('history import merged', 'History imported.'),
};
