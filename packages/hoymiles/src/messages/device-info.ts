/**
 * Device information, data types 0x01 "all" (firmware) and 0x00 "simple" (hardware): layouts, formatting
 * and validity (docs/protocol.md). Model lookup and PDL live in families.ts.
 */
import inverterTypes from '../../data/inverter-types.json';
import { ok, type Result } from '../errors';
import { lookupModel, supportsPowerDistributionLogic } from '../families';
import { DataType, type FamilyId } from '../types';
import { CRC16_LENGTH, checkPayload, readUint, sealPayload, writeInt } from './payload';

export const DEVICE_INFO_ALL_DATA_TYPE = DataType.DeviceInfoAll;
export const DEVICE_INFO_SIMPLE_DATA_TYPE = DataType.DeviceInfoSimple;

/** Both answers carry 14 data bytes plus the CRC16. */
export const DEVICE_INFO_DATA_LENGTH = 14;

/** Placeholder part number some inverters send; such device info is not valid. */
export const PLACEHOLDER_HW_PART_NUMBER = 124097;

/** "All" answer (data type 0x01), as on the wire: build date and time are split from month×100+day etc. */
export interface DeviceInfoAll {
  /** e.g. 10112, shown as "1.1.12" */
  fwBuildVersion: number;
  buildYear: number;
  buildMonth: number;
  buildDay: number;
  buildHour: number;
  buildMinute: number;
  /** e.g. 2, shown as "0.0.2" */
  bootloaderVersion: number;
}

/** "Simple" answer (data type 0x00). */
export interface DeviceInfoSimple {
  /** Firmware version again; not used by the gateway. */
  fwVersion: number;
  /** 32-bit, published as a decimal number. */
  hwPartNumber: number;
  hwVersionMajor: number;
  hwVersionMinor: number;
}

/** What /api/devinfo/status and MQTT `device/…` need, before any renaming to snake_case. */
export interface DeviceInfo {
  /** At least one of the two answers has arrived (the API's `valid_data`). */
  received: boolean;
  /** Both arrived and pass the validity check; while false the gateway keeps requesting both. */
  valid: boolean;
  fwBuildVersion: number;
  fwBuildVersionText: string;
  /** "YYYY-MM-DD HH:MM:SS", UTC */
  fwBuildDateTime: string;
  fwBootloaderVersion: number;
  fwBootloaderVersionText: string;
  hwPartNumber: number;
  /** "NN.NN" */
  hwVersion: string;
  hwModelName: string;
  maxPowerW: number;
  pdlSupported: boolean;
}

// --- decode ---------------------------------------------------------------------------------------

// We require only the bytes we read to lie before the CRC; the unknown trailing bytes may be missing.
const ALL_MIN_LENGTH = 10 + CRC16_LENGTH;
const SIMPLE_MIN_LENGTH = 8 + CRC16_LENGTH;

/** Decodes the "all" payload (firmware version, build date-time, bootloader version). */
export function decodeDeviceInfoAll(payload: Uint8Array): Result<DeviceInfoAll> {
  const checked = checkPayload(payload, ALL_MIN_LENGTH, 'device info all');
  if (!checked.ok) return checked;
  const monthDay = readUint(payload, 4, 2);
  const hourMinute = readUint(payload, 6, 2);
  return ok({
    fwBuildVersion: readUint(payload, 0, 2),
    buildYear: readUint(payload, 2, 2),
    buildMonth: Math.floor(monthDay / 100),
    buildDay: monthDay % 100,
    buildHour: Math.floor(hourMinute / 100),
    buildMinute: hourMinute % 100,
    bootloaderVersion: readUint(payload, 8, 2),
  });
}

/** Decodes the "simple" payload (hardware part number and version). */
export function decodeDeviceInfoSimple(payload: Uint8Array): Result<DeviceInfoSimple> {
  const checked = checkPayload(payload, SIMPLE_MIN_LENGTH, 'device info simple');
  if (!checked.ok) return checked;
  return ok({
    fwVersion: readUint(payload, 0, 2),
    hwPartNumber: readUint(payload, 2, 4),
    hwVersionMajor: payload[6]!,
    hwVersionMinor: payload[7]!,
  });
}

// --- formatting ----------------------------------------------------------------------------

