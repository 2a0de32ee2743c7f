/**
 * Decoders for the CAN frames of Pylontech-protocol batteries (Pylontech, Pytes and compatible
 * BMSs, 500 kbit/s, standard 11-bit ids). All multi-byte fields are little-endian.
 * A payload shorter than its frame needs yields undefined (counted by the caller), never a throw.
 */

export interface PylonLimits {
  chargeVoltageV: number;
  chargeCurrentLimitA: number;
  dischargeCurrentLimitA: number;
  dischargeVoltageV: number;
}
export interface PylonSoc {
  socPercent: number;
  sohPercent: number;
}
export interface PylonMeasurements {
  voltageV: number;
  currentA: number;
  temperatureC: number;
}
export interface PylonAlarmBits {
  overVoltage: boolean;
  underVoltage: boolean;
  overTemperature: boolean;
  underTemperature: boolean;
  dischargeOverCurrent: boolean;
  chargeOverCurrent: boolean;
  systemError: boolean;
}
export interface PylonAlarms {
  alarms: PylonAlarmBits;
  warnings: PylonAlarmBits;
  moduleCount: number;
}
export interface PylonRequests {
  chargeEnabled: boolean;
  dischargeEnabled: boolean;
  forceChargeI: boolean;
  forceChargeII: boolean;
  fullChargeRequest: boolean;
}

export const PYLON_CAN_IDS = {
  limits: 0x351,
  soc: 0x355,
  measurements: 0x356,
  alarms: 0x359,
  requests: 0x35c,
} as const;

function u16(d: Uint8Array, i: number): number {
  return (d[i] ?? 0) | ((d[i + 1] ?? 0) << 8);
}
function s16(d: Uint8Array, i: number): number {
  const v = u16(d, i);
  return v >= 0x8000 ? v - 0x10000 : v;
}
function bit(byte: number | undefined, n: number): boolean {
  return (((byte ?? 0) >> n) & 1) === 1;
}

export function decodeLimits(d: Uint8Array): PylonLimits | undefined {
  if (d.length < 6) return undefined;
  return {
    chargeVoltageV: u16(d, 0) / 10,
    chargeCurrentLimitA: s16(d, 2) / 10,
    dischargeCurrentLimitA: s16(d, 4) / 10,
    // Older senders stop after 6 bytes; the cut-off voltage is then unknown.
    dischargeVoltageV: d.length >= 8 ? u16(d, 6) / 10 : Number.NaN,
  };
}

export function decodeSoc(d: Uint8Array): PylonSoc | undefined {
  if (d.length < 4) return undefined;
  return { socPercent: u16(d, 0), sohPercent: u16(d, 2) };
}

export function decodeMeasurements(d: Uint8Array): PylonMeasurements | undefined {
  if (d.length < 6) return undefined;
  return { voltageV: s16(d, 0) / 100, currentA: s16(d, 2) / 10, temperatureC: s16(d, 4) / 10 };
}

function alarmBits(lo: number | undefined, hi: number | undefined): PylonAlarmBits {
  return {
    overVoltage: bit(lo, 1),
    underVoltage: bit(lo, 2),
    overTemperature: bit(lo, 3),
    underTemperature: bit(lo, 4),
    dischargeOverCurrent: bit(lo, 7),
    chargeOverCurrent: bit(hi, 0),
    systemError: bit(hi, 3),
  };
}

export function decodeAlarms(d: Uint8Array): PylonAlarms | undefined {
  if (d.length < 5) return undefined;
  return { alarms: alarmBits(d[0], d[1]), warnings: alarmBits(d[2], d[3]), moduleCount: d[4] ?? 0 };
}

export function decodeRequests(d: Uint8Array): PylonRequests | undefined {
  if (d.length < 1) return undefined;
  const b = d[0];
  return {
    chargeEnabled: bit(b, 7),
    dischargeEnabled: bit(b, 6),
    forceChargeI: bit(b, 5),
    forceChargeII: bit(b, 4),
    fullChargeRequest: bit(b, 3),
  };
}
