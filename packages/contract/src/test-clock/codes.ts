import { type CodeSpecs, success, warning } from '../common/code-spec';
import { TestClockLimits } from './limits';

/**
 * Codes of the test clock (`POST /api/test/clock`, only with `--test-clock`, issue 31): 31001.. No
 * production gateway sends them.
 */
export const TestClockCode = {
  TestClockAdvanced: 31001,
  TestClockAdvanceRange: 31002,
} as const;

export const TestClockCodeTable: CodeSpecs<typeof TestClockCode> = {
  [TestClockCode.TestClockAdvanced]: success(),
  [TestClockCode.TestClockAdvanceRange]: warning({
    min: TestClockLimits.advanceMinMs,
    max: TestClockLimits.advanceMaxMs,
  }),
};
