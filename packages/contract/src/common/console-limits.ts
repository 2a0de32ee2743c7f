// Timings of console and gateway, the browser's UI numbers and the console's languages.

/** Client and server timings. */
export const Timing = {
  /** Console socket "ping" interval. */
  consoleHeartbeatMs: 5000,
  /** Live data socket "ping" interval; the reference web app used 25 s. */
  liveHeartbeatMs: 59000,
  /** Heartbeat rescheduled after an empty live-data message. */
  liveHeartbeatAfterEmptyMs: 10000,
  /** Pause between closing and reopening the live socket on reload. */
  liveReloadDelayMs: 1000,
  /** Status polling while waiting for the device after a firmware update. */
  firmwareStatusPollMs: 1000,
  clockTickMs: 1000,
  dataAgeTickMs: 1000,
  /** Above this age the live view shows an absolute time. */
  dataAgeAbsoluteAfterS: 300,
  /** "Waiting for data" lasts up to this long. */
  inverterDataWaitS: 10,
  /** The absolute limit display follows a change after about this long. */
  limitDisplayUpdateS: 240,
  /** A CMT frequency change can take this long to connect. */
  frequencyChangeConnectS: 900,
  sunsetTypeChangeS: 60,
  /** The navbar brand icon re-evaluates the date this often. */
  brandIconRecheckMs: 10000,
  onlinePulseMs: 2500,
  sortAnimationMs: 150,
  /** Server pushes each inverter at least this often on /livedata. */
  livePushMaxIntervalS: 10,
} as const;

/** Browser-only UI numbers. */
export const UiLimits = {
  consoleRows: 24,
  pullToRefreshThreshold: 60,
  pullToRefreshMax: 80,
  pullToRefreshReloadDistance: 50,
  pullToRefreshTimeoutMs: 500,
  dragScrollSensitivity: 30,
  dragScrollSpeed: 10,
} as const;

/** The languages built into the console, each with its own name. */
export const BuiltInLanguages = { en: 'English', de: 'Deutsch', fr: 'Français' } as const;
export type BuiltInLanguage = keyof typeof BuiltInLanguages;
