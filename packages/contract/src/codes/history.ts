import { HistoryLimits } from '../limits/history';
import { badQuery, type CodeSpecs, rangeWarning, success, warning } from './spec';

/** Codes of the history (`/api/v2/history/*`). */
export const HistoryCode = {
  HistoryMinuteDaysRange: 13001,
  HistoryQuarterDaysRange: 13002,
  HistoryDailyDaysRange: 13003,
  HistoryRangeInvalid: 13004,
  HistoryStepInvalid: 13005,
  HistoryTooManyPoints: 13006,
  HistoryInverterUnknown: 13007,
  HistoryPeriodInvalid: 13008,
  HistoryImportInvalid: 13009,
  HistoryImported: 13010,
} as const;

export const HistoryCodeTable: CodeSpecs<typeof HistoryCode> = {
  [HistoryCode.HistoryMinuteDaysRange]: rangeWarning(
    'history: days of 1-minute power outside the bounds',
    'Minute values',
    HistoryLimits.minuteDaysMin,
    HistoryLimits.minuteDaysMax,
  ),
  [HistoryCode.HistoryQuarterDaysRange]: rangeWarning(
    'history: days of 15-minute power outside the bounds',
    'Quarter-hour values',
    HistoryLimits.quarterDaysMin,
    HistoryLimits.quarterDaysMax,
  ),
  [HistoryCode.HistoryDailyDaysRange]: warning(
    'history: days of daily energy neither 0 (for good) nor within the bounds',
    'Daily energy is kept for good (0) or between {min} and {max} days.',
    { min: HistoryLimits.dailyDaysMin, max: HistoryLimits.dailyDaysMax },
  ),
  [HistoryCode.HistoryRangeInvalid]: badQuery(
    'history query: from/to/date missing, malformed, or to not after from',
    'Invalid time range.',
  ),
  [HistoryCode.HistoryStepInvalid]: badQuery(
    'history query: step not a whole number of minutes within the bounds',
    'Step must be a whole number of minutes between {min} and {max} seconds.',
    { min: HistoryLimits.stepMin, max: HistoryLimits.stepMax },
  ),
  [HistoryCode.HistoryTooManyPoints]: badQuery(
    'history query: the range holds more buckets than one answer may carry',
    'The range holds more than {max} steps; choose a larger step.',
    { max: HistoryLimits.maxPoints },
  ),
  [HistoryCode.HistoryInverterUnknown]: badQuery(
    'history query: serial neither configured nor in the history',
    'Unknown inverter.',
  ),
  [HistoryCode.HistoryPeriodInvalid]: badQuery(
    'history energy query: range not month/year/all, or date not of the form the range needs',
    'Invalid period.',
  ),
  [HistoryCode.HistoryImportInvalid]: badQuery(
    'history import: not a history export of this gateway, damaged, or too large; nothing replaced',
    'Invalid history file.',
  ),
  [HistoryCode.HistoryImported]: success('history import merged', 'History imported.'),
};
