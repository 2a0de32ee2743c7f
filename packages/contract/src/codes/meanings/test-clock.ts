import { TestClockCode } from '../../test-clock/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each TestClockCode code, for developers (`./meaning.ts`). */
export const TestClockCodeMeanings: CodeMeaningsOf<typeof TestClockCode> = {
  [TestClockCode.TestClockAdvanced]:
    'gateway clock moved forward; every timer due in the span has run (tests only)',
  [TestClockCode.TestClockAdvanceRange]: 'advance_ms outside 1..3600000',
};
