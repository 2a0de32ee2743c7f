/** POST /api/test/clock (tests only, `--test-clock`). */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { type Rule, rangeRule, rulesCheck } from '../common/validate';
import { TestClockLimits } from './limits';

/** How far to move the gateway clock, in ms of simulated time. */
export const testClockShape = z.object({ advance_ms: Key.u32 });

type TestClockShape = z.output<typeof testClockShape>;

export const testClockRules: readonly Rule<TestClockShape>[] = [
  rangeRule(
    Code.TestClockAdvanceRange,
    'advance_ms',
    TestClockLimits.advanceMinMs,
    TestClockLimits.advanceMaxMs,
  ),
];

export const testClockSchema = testClockShape.check(rulesCheck(testClockRules));
export type TestClockPayload = z.output<typeof testClockSchema>;
