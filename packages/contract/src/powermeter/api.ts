/**
 * /api/powermeter/*: the house's electricity meter the power limiter steers by. Key names follow
 * OpenDTU-OnBattery's where the meaning is the same (`enabled`, `source`, `mqtt.values[].topic`,
 * `json_path`, `unit`, `sign_inverted`, `http_request`, `polling_interval`, `auth_type`). Passwords are
 * write-only: a GET shows "********" for a stored one, and posting the mask back keeps it.
 * Power is in W, positive when the house draws from the grid (import), negative when it feeds in.
 */
import type {
  ModbusDataTypes,
  ModbusMeterModels,
  ModbusParities,
  ModbusRegisterTypes,
  ModbusTransports,
  ModbusWordOrders,
  PowerMeterProblemCodes,
  PowerMeterSources,
  ShellyMeterKinds,
} from './limits';

export type PowerMeterSource = (typeof PowerMeterSources)[number];
export type PowerMeterProblemCode = (typeof PowerMeterProblemCodes)[number];
export type ShellyMeterKind = (typeof ShellyMeterKinds)[number];
export type ModbusTransport = (typeof ModbusTransports)[number];
export type ModbusParity = (typeof ModbusParities)[number];
export type ModbusMeterModel = (typeof ModbusMeterModels)[number];
export type ModbusDataType = (typeof ModbusDataTypes)[number];
export type ModbusWordOrder = (typeof ModbusWordOrders)[number];
export type ModbusRegisterType = (typeof ModbusRegisterTypes)[number];

/** One value read from an MQTT topic or an HTTP answer. */
export interface PowerMeterValue {
  /** Dotted path with array indexes (`StatusSNS.SML.Power`, `emeters[0].power`); "" = the whole payload. */
  json_path: string;
  /** 0 W, 1 kW, 2 mW. */
  unit: number;
  /** The source counts export as positive: flip the sign. */
  sign_inverted: boolean;
}

export interface PowerMeterMqttValue extends PowerMeterValue {
  topic: string;
}

export interface PowerMeterMqttConfig {
  /** Subscribe through the gateway's own MQTT connection (MQTT settings) instead of a connection of its own. */
  use_gateway_broker: boolean;
  hostname: string;
  port: number;
  username: string;
  /** Write-only. */
  password: string;
  /** One topic for the total, or three (one per phase) that are summed. */
  values: PowerMeterMqttValue[];
}

export interface PowerMeterHttpRequest {
  /** http:// or https:// */
  url: string;
  /** 0 none, 1 basic, 2 digest. */
  auth_type: number;
  username: string;
  /** Write-only. */
  password: string;
  /** ms. */
  timeout: number;
}

export interface PowerMeterHttpJsonConfig extends PowerMeterValue {
  /** s. */
  polling_interval: number;
  http_request: PowerMeterHttpRequest;
}

export interface PowerMeterShellyConfig {
  /** Host name or address of the meter (no scheme). */
  hostname: string;
  /** Write-only. The device's password (user "admin", digest auth); "" when auth is off. */
  password: string;
  /** `em` (Pro 3EM: EM.GetStatus, total_act_power) or `em1` (Pro EM, EM Gen3: EM1.GetStatus, act_power). */
  kind: ShellyMeterKind;
  /** Component id: `em:<channel>` / `em1:<channel>`. */
  channel: number;
  /** s; also how often the pushed source is asked again when the device sends nothing. */
  polling_interval: number;
  /** Take NotifyStatus pushes over the device's WebSocket (`ws://<host>/rpc`) when it offers them. */
  notifications: boolean;
}

/** SML from an optical read head on a serial line, 8N1. */
export interface PowerMeterSmlSerialConfig {
  /** Serial device, e.g. /dev/ttyUSB0 or /dev/serial/by-id/usb-…. */
  device: string;
  /** One of PowerMeterBaudRates; most meters send at 9600. */
  baud_rate: number;
}

/** The same SML telegram fetched over HTTP (a Tibber Pulse bridge and similar). */
export interface PowerMeterHttpSmlConfig {
  /** s. */
  polling_interval: number;
  http_request: PowerMeterHttpRequest;
}

