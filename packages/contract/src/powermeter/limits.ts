// The house's electricity meter: limits, defaults and enumerations.

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
  /** Serial line of an SML read head or a Modbus RTU adapter. */
  serialDeviceDefault: '/dev/ttyUSB0',
  serialDeviceMaxLength: 128,
  baudRateDefault: 9600,
  /** A vanished serial device (USB unplugged) is looked for again this often, ms. */
  serialReopenMs: 2000,
  /** Speedwire: UDP port and multicast group of SMA Energy Meters and the Sunny Home Manager. */
  speedwirePort: 9522,
  speedwireGroup: '239.12.255.254',
  /** Speedwire serial numbers are 32-bit; 0 takes the first meter heard. */
  speedwireSerialMax: 0xffffffff,
  modbusPortDefault: 502,
  /** Modbus unit (slave) ids: 1..247 (0 is broadcast, no answer). */
  modbusUnitMin: 1,
  modbusUnitMax: 247,
  modbusRegisterMax: 0xffff,
  /** One Modbus request (or one serial telegram gap) may take this long, ms. */
  modbusTimeoutMs: 1000,
  /** A custom register's scale: the raw value is multiplied by it (negative flips the sign). */
  modbusScaleMaxAbs: 1_000_000,
} as const;

/** Baud rates a serial meter line may use (SML heads: 9600 mostly, some 300 or 2400; Modbus up to 115200). */
export const PowerMeterBaudRates = [300, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
/** Modbus transports: TCP (a meter with Ethernet, or an RS485 gateway) or RTU over a serial line. */
export const ModbusTransports = ['tcp', 'rtu'] as const;
/** Parity of a Modbus RTU line (8 data bits, 1 stop bit; SDM and Chint default to none). */
export const ModbusParities = ['none', 'even', 'odd'] as const;
/** Meters whose register map is known (gateway/src/meter/modbus-maps.ts), or `custom`. */
export const ModbusMeterModels = ['sdm630', 'sdm120', 'sdm72', 'dtsu666', 'ddsu666', 'custom'] as const;
/** Value types of a custom register. */
export const ModbusDataTypes = ['float32', 'int16', 'int32', 'uint32'] as const;
/** Order of the two 16-bit words of a 32-bit value: `high_first` (big-endian, most meters) or `low_first`. */
export const ModbusWordOrders = ['high_first', 'low_first'] as const;
/** Function code of a custom register: input registers (FC 4) or holding registers (FC 3). */
export const ModbusRegisterTypes = ['input', 'holding'] as const;

/** Where the readings come from. `none` switches the meter off. */
export const PowerMeterSources = [
  'none',
  'simulated',
  'mqtt',
  'http',
  'shelly',
  'sml_serial',
  'http_sml',
  'sma_speedwire',
  'modbus',
] as const;
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
  // serial lines (SML read head, Modbus RTU)
  'device-missing',
  'device-permission',
  'device-lost',
  // SML
  'sml-crc',
  'sml-broken',
  'sml-no-power',
  // SMA Speedwire
  'speedwire-foreign',
  'multicast-join',
  // Modbus
  'modbus-exception',
  'modbus-unit',
] as const;
