import { TestClockLimits } from '../limits/test-clock';
import { type CodeSpecs, success, warning } from './spec';

/**
 * Codes of the test clock (`POST /api/test/clock`, only with `--test-clock`, issue 31): 31001.. No
 * production gateway sends them.
 */
export const TestClockCode = {
  TestClockAdvanced: 31001,
  TestClockAdvanceRange: 31002,
} as const;

export const TestClockCodeTable: CodeSpecs<typeof TestClockCode> = {
  [TestClockCode.TestClockAdvanced]: success(
    'gateway clock moved forward; every timer due in the span has run (tests only)',
    'Clock advanced.',
  ),
  [TestClockCode.TestClockAdvanceRange]: warning(
    'advance_ms outside 1..3600000',
    'The time to advance must be between {min} and {max} ms.',
    { min: TestClockLimits.advanceMinMs, max: TestClockLimits.advanceMaxMs },
  ),
};
