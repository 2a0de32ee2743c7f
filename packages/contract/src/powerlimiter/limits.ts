// The power limiter (zero export): limits, defaults and enumerations.

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
  /**
   * Today's energy (GET /api/powerlimiter/energy): a value is held until the next pass at most this long,
   * ms; a longer silence is not counted.
   */
  energyHoldMaxMs: 60_000,
} as const;

/**
 * The limiter's mode, set at run time (MQTT `powerlimiter/cmd/mode`, not stored): `normal` as configured,
 * `off` the limiter lets go of every inverter, `full_passthrough` battery-fed inverters feed the whole
 * solar power whatever the battery's state of charge (a BMS alarm still stops them).
 */
export const PowerLimiterModes = ['normal', 'off', 'full_passthrough'] as const;

/**
 * The limiter's battery rules, the one in force named in its status (`battery.rule`, docs/battery.md). A
 * runtime list so that outputs can show every rule (an enum in Prometheus), not only the one in force.
 */
export const BatteryLimiterRules = [
  'battery_off',
  'bms_alarm',
  'discharging',
  'passthrough',
  'full_passthrough',
  'waiting_for_start',
  'below_stop',
] as const;

/** What an inverter governed by the limiter is fed from (docs/battery.md). */
export const LimiterInverterRoles = ['solar', 'battery'] as const;

/** The limiter's battery rules (`powerlimiter.battery`, docs/battery.md). Voltages 0 = not set. */
export const BatteryLimiterLimits = {
  startSocDefault: 80,
  stopSocDefault: 20,
  socMin: 0,
  socMax: 100,
  startVoltageDefault: 0,
  stopVoltageDefault: 0,
  voltageMax: 1000,
  /** V per kW of the battery inverters' output added back to the measured voltage (it sags under load). */
  loadCorrectionDefault: 0,
  loadCorrectionMax: 10,
  passthroughMarginDefault: 20,
  passthroughMarginMax: 10_000,
  fullSocDefault: 100,
  /** The battery inverters' conversion from the battery's DC to AC: the BMS's current limit × V × this. */
  inverterEfficiency: 0.95,
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

/** How the feed-in cap is given: a share of the module power, or watts. */
export const FeedInCapModes = ['percent', 'watts'] as const;
export type FeedInCapMode = (typeof FeedInCapModes)[number];

/** Where the grid operator's signal (a ripple-control receiver) is read. */
export const GridSignalSources = ['gpio', 'mqtt'] as const;
export type GridSignalSource = (typeof GridSignalSources)[number];

/** The feed-in cap and the grid operator's signal (docs/limiter.md): bounds, defaults, timings. */
export const FeedInLimits = {
  capEnabledDefault: false,
  capModeDefault: 'percent' as FeedInCapMode,
  /** Germany's rule for new plants without a smart-meter gateway: 60 % of the module power. */
  capPercentDefault: 60,
  percentMin: 0,
  percentMax: 100,
  capWattsDefault: 0,
  capWattsMax: 1_000_000,
  /** 0 = the sum of the configured strings' max_power. */
  modulePowerDefault: 0,
  modulePowerMax: 1_000_000,
  signalEnabledDefault: false,
  signalSourceDefault: 'gpio' as GridSignalSource,
  gpioChipDefault: '/dev/gpiochip0',
  gpioChipMaxLength: 64,
  /** The receiver's contacts; a line of -1 is not wired. */
  contacts: 4,
  gpioLinesDefault: [-1, -1, -1, -1] as readonly number[],
  gpioLineMax: 1023,
  /** Contacts close to ground with the line pulled up: closed reads low. */
  activeLowDefault: true,
  mqttTopicMaxLength: 256,
  /** Percent of module power per contact (K1..K4). */
  stepsDefault: [100, 60, 30, 0] as readonly number[],
  /** A contact must read the same this long before it counts (relay bounce), ms. */
  debounceMs: 100,
  /** An MQTT signal with no message this long counts as lost (the last step is kept), ms. */
  mqttStaleMs: 5 * 60_000,
  /** A GPIO line is read back this often besides its edges (a line gone unreadable is noticed), ms. */
  gpioCheckMs: 5_000,
} as const;
