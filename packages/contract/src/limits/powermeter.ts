// The house's electricity meter; its response codes are in ../codes/powermeter.ts.

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
