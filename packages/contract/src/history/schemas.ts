/** POST /api/v2/history/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { type Rule, rangeRule, rulesCheck } from '../common/validate';
import { HistoryLimits } from './limits';

export const historyConfigShape = z.object({
  enabled: Key.bool,
  minute_days: Key.u32,
  quarter_days: Key.u32,
  daily_days: Key.u32,
});

type HistoryConfigShape = z.output<typeof historyConfigShape>;

export const historyConfigRules: readonly Rule<HistoryConfigShape>[] = [
  rangeRule(
    Code.HistoryMinuteDaysRange,
    'minute_days',
    HistoryLimits.minuteDaysMin,
    HistoryLimits.minuteDaysMax,
  ),
  rangeRule(
    Code.HistoryQuarterDaysRange,
    'quarter_days',
    HistoryLimits.quarterDaysMin,
    HistoryLimits.quarterDaysMax,
  ),
  {
    code: Code.HistoryDailyDaysRange,
    field: 'daily_days',
    fails: (v) =>
      v.daily_days !== 0 &&
      (v.daily_days < HistoryLimits.dailyDaysMin || v.daily_days > HistoryLimits.dailyDaysMax),
  },
];

export const historyConfigSchema = historyConfigShape.check(rulesCheck(historyConfigRules));
export type HistoryConfigPayload = z.output<typeof historyConfigSchema>;
