// Batteries and solar charge controllers (MPPTs): limits, defaults and enumerations (docs/battery.md).

export const BatterySources = ['simulated', 'mqtt', 'vedirect', 'jkbms', 'pylontech_can'] as const;
export const SolarChargerSources = ['simulated', 'vedirect', 'mqtt'] as const;
/** How a JK BMS is wired: its TTL port (the "GPS" port) or RS485 through an adapter. */
export const JkBmsInterfaces = ['uart', 'rs485'] as const;
/**
 * What a value read from MQTT is multiplied by to give V (voltage_unit) or A (current_unit):
 * 0 V/A, 1 dV/dA, 2 cV/cA, 3 mV/mA.
 */
export const BatteryUnitFactors = [1, 0.1, 0.01, 0.001] as const;
/** What a solar power read from MQTT is multiplied by to give W: 0 W, 1 kW. */
export const SolarPowerUnitFactors = [1, 1000] as const;

/** Why a battery or charge-controller source has no usable reading (translated by the console). */
export const BatteryProblemCodes = [
  'disabled',
  'no-reading',
  'stale',
  'device-missing',
  'device-permission',
  'device-lost',
  'no-socketcan',
  'broker-off',
  'disconnected',
  'not-simulated',
  'bad-frames',
] as const;

export const BatteryLimits = {
  /** A reading older than this many seconds is stale: the limiter no longer discharges by it. */
  staleAfterDefault: 30,
  staleAfterMin: 5,
  staleAfterMax: 3600,
  /** Serial device of a VE.Direct cable or a JK BMS adapter. */
  serialDeviceDefault: '/dev/ttyUSB0',
  serialDeviceMaxLength: 128,
  /** SocketCAN interface names are at most 15 bytes (IFNAMSIZ − 1). */
  canInterfaceDefault: 'can0',
  canInterfaceMaxLength: 15,
  topicMaxLength: 256,
  jsonPathMaxLength: 128,
  /** VE.Direct sends at 19200 baud, 8N1. */
  vedirectBaudRate: 19200,
  /** A JK BMS answers at 115200 baud, 8N1, on either interface. */
  jkbmsBaudRate: 115200,
  /** How often a JK BMS is asked for its data, ms (it does not send by itself). */
  jkbmsPollMs: 5000,
  /** Charge controllers on VE.Direct: at most this many at once (one serial line each). */
  chargerDevicesMax: 3,
  /** Seconds between two readings of the simulated battery and MPPT. */
  simulatedIntervalS: 1,
  /** The simulated battery: 5 kWh at 51.2 V (16 LFP cells), starting the day at 50 %. */
  simulatedCapacityWh: 5000,
  simulatedNominalV: 51.2,
  simulatedStartSoc: 50,
  /** The simulated MPPT's panels, Wp. */
  simulatedSolarWp: 1600,
} as const;
