// Alert rules and push targets: limits, defaults and enumerations.

/** The alert rules' thresholds and the push targets (docs/alerts.md). */
export const AlertLimits = {
  unreachableEnabledDefault: true,
  unreachableMinutesDefault: 30,
  stringEnabledDefault: true,
  stringPercentDefault: 30,
  stringMinutesDefault: 60,
  stringLightPercentDefault: 20,
  alarmEnabledDefault: true,
  radioEnabledDefault: true,
  radioPercentDefault: 30,
  radioMinutesDefault: 15,
  meterEnabledDefault: true,
  meterMinutesDefault: 5,
  limiterEnabledDefault: true,
  limiterMinutesDefault: 5,
  /** The grid operator's signal cannot be read (the last step is kept). */
  gridSignalLostEnabledDefault: true,
  gridSignalLostMinutesDefault: 1,
  /** The grid operator's signal below 100 % for longer than this many hours; off by default. */
  gridSignalEnabledDefault: false,
  gridSignalHoursDefault: 24,
  hoursMin: 1,
  hoursMax: 720,
  minutesMin: 1,
  minutesMax: 1440,
  percentMin: 1,
  percentMax: 100,
  /** Requests a radio window must hold before its loss counts. */
  radioMinRequests: 10,
  ntfyPriorityDefault: 4,
  urlMaxLength: 512,
  secretMaxLength: 256,
  /** Cleared alerts GET /api/alerts/status lists at most. */
  recentMax: 50,
  /** Rules are evaluated this often. */
  evaluateIntervalMs: 30_000,
  /** Push: tries per message and the first back-off (doubled each time). */
  pushTries: 5,
  pushBackoffMs: 2_000,
  pushTimeoutMs: 10_000,
} as const;

/** The rules in the order they are shown. */
export const AlertRuleIds = [
  'unreachable',
  'string',
  'alarm',
  'radio',
  'meter',
  'limiter',
  'grid_signal_lost',
  'grid_signal',
] as const;
