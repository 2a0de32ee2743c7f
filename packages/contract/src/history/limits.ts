// History (power and energy over time): limits, defaults and enumerations.

/** History (power and energy over time, the `/api/v2/history` endpoints). */
export const HistoryLimits = {
  /** Recording is on unless switched off. */
  enabledDefault: true,
  /** Days the 1-minute power values are kept. */
  minuteDaysDefault: 31,
  minuteDaysMin: 1,
  minuteDaysMax: 366,
  /** Days the 15-minute power aggregates are kept. */
  quarterDaysDefault: 730,
  quarterDaysMin: 31,
  quarterDaysMax: 3650,
  /** Days the daily energy is kept; 0 keeps it for good (the default). */
  dailyDaysDefault: 0,
  dailyDaysMin: 366,
  dailyDaysMax: 36500,
  /** Power series: step in seconds, a whole number of minutes. */
  stepMin: 60,
  stepMax: 86400,
  /** Default step of a day curve (`?date=`). */
  dayStepDefault: 300,
  /** Most buckets one power answer carries (a day at one minute fits). */
  maxPoints: 1500,
  /** Largest history import file in bytes (gzip as uploaded). */
  importMaxBytes: 64 * 1024 * 1024,
  /** Writes are batched: pending samples are flushed at least this often. */
  flushIntervalMs: 60_000,
} as const;

/** `range` of the energy endpoint: the days of a month, the months of a year, or every year. */
export const HistoryEnergyRanges = ['month', 'year', 'all'] as const;
