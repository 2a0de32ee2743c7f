/**
 * Limits, defaults and enumerations shared by gateway and console.
 *
 * Where the console's input limit differs from what the API checks, both are
 * kept: `...MaxLength` is the server check and the one the schemas use, `...InputMaxLength` the form's
 * maxlength. Lengths are UTF-8 byte lengths.
 */
import { LimitType } from '@dtu-console/hoymiles/types';

/** Admin password bounds (security settings). */
export const SecurityLimits = {
  passwordMinLength: 8,
  passwordMaxLength: 64,
  /** The single account. */
  username: 'admin',
  defaultPassword: 'openDTU42',
  defaultAllowReadonly: true,
} as const;

/** MQTT settings bounds. */
export const MqttLimits = {
  hostnameMaxLength: 128,
  clientIdMaxLength: 64,
  usernameMaxLength: 64,
  passwordMaxLength: 64,
  topicMaxLength: 32,
  lwtTopicMaxLength: 32,
  hassTopicMaxLength: 32,
  lwtValueMaxLength: 20,
  /** Root CA, client certificate and client key each. */
  certMaxLength: 2560,
  portMin: 1,
  portMax: 65535,
  publishIntervalMin: 5,
  /**
   * Seconds, form and server alike (code 7013 carries it). A day, as the console promises; OpenDTU's own
   * server stops at 65535 because it stores the value in 16 bits, which we do not.
   */
  publishIntervalMax: 86400,
  qosMin: 0,
  qosMax: 2,
} as const;

export const MqttQos = { AtMostOnce: 0, AtLeastOnce: 1, ExactlyOnce: 2 } as const;
export type MqttQos = (typeof MqttQos)[keyof typeof MqttQos];

/** MQTT defaults of a fresh gateway; the root CA default (a PEM certificate) is left to the gateway. */
export const MqttDefaults = {
  enabled: false,
  hostname: '',
  port: 1883,
  username: '',
  password: '',
  topic: 'solar/',
  retain: true,
  tls: false,
  tlsCertLogin: false,
  clientCert: '',
  clientKey: '',
  lwtTopic: 'dtu/status',
  lwtOnline: 'online',
  lwtOffline: 'offline',
  lwtQos: MqttQos.ExactlyOnce,
  publishInterval: 5,
  cleanSession: true,
  hassEnabled: false,
  hassExpire: true,
  hassRetain: true,
  hassTopic: 'homeassistant/',
  hassIndividualPanels: false,
} as const;

/** Time settings bounds. Coordinates are form bounds only: the server does not check them. */
export const NtpLimits = {
  serverMaxLength: 31,
  serverInputMaxLength: 32,
  timezoneDescrMaxLength: 50,
  /** Legacy POSIX `ntp_timezone` key (code 9002). */
  timezoneMaxLength: 50,
  timezoneInputMaxLength: 32,
  latitudeMin: -90,
  latitudeMax: 90,
  longitudeMin: -180,
  longitudeMax: 180,
  yearMin: 2022,
  yearMax: 2100,
  monthMin: 1,
  monthMax: 12,
  dayMin: 1,
  dayMax: 31,
  hourMin: 0,
  hourMax: 23,
  minuteMin: 0,
  minuteMax: 59,
  secondMin: 0,
  secondMax: 59,
} as const;

export const SunsetType = { Official: 0, Nautical: 1, Civil: 2, Astronomical: 3 } as const;
export type SunsetType = (typeof SunsetType)[keyof typeof SunsetType];

/**
 * Zenith angle per sunset type in degrees. Displays often round the official one to 90.8; the sun computation
 * needs the exact 90.833 (sun.json).
 */
export const SunsetZenithDeg: { readonly [T in SunsetType]: number } = {
  [SunsetType.Official]: 90.833,
  [SunsetType.Nautical]: 102,
  [SunsetType.Civil]: 96,
  [SunsetType.Astronomical]: 108,
};

/** Time defaults of a fresh gateway (lat/lon are the centre of Germany). */
export const NtpDefaults = {
  // The global pool, not a vendor zone: vendor zones are reserved for that vendor's devices.
  server: 'pool.ntp.org',
  timezoneDescr: 'Europe/Berlin',
  /** The POSIX rule of `timezoneDescr`. */
  timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  latitude: 51.1657,
  longitude: 10.4515,
  sunsetType: SunsetType.Nautical,
} as const;