/** 10112 → "1.1.12": major = n/10000, minor = (n mod 10000)/100, patch = n mod 100, no padding. */
export function formatFirmwareVersion(n: number): string {
  const major = Math.floor(n / 10000);
  const minor = Math.floor((n - major * 10000) / 100);
  const patch = n - major * 10000 - minor * 100;
  return `${major}.${minor}.${patch}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Build time as "YYYY-MM-DD HH:MM:SS" (UTC, seconds 0). Out-of-range parts roll over like C's timegm
 * (e.g. all zeros before any answer, which gives 30 November of year −1); years are printed with 4 digits.
 */
export function formatBuildDateTime(
  info: Pick<DeviceInfoAll, 'buildYear' | 'buildMonth' | 'buildDay' | 'buildHour' | 'buildMinute'>,
): string {
  const d = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  d.setUTCFullYear(info.buildYear, info.buildMonth - 1, info.buildDay);
  d.setUTCHours(info.buildHour, info.buildMinute, 0, 0);
  if (Number.isNaN(d.getTime())) return '';
  const y = d.getUTCFullYear();
  const year = y < 0 ? `-${String(-y).padStart(4, '0')}` : String(y).padStart(4, '0');
  return `${year}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(
    d.getUTCMinutes(),
  )}:00`;
}

/** `01 00` → "01.00" (two-digit decimals). */
export function formatHardwareVersion(
  info: Pick<DeviceInfoSimple, 'hwVersionMajor' | 'hwVersionMinor'>,
): string {
  return `${pad2(info.hwVersionMajor)}.${pad2(info.hwVersionMinor)}`;
}

// --- model table: the lookup itself is families.ts `lookupModel` --------------------------

interface JsonModelEntry {
  hwPartPrefix: string;
  fourthByte: string | null;
  maxPowerW: number;
  model: string;
}

/**
 * A part number that looks up to `model` (and `maxPowerW`, when given), for a simulated inverter:
 * the first matching entry of the table, with its fixed fourth byte or 0x01.
 */
export function hwPartNumberForModel(model: string, maxPowerW?: number): number | undefined {
  const entries = inverterTypes.devInfoTable.entries as JsonModelEntry[];
  const entry = entries.find(
    (e) => e.model === model && (maxPowerW === undefined || e.maxPowerW === maxPowerW),
  );
  if (entry === undefined) return undefined;
  const fourth = entry.fourthByte === null ? 0x01 : Number.parseInt(entry.fourthByte, 16);
  return Number.parseInt(entry.hwPartPrefix, 16) * 256 + fourth;
}

// --- validity and summary ------------------------------------------------------------------

/** Valid when both answers arrived, the build year is after 2016 and the part number is not the placeholder. */
export function isDeviceInfoValid(all: DeviceInfoAll | null, simple: DeviceInfoSimple | null): boolean {
  return (
    all !== null &&
    simple !== null &&
    all.buildYear > 2016 &&
    simple.hwPartNumber !== PLACEHOLDER_HW_PART_NUMBER
  );
}

const ZERO_ALL: DeviceInfoAll = {
  fwBuildVersion: 0,
  buildYear: 0,
  buildMonth: 0,
  buildDay: 0,
  buildHour: 0,
  buildMinute: 0,
  bootloaderVersion: 0,
};
const ZERO_SIMPLE: DeviceInfoSimple = { fwVersion: 0, hwPartNumber: 0, hwVersionMajor: 0, hwVersionMinor: 0 };

/** Everything the API shows, from whichever answers have arrived (missing ones read as zeros). */
export function summarizeDeviceInfo(
  family: FamilyId | undefined,
  all: DeviceInfoAll | null,
  simple: DeviceInfoSimple | null,
): DeviceInfo {
  const a = all ?? ZERO_ALL;
  const s = simple ?? ZERO_SIMPLE;
  const model = lookupModel(s.hwPartNumber);
  return {
    received: all !== null || simple !== null,
    valid: isDeviceInfoValid(all, simple),
    fwBuildVersion: a.fwBuildVersion,
    fwBuildVersionText: formatFirmwareVersion(a.fwBuildVersion),
    fwBuildDateTime: formatBuildDateTime(a),
    fwBootloaderVersion: a.bootloaderVersion,
    fwBootloaderVersionText: formatFirmwareVersion(a.bootloaderVersion),
    hwPartNumber: s.hwPartNumber,
    hwVersion: formatHardwareVersion(s),
    hwModelName: model.model,
    maxPowerW: model.maxPowerW,
    pdlSupported: family !== undefined && supportsPowerDistributionLogic(family, a.fwBuildVersion),
  };
}

// --- encode (simulator) ---------------------------------------------------------------------------

const u16 = (n: number) => Math.min(0xffff, Math.max(0, Math.round(n)));

/** 14 data bytes + CRC16; the unknown bytes 10..13 are 0, as observed. */
export function encodeDeviceInfoAll(info: DeviceInfoAll): Uint8Array {
  const data = new Uint8Array(DEVICE_INFO_DATA_LENGTH);
  writeInt(data, 0, 2, u16(info.fwBuildVersion));
  writeInt(data, 2, 2, u16(info.buildYear));
  writeInt(data, 4, 2, u16(info.buildMonth * 100 + info.buildDay));
  writeInt(data, 6, 2, u16(info.buildHour * 100 + info.buildMinute));
  writeInt(data, 8, 2, u16(info.bootloaderVersion));
  return sealPayload(data);
}

/** 14 data bytes + CRC16; the unknown bytes 8..13 are 0, as observed. */
export function encodeDeviceInfoSimple(info: DeviceInfoSimple): Uint8Array {
  const data = new Uint8Array(DEVICE_INFO_DATA_LENGTH);
  writeInt(data, 0, 2, u16(info.fwVersion));
  writeInt(data, 2, 4, Math.min(0xffffffff, Math.max(0, Math.round(info.hwPartNumber))));
  data[6] = info.hwVersionMajor & 0xff;
  data[7] = info.hwVersionMinor & 0xff;
  return sealPayload(data);
}
