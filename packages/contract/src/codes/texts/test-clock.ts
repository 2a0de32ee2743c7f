import { TestClockCode } from '../../test-clock/codes';
import { type CodeTextsOf, text } from './text';

/** What the TestClockCode codes mean and the English `message` the gateway answers them with. */
export const TestClockCodeTexts: CodeTextsOf<typeof TestClockCode> = {
  [TestClockCode.TestClockAdvanced]: text(
    'gateway clock moved forward; every timer due in the span has run (tests only)',
    'Clock advanced.',
  ),
  [TestClockCode.TestClockAdvanceRange]: text(
    'advance_ms outside 1..3600000',
    'The time to advance must be between {min} and {max} ms.',
  ),
};