/**
 * Configured inverters on one gateway (OpenDTU stops at 10 for the ESP32's memory; docs/scale.md has the
 * measurements behind this number). Older config files with fewer slots are filled up on load.
 */
const INVERTER_SLOTS = 100;

/** Inverter slots: count, ids, names, strings. */
export const InverterLimits = {
  maxInverters: INVERTER_SLOTS,
  /** Slot ids are 0..maxInverters-1. */
  maxId: INVERTER_SLOTS - 1,
  maxChannels: 6,
  nameMinLength: 1,
  nameMaxLength: 31,
  /** Form bound for string names; the server stores at most 30 and does not validate. */
  channelNameInputMaxLength: 31,
  channelNameStoredMaxLength: 30,
  channelMaxPowerMin: 0,
  /** Stored as u16 W. */
  channelMaxPowerMax: 65535,
  yieldTotalOffsetMin: 0,
  reachableThresholdMin: 1,
  reachableThresholdMax: 100,
  maxEventLogEntries: 15,
} as const;

/** Values an empty or edited slot falls back to. */
export const InverterDefaults = {
  pollEnable: true,
  pollEnableNight: true,
  commandEnable: true,
  commandEnableNight: true,
  reachableThreshold: 2,
  zeroRuntime: false,
  zeroDay: false,
  clearEventlog: false,
  yielddayCorrection: false,
} as const;

/** `InverterDefaults` under the names of an inverter slot's flags (config.json, the engine's settings). */
export const InverterSlotDefaults = {
  poll_enable: InverterDefaults.pollEnable,
  poll_enable_night: InverterDefaults.pollEnableNight,
  command_enable: InverterDefaults.commandEnable,
  command_enable_night: InverterDefaults.commandEnableNight,
  reachable_threshold: InverterDefaults.reachableThreshold,
  zero_runtime: InverterDefaults.zeroRuntime,
  zero_day: InverterDefaults.zeroDay,
  clear_eventlog: InverterDefaults.clearEventlog,
  yieldday_correction: InverterDefaults.yielddayCorrection,
} as const;

/**
 * `limit_type` of POST /api/limit/config: the protocol's limit types 0..3. The older "0/1 plus 256 when
 * persistent" form is the legacy encoding; see `PowerLimits.legacyPersistentFlag`.
 */
export { LimitType };

/** Active-power limit. */
export const PowerLimits = {
  /** Server rejects larger values of any type (code 5002). */
  valueMax: 2250,
  /** Absolute input bound while the inverter's max power is unknown (not above 0). */
  absoluteFallbackMaxW: 2250,
  relativeMax: 100,
  valueMin: 0,
  typeMax: 3,
  legacyPersistentFlag: 256,
} as const;

/**
 * The encoding clients used before August 2025 and some older documentation still describes: 0/1 plus 256 when
 * persistent. 0 and 1 mean the same in both encodings.
 */
const legacyLimitTypes: Readonly<Record<number, LimitType>> = {
  [PowerLimits.legacyPersistentFlag]: LimitType.AbsolutePersistent,
  [PowerLimits.legacyPersistentFlag + 1]: LimitType.RelativePersistent,
};

/**
 * The current `limit_type` (0..3) for a current or legacy one, undefined when it is neither (5003). The
 * gateway's engine reads MQTT limit commands through the same rule.
 */
export function normalizeLimitType(limitType: number): LimitType | undefined {
  if (Number.isInteger(limitType) && limitType >= 0 && limitType <= PowerLimits.typeMax) {
    return limitType as LimitType;
  }
  return legacyLimitTypes[limitType];
}

/** DTU radio settings bounds. */
export const DtuLimits = {
  serialMin: 1,
  /** Form bound of the DTU serial. */
  serialMax: 199999999999,
  pollIntervalMin: 1,
  pollIntervalMax: 86400,
  nrfPaLevelMin: 0,
  nrfPaLevelMax: 3,
  cmtPaLevelMinDbm: -10,
  cmtPaLevelMaxDbm: 20,
  /** CMT frequency step and channel width (the console calls it the 250 kHz frequency step). */
  cmtChannelWidthHz: 250000,
  countryCount: 3,
} as const;