/** An SMA Energy Meter or Sunny Home Manager 2.0 on Speedwire (UDP 9522). */
export interface PowerMeterSpeedwireConfig {
  /** The meter's serial number; 0 takes the first meter heard. */
  serial: number;
}

/** A Modbus meter, over TCP or RTU (RS485). */
export interface PowerMeterModbusConfig {
  transport: ModbusTransport;
  /** TCP: host name or address of the meter or the RS485 gateway. */
  host: string;
  /** TCP port. */
  port: number;
  /** RTU: serial device of the RS485 adapter. */
  device: string;
  /** RTU: one of PowerMeterBaudRates. */
  baud_rate: number;
  /** RTU: parity (8 data bits, 1 stop bit). */
  parity: ModbusParity;
  /** Modbus unit (slave) id, 1..247. */
  unit_id: number;
  /** A meter with a known register map, or `custom`. */
  model: ModbusMeterModel;
  /** s. */
  polling_interval: number;
  /** `custom`: address of the active power register (0-based, as on the wire). */
  register: number;
  /** `custom`: input registers (FC 4) or holding registers (FC 3). */
  register_type: ModbusRegisterType;
  /** `custom`: how the value is stored. */
  data_type: ModbusDataType;
  /** `custom`: order of the words of a 32-bit value. */
  word_order: ModbusWordOrder;
  /** `custom`: W per raw unit (0.1 for a value in 0.1 W, 1000 for kW; negative when export counts positive). */
  scale: number;
}

/** GET/POST /api/powermeter/config; POST /api/powermeter/test takes the same (unsaved) object. */
export interface PowerMeterConfig {
  enabled: boolean;
  source: PowerMeterSource;
  /** s: a reading older than this is stale. */
  max_age: number;
  mqtt: PowerMeterMqttConfig;
  http_json: PowerMeterHttpJsonConfig;
  shelly: PowerMeterShellyConfig;
  sml_serial: PowerMeterSmlSerialConfig;
  http_sml: PowerMeterHttpSmlConfig;
  sma_speedwire: PowerMeterSpeedwireConfig;
  modbus: PowerMeterModbusConfig;
}

export interface PowerMeterProblem {
  code: PowerMeterProblemCode;
  /** English detail for logs and clients that do not translate. */
  detail: string;
}

/** GET /api/powermeter/status. */
export interface PowerMeterStatus {
  enabled: boolean;
  source: PowerMeterSource;
  /** The source is the simulated plant's own meter (no hardware). */
  simulated: boolean;
  /** Last reading, W (import positive); null before the first. */
  power: number | null;
  /** Per phase where the source gives them, W. */
  phases: number[] | null;
  /** A reading exists and is younger than `max_age`. */
  valid: boolean;
  /** Age of the last reading, ms; null before the first. */
  age_ms: number | null;
  /** When the last reading was measured, Unix ms of the gateway clock. */
  time: number | null;
  /** Why there is no valid reading, or the last error while an older reading is still valid. */
  problem: PowerMeterProblem | null;
  /** Energy drawn from the grid (meter register 1.8.0), Wh, where the source gives it. */
  energy_import_wh: number | null;
  /** Energy fed in (meter register 2.8.0), Wh, where the source gives it. */
  energy_export_wh: number | null;
  /** Where the source says which meter it reads (the Speedwire meter's serial number), else null. */
  meter_id: string | null;
}

/** POST /api/powermeter/test: one reading of the posted source, or why there is none. */
export type PowerMeterTestResult =
  | {
      ok: true;
      power: number;
      phases: number[] | null;
      time: number;
      source: PowerMeterSource;
      /** The meter's 1.8.0 and 2.8.0, Wh, where the source gives them. */
      energy_import_wh: number | null;
      energy_export_wh: number | null;
      /** The Speedwire meter's serial number, else null. */
      meter_id: string | null;
    }
  | { ok: false; problem: PowerMeterProblem; source: PowerMeterSource };
