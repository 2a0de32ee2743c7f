import { HistoryCode } from '../../history/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each HistoryCode code, for developers (`./meaning.ts`). */
export const HistoryCodeMeanings: CodeMeaningsOf<typeof HistoryCode> = {
  [HistoryCode.HistoryMinuteDaysRange]: 'history: days of 1-minute power outside the bounds',
  [HistoryCode.HistoryQuarterDaysRange]: 'history: days of 15-minute power outside the bounds',
  [HistoryCode.HistoryDailyDaysRange]:
    'history: days of daily energy neither 0 (for good) nor within the bounds',
  [HistoryCode.HistoryRangeInvalid]: 'history query: from/to/date missing, malformed, or to not after from',
  [HistoryCode.HistoryStepInvalid]: 'history query: step not a whole number of minutes within the bounds',
  [HistoryCode.HistoryTooManyPoints]: 'history query: the range holds more buckets than one answer may carry',
  [HistoryCode.HistoryInverterUnknown]: 'history query: serial neither configured nor in the history',
  [HistoryCode.HistoryPeriodInvalid]:
    'history energy query: range not month/year/all, or date not of the form the range needs',
  [HistoryCode.HistoryImportInvalid]:
    'history import: not a history export of this gateway, damaged, or too large; nothing replaced',
  [HistoryCode.HistoryImported]: 'history import merged',
};