/** nRF24 PA levels by `nrf_palevel` key. */
export const NrfPaLevels = [
  { value: 0, label: 'Min', dbm: -18 },
  { value: 1, label: 'Low', dbm: -12 },
  { value: 2, label: 'High', dbm: -6 },
  { value: 3, label: 'Max', dbm: 0 },
] as const;

export const CmtCountry = { Europe: 0, NorthAmerica: 1, Brazil: 2 } as const;
export type CmtCountry = (typeof CmtCountry)[keyof typeof CmtCountry];

/** CMT2300A frequency rules per `cmt_country`, in Hz. Index = country id. */
export const CmtCountries = [
  {
    id: CmtCountry.Europe,
    name: 'Europe',
    freq_default: 865000000,
    freq_min: 860250000,
    freq_max: 923500000,
    freq_legal_min: 863000000,
    freq_legal_max: 870000000,
  },
  {
    id: CmtCountry.NorthAmerica,
    name: 'North America',
    freq_default: 918000000,
    freq_min: 900250000,
    freq_max: 963500000,
    freq_legal_min: 905000000,
    freq_legal_max: 925000000,
  },
  {
    id: CmtCountry.Brazil,
    name: 'Brazil',
    freq_default: 918000000,
    freq_min: 900250000,
    freq_max: 963500000,
    freq_legal_min: 915000000,
    freq_legal_max: 928000000,
  },
] as const;

/** DTU defaults of a fresh gateway (the DTU serial is generated from the chip id, so it has no fixed default). */
export const DtuDefaults = {
  pollInterval: 5,
  nrfPaLevel: 0,
  cmtPaLevel: 0,
  cmtFrequency: 865000000,
  cmtCountry: CmtCountry.Europe,
} as const;

/** The seven log modules the logging settings list, in their order. */
export const LogModules = ['CORE', 'hoymiles', 'mqtt', 'network', 'webapi', 'async_ws', 'async_tcp'] as const;

/** Display, LEDs and device profiles. */
export const DeviceLimits = {
  diagramDurationMin: 600,
  diagramDurationMax: 86400,
  contrastMin: 0,
  contrastMax: 100,
  ledBrightnessMin: 0,
  ledBrightnessMax: 100,
  ledCount: 2,
  profileNameMinLength: 1,
  profileNameMaxLength: 63,
  localeLength: 2,
  /**
   * The older numeric `display.language`: its index into this list is the locale. Served beside `locale`;
   * a locale outside the list reads as 0 (English, the display's fallback).
   */
  displayLanguageLocales: ['en', 'de', 'fr'],
  /** Shown for the empty profile name; listed first, the rest sorted by name. */
  defaultProfileName: 'Default',
} as const;

/** `display.rotation` key → degrees. */
export const DisplayRotationDeg = [0, 90, 180, 270] as const;

/**
 * Display language indices of the device display. The API itself carries the 2-letter code in `display.locale`.
 */
export const DisplayLanguage = { en: 0, de: 1, fr: 2 } as const;

/** The languages built into the console, each with its own name. */
export const BuiltInLanguages = { en: 'English', de: 'Deutsch', fr: 'Français' } as const;
export type BuiltInLanguage = keyof typeof BuiltInLanguages;

export const DiagramMode = { Off: 0, Small: 1, Fullscreen: 2 } as const;
export type DiagramMode = (typeof DiagramMode)[keyof typeof DiagramMode];

/** Display defaults of a fresh gateway. */
export const DisplayDefaults = {
  powerSafe: true,
  screensaver: true,
  rotation: 2,
  contrast: 60,
  locale: 'en',
  diagramDuration: 36000,
  diagramMode: DiagramMode.Small,
  ledBrightness: 100,
} as const;

