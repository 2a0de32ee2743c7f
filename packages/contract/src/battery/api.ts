/**
 * /api/battery/* and /api/solarcharger/*: the battery and the solar charge controllers (MPPTs) that charge
 * it. Key names follow OpenDTU-OnBattery's where the meaning is the same. Currents are positive while the
 * battery charges and negative while it discharges; power likewise.
 */
import type { BatteryProblemCodes, BatterySources, JkBmsInterfaces, SolarChargerSources } from './limits';

export type BatterySource = (typeof BatterySources)[number];
export type SolarChargerSource = (typeof SolarChargerSources)[number];
export type JkBmsInterface = (typeof JkBmsInterfaces)[number];
export type BatteryProblemCode = (typeof BatteryProblemCodes)[number];

/** The battery's values read from MQTT (through the gateway's own broker connection): "" = not read. */
export interface BatteryMqttConfig {
  soc_topic: string;
  soc_json_path: string;
  voltage_topic: string;
  voltage_json_path: string;
  /** 0 V, 1 dV, 2 cV, 3 mV. */
  voltage_unit: number;
  current_topic: string;
  current_json_path: string;
  /** 0 A, 1 dA, 2 cA, 3 mA. */
  current_unit: number;
  power_topic: string;
  power_json_path: string;
  temperature_topic: string;
  temperature_json_path: string;
  discharge_current_limit_topic: string;
  discharge_current_limit_json_path: string;
}

/** GET/POST /api/battery/config. */
export interface BatteryConfig {
  enabled: boolean;
  source: BatterySource;
  /** A SmartShunt or BMV on a VE.Direct cable. */
  vedirect: { device: string };
  jkbms: { device: string; interface: JkBmsInterface };
  /** A Pylontech-protocol BMS on SocketCAN. */
  can: { interface: string };
  mqtt: BatteryMqttConfig;
  /** s: a reading older than this is stale. */
  stale_after_s: number;
}

export interface BatteryProblem {
  code: BatteryProblemCode;
  /** English detail for logs and clients that do not translate. */
  detail: string;
}

/** GET /api/battery/status. A value the source does not report is null, never 0. */
export interface BatteryStatus {
  enabled: boolean;
  source: BatterySource;
  /** The source is the simulated battery (no hardware). */
  simulated: boolean;
  /** %. */
  soc: number | null;
  /** V. */
  voltage: number | null;
  /** A, negative while discharging. */
  current: number | null;
  /** W, negative while discharging. */
  power: number | null;
  /** °C. */
  temperature: number | null;
  /** A, what the BMS allows now. */
  discharge_current_limit: number | null;
  charge_current_limit: number | null;
  /** The BMS's alarms and warnings in force, as stable keys (`overvoltage`, `cell_undervoltage`, …). */
  alarms: string[];
  warnings: string[];
  /** Age of the last reading, ms; null before the first. */
  data_age: number | null;
  /** No reading, or the last one is older than `stale_after_s`. */
  stale: boolean;
  /** Frames, blocks or messages decoded, and refused (bad checksum, out-of-range value, garbage). */
  frames_ok: number;
  frames_bad: number;
  problem: BatteryProblem | null;
}

/** The charge controllers' values read from MQTT (the gateway's own broker connection). */
export interface SolarChargerMqttConfig {
  power_topic: string;
  power_json_path: string;
  /** 0 W, 1 kW. */
  power_unit: number;
  voltage_topic: string;
  voltage_json_path: string;
  /** 0 V, 1 dV, 2 cV, 3 mV. */
  voltage_unit: number;
}

/** GET/POST /api/solarcharger/config. */
export interface SolarChargerConfig {
  enabled: boolean;
  source: SolarChargerSource;
  /** One serial device per charge controller (up to 3). */
  vedirect: { devices: string[] };
  mqtt: SolarChargerMqttConfig;
  stale_after_s: number;
}

/** One charge controller in GET /api/solarcharger/status. */
export interface SolarChargerUnit {
  /** The serial device, `mqtt` or `simulated`. */
  id: string;
  /** The product's name where the device says it (`SmartSolar MPPT 150|70`), else null. */
  product: string | null;
  /** W. */
  solar_power: number | null;
  battery_voltage: number | null;
  /** A, into the battery. */
  battery_current: number | null;
  /** `off`, `bulk`, `absorption`, `float`, `fault`, … (VE.Direct's CS), or null. */
  charge_state: string | null;
  data_age: number | null;
  stale: boolean;
  frames_ok: number;
  frames_bad: number;
  problem: BatteryProblem | null;
}

/** GET /api/solarcharger/status. */
export interface SolarChargerStatus {
  enabled: boolean;
  source: SolarChargerSource;
  simulated: boolean;
  /** Sum over the controllers with a fresh reading, W; null when none has one. */
  total_solar_power: number | null;
  chargers: SolarChargerUnit[];
  /** Why no controller runs (switched off, a source that cannot start), else null. */
  problem: BatteryProblem | null;
}
