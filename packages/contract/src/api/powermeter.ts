/**
 * /api/powermeter/*: the house's electricity meter the power limiter steers by. Key names follow
 * OpenDTU-OnBattery's where the meaning is the same (`enabled`, `source`, `mqtt.values[].topic`,
 * `json_path`, `unit`, `sign_inverted`, `http_request`, `polling_interval`, `auth_type`). Passwords are
 * write-only: a GET shows "********" for a stored one, and posting the mask back keeps it.
 * Power is in W, positive when the house draws from the grid (import), negative when it feeds in.
 */
import type { PowerMeterProblemCodes, PowerMeterSources, ShellyMeterKinds } from '../limits';

export type PowerMeterSource = (typeof PowerMeterSources)[number];
export type PowerMeterProblemCode = (typeof PowerMeterProblemCodes)[number];
export type ShellyMeterKind = (typeof ShellyMeterKinds)[number];

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

/** GET/POST /api/powermeter/config; POST /api/powermeter/test takes the same (unsaved) object. */
export interface PowerMeterConfig {
  enabled: boolean;
  source: PowerMeterSource;
  /** s: a reading older than this is stale. */
  max_age: number;
  mqtt: PowerMeterMqttConfig;
  http_json: PowerMeterHttpJsonConfig;
  shelly: PowerMeterShellyConfig;
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
}

/** POST /api/powermeter/test: one reading of the posted source, or why there is none. */
export type PowerMeterTestResult =
  | { ok: true; power: number; phases: number[] | null; time: number; source: PowerMeterSource }
  | { ok: false; problem: PowerMeterProblem; source: PowerMeterSource };