/** Network settings bounds. */
export const NetworkLimits = {
  ssidMinLength: 1,
  ssidMaxLength: 32,
  /** Server rejects 64 although its own message says 64. */
  passwordMaxLength: 63,
  passwordInputMaxLength: 64,
  hostnameMinLength: 1,
  hostnameMaxLength: 31,
  hostnameInputMaxLength: 32,
  /** IP, netmask, gateway, DNS 1 and DNS 2 inputs. */
  addressInputMaxLength: 32,
  apTimeoutMin: 0,
  apTimeoutMax: 99999,
  /** AP timeout value meaning "never switch the AP off". */
  apTimeoutInfinite: 0,
  syslogHostnameMaxLength: 128,
  syslogPortMin: 1,
  syslogPortMax: 65535,
} as const;

/** Network defaults of a fresh gateway. */
export const NetworkDefaults = {
  hostnamePattern: 'OpenDTU-%06X',
  dhcp: true,
  address: '0.0.0.0',
  apTimeout: 3,
  apIp: '192.168.4.1',
  mdnsEnabled: false,
  syslogEnabled: false,
  syslogPort: 514,
} as const;

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

/** Wi-Fi quality: linear from 0 % at this RSSI (dBm) or below to 100 % at `rssiBest` or above. */
export const WifiQuality = { rssiWorst: -100, rssiBest: -50 } as const;

/** Backup, restore and firmware upload. */
export const UploadLimits = {
  /** The console hashes firmware for the MD5 field in chunks of this size. */
  md5ChunkBytes: 2 * 1024 * 1024,
  restoreFiles: ['config.json', 'pin_mapping.json'],
  restoreAccept: '.json',
  firmwareAccept: ['.bin', '.bin.gz'],
} as const;

/** WebSocket and console-log numbers of the gateway. */
/** The subprotocol a WebSocket server answers with when a client offers subprotocols. */
export const SOCKET_SUBPROTOCOL = 'dtu-console';
/** Prefix of the subprotocol that carries the console's token: `dtu-auth.<base64url of user:password>`. */
export const SOCKET_AUTH_SUBPROTOCOL_PREFIX = 'dtu-auth.';

export const SocketLimits = {
  /**
   * Default cap of clients per WebSocket (/livedata, /console), set with `--max-socket-clients`: a Linux
   * host serves hundreds (the ESP32 reference stops at 8). Over the cap the oldest client is closed (1013).
   */
  maxClientsPerSocket: 1000,
  maxClientsPerSocketMax: 100_000,
  sendQueueLength: 32,
  consoleBatchBytes: 512,
  consoleBatchMs: 250,
  consoleMessageMaxBytes: 255,
  consoleMaxMessagesPerSecond: 128,
} as const;

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

/** The house's electricity meter (`powermeter` settings, gateway/src/meter/). Times in seconds unless named. */
export const PowerMeterLimits = {
  /** A reading older than this many seconds is stale (the limiter falls back). */
  maxAgeDefault: 10,
  maxAgeMin: 1,
  maxAgeMax: 300,
  /** Seconds between two requests of the polling sources (HTTP JSON, Shelly). */
  pollingIntervalDefault: 2,
  pollingIntervalMin: 1,
  pollingIntervalMax: 3600,
  /** One HTTP request may take this long, ms. */
  timeoutDefault: 3000,
  timeoutMin: 100,
  timeoutMax: 30_000,
  /** How long "read now" waits for a pushed source (MQTT) to deliver, ms. */
  readNowWaitMs: 5000,
  /** Seconds between two readings of the simulated meter. */
  simulatedIntervalS: 1,
  hostnameMaxLength: 128,
  usernameMaxLength: 64,
  passwordMaxLength: 64,
  topicMaxLength: 256,
  urlMaxLength: 1024,
  jsonPathMaxLength: 128,
  /** Shelly component id (`em:<id>`, `em1:<id>`). */
  channelMax: 2,
  mqttPortDefault: 1883,
} as const;

/** Where the readings come from. `none` switches the meter off. */
export const PowerMeterSources = ['none', 'simulated', 'mqtt', 'http', 'shelly'] as const;
/** Unit of a source's value, as OpenDTU-OnBattery numbers them: 0 W, 1 kW, 2 mW. */
export const PowerMeterUnitFactors = [1, 1000, 0.001] as const;
/** HTTP auth of the JSON source: 0 none, 1 basic, 2 digest (OpenDTU-OnBattery's numbers). */
export const PowerMeterAuthTypes = { none: 0, basic: 1, digest: 2 } as const;
/** The Shelly status call: `em` Pro 3EM and 3EM Gen3 (EM.GetStatus), `em1` Pro EM and EM Gen3 (EM1.GetStatus). */
export const ShellyMeterKinds = ['em', 'em1'] as const;

