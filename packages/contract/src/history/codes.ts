import { badQuery, type CodeSpecs, success, warning } from '../common/code-spec';
import { HistoryLimits } from './limits';

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
  [HistoryCode.HistoryMinuteDaysRange]: warning({
    min: HistoryLimits.minuteDaysMin,
    max: HistoryLimits.minuteDaysMax,
  }),
  [HistoryCode.HistoryQuarterDaysRange]: warning({
    min: HistoryLimits.quarterDaysMin,
    max: HistoryLimits.quarterDaysMax,
  }),
  [HistoryCode.HistoryDailyDaysRange]: warning({
    min: HistoryLimits.dailyDaysMin,
    max: HistoryLimits.dailyDaysMax,
  }),
  [HistoryCode.HistoryRangeInvalid]: badQuery(),
  [HistoryCode.HistoryStepInvalid]: badQuery({ min: HistoryLimits.stepMin, max: HistoryLimits.stepMax }),
  [HistoryCode.HistoryTooManyPoints]: badQuery({ max: HistoryLimits.maxPoints }),
  [HistoryCode.HistoryInverterUnknown]: badQuery(),
  [HistoryCode.HistoryPeriodInvalid]: badQuery(),
  [HistoryCode.HistoryImportInvalid]: badQuery(),
  [HistoryCode.HistoryImported]: success(),
};
