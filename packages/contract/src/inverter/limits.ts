// Inverter slots: limits, defaults and enumerations.

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
  /** MI series: the power limiter may govern it (its limit is best effort); off until the owner opts in. */
  limiterOptIn: false,
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
  limiter_opt_in: InverterDefaults.limiterOptIn,
} as const;