/**
 * Why the meter has no usable reading; the console translates each (`limiter:meter.problem.<code>`).
 * Gateway and console read this one list.
 */
export const PowerMeterProblemCodes = [
  'disabled',
  'no-reading',
  'stale',
  'connection-refused',
  'host-not-found',
  'unreachable',
  'timeout',
  'auth',
  'http-status',
  'not-json',
  'json-path',
  'not-a-number',
  'broker-off',
  'disconnected',
  'rpc-error',
  'not-simulated',
] as const;
/**
 * What a GET shows instead of a stored secret (passwords, keys, push URLs and tokens); posting it back keeps
 * the stored value. 8 characters, so it passes every length rule when a form posts the GET object back.
 */
export const SecretMask = '********';

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
export const AlertRuleIds = ['unreachable', 'string', 'alarm', 'radio', 'meter', 'limiter'] as const;
/** The power limiter (zero export): settings bounds and defaults, the timing it works to. */
export const PowerLimiterLimits = {
  enabledDefault: false,
  /** Grid power the limiter aims at, W; positive = import, negative allows a little export. */
  targetDefault: 0,
  targetMin: -10_000,
  targetMax: 10_000,
  /** Deviation from the target that is left alone, W. */
  hysteresisDefault: 20,
  hysteresisMin: 0,
  hysteresisMax: 1_000,
  /** Total the governed inverters produce while the meter is stale or lost, W. */
  baseLoadLimitDefault: 200,
  baseLoadLimitMin: 0,
  baseLoadLimitMax: 100_000,
  /** Shortest time between two limit commands to one inverter, s. */
  minIntervalDefault: 3,
  minIntervalMin: 1,
  minIntervalMax: 600,
  /** Per-inverter bounds of the limit, W (0 as upper = the inverter's rated power). */
  inverterLimitMax: 100_000,
  /** Largest lease of a limit set from outside (POST /api/limit/config `expiry_s`), s. */
  leaseMaxS: 86_400,
  /** Consecutive failed limit commands after which an inverter is reported as failing. */
  failuresReported: 3,
  /** Longest back-off between retries of a failing inverter, ms. */
  backoffMaxMs: 5 * 60_000,
  /** The trace of GET /api/powerlimiter/trace: this long, at most one point this often, ms. */
  traceWindowMs: 15 * 60_000,
  traceSpacingMs: 5000,
} as const;

/**
 * How a Hoymiles inverter follows a new limit (docs/limiter.md): it holds its output for a dead time, then
 * ramps at a bounded rate (in % of its rated power per second, down faster than up). The simulated
 * inverters behave so, and the limiter waits this long before it judges the effect of a command.
 */
export interface LimitResponse {
  /** From the command's acknowledgement until the output starts to move, ms. */
  delayMs: number;
  /** The same for a persistent limit (written to the inverter's memory first), ms. */
  persistentDelayMs: number;
  /** % of rated power per second. */
  rampUpPercentPerS: number;
  rampDownPercentPerS: number;
}

export const LIMIT_RESPONSE: { readonly NRF24: LimitResponse; readonly CMT: LimitResponse } = {
  /** HM series (2.4 GHz). */
  NRF24: { delayMs: 4_000, persistentDelayMs: 15_000, rampUpPercentPerS: 20, rampDownPercentPerS: 40 },
  /** HMS/HMT series (sub-GHz). */
  CMT: { delayMs: 2_000, persistentDelayMs: 10_000, rampUpPercentPerS: 25, rampDownPercentPerS: 50 },
};

/** Time an inverter needs to move its output by `percent` of its rated power (`up` or down), ms. */
export function limitResponseMs(response: LimitResponse, percent: number, up: boolean): number {
  const rate = up ? response.rampUpPercentPerS : response.rampDownPercentPerS;
  return response.delayMs + (Math.abs(percent) / rate) * 1000;
}
