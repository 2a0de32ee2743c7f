/** /api/wifi/*: Hoymiles Wi-Fi devices. The POST payload type is `WifiConfigPayload` (`wifi/schemas.ts`). */
import type { WifiDeviceState, WifiProblem } from './limits';

export interface WifiDeviceConfig {
  name: string;
  host: string;
  port: number;
  enabled: boolean;
  /** Seconds between polls, 5..3600 (default 35). */
  poll_interval: number;
}

export interface WifiConfig {
  devices: WifiDeviceConfig[];
  /** Minutes between two limit commands to one device. */
  limit_interval_min: number;
}

export interface WifiDeviceStatus {
  name: string;
  host: string;
  port: number;
  state: WifiDeviceState;
  /**
   * The DTU model its serial names, e.g. "DTU-Pro"; "" until the device answered, and for an inverter with
   * Wi-Fi or a device of unknown model (the console names those by the count of `inverters`).
   */
  model: string;
  /** The device's serial; "" until known. */
  serial: string;
  /** e.g. "V01.00.11"; "" until known. */
  firmware: string;
  encrypted: boolean;
  /** Inverter serials the device serves. */
  inverters: string[];
  /** Epoch seconds of the last good answer; 0 if none. */
  last_answer: number;
  /** The last problem's technical detail (English, for a log or a bug report); "" when none. */
  last_error: string;
  /** What the last problem was, for the console to say in the reader's language; "" when none. */
  last_problem: WifiProblem | '';
  /** Garbage received and counted (each a connection reset). */
  bad_frames: number;
  /** Poll cycles begun since the start (device information, real data, alarms, the day's curve). */
  polls: number;
  /** Poll cycles that failed since the start (no answer, refused, garbage, a device error). */
  failed_polls: number;
  /**
   * The signal strength the device reported with its device information, as it reports it (the vendor
   * documents no unit); null before the first, or when the device sends none.
   */
  signal: number | null;
  /** Seconds until the next limit is accepted; 0 when one may be sent now. */
  limit_wait_s: number;
}

export interface WifiStatus {
  devices: WifiDeviceStatus[];
}

/** The day's power curve a Wi-Fi device keeps itself (read every 15 minutes). */
export interface WifiPowerCurve {
  /** Unix seconds of the first point. */
  start: number;
  /** Seconds between points. */
  step_s: number;
  /** Watts, one per step from `start`. */
  power_w: number[];
  /**
   * The serial the device's reply names: the inverter the curve belongs to, or the device's own serial
   * when it keeps one curve for everything it serves; "" when the reply names none.
   */
  serial: string;
}

/** One device of GET /api/wifi/curve. */
export interface WifiDeviceCurve {
  name: string;
  /** The device's serial; "" until known. */
  serial: string;
  /** Inverter serials the device serves (as in `/api/wifi/status`). */
  inverters: string[];
  /** null before the first read. */
  curve: WifiPowerCurve | null;
}

/** GET /api/wifi/curve: per configured device (in the settings' order), its curve. */
export interface WifiCurves {
  devices: WifiDeviceCurve[];
}
