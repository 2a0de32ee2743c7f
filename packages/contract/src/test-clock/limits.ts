// The test clock of the browser tests (`--test-clock`): limits, defaults and enumerations.

/**
 * POST /api/test/clock: how far one call may move the gateway clock. An hour keeps a call short (every
 * timer in the span fires at its own moment) and a suite that starts at noon in daylight.
 */
export const TestClockLimits = {
  advanceMinMs: 1,
  advanceMaxMs: 60 * 60_000,
} as const;
