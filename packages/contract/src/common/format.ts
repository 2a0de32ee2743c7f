/** Display rules both gateway and console need. Pure, no locale. */
import { PowerLimits } from '../limit/limits';
import { WifiQuality } from '../network/limits';
import { Timing } from './console-limits';

/** Firmware or bootloader version integer → "major.minor.patch": 10000 per major, 100 per minor. */
export function formatVersion(version: number): string {
  const major = Math.floor(version / 10000);
  const minor = Math.floor((version % 10000) / 100);
  const patch = version % 100;
  return `${major}.${minor}.${patch}`;
}

export interface ProductionDate {
  year: number;
  /** The week digits as printed on the label, without a leading zero (hex text of the byte). */
  week: string;
}

/**
 * Production year and week from a hex serial. Only the low 32 bits take part (digits d4..d11 of a
 * 12-digit serial), because the reference computes with 32-bit shifts: year = 2014 + top nibble,
 * week = next byte printed in hex. Undefined for a serial that is not hex.
 */
export function productionDate(serial: string): ProductionDate | undefined {
  if (!/^[0-9a-f]+$/i.test(serial)) return undefined;
  const low32 = Number.parseInt(serial.slice(-8), 16);
  return {
    year: 2014 + (low32 >>> 28),
    week: ((low32 >>> 20) & 0xff).toString(16),
  };
}

export interface GitVersion {
  /** Tag text, or the bare commit hash. */
  value: string;
  isHash: boolean;
}

/**
 * `git_hash` is `git describe` output: a tag ("v26.3.30"), "<tag>-<n>-g<hash>" or "g<hash>".
 * The rule "part after the dash, skipping 1 more character" is read as after the LAST dash, which
 * drops the "g" of "-g<hash>".
 */
export function parseGitHash(gitHash: string): GitVersion {
  const dash = gitHash.lastIndexOf('-');
  if (dash >= 0) return { value: gitHash.slice(dash + 2), isHash: true };
  if (gitHash.startsWith('g')) return { value: gitHash.slice(1), isHash: true };
  return { value: gitHash, isHash: false };
}

/** Wi-Fi quality in percent from RSSI dBm: 2 × (rssi + 100), clamped to 0..100. */
export function wifiQuality(rssi: number): number {
  if (rssi <= WifiQuality.rssiWorst) return 0;
  if (rssi >= WifiQuality.rssiBest) return 100;
  return 2 * (rssi + 100);
}

/** Memory is shown in kB of 1024 bytes; rounding is left to the number format. */
export function bytesToKb(bytes: number): number {
  return bytes / 1024;
}

/** Heap fragmentation as a fraction: 1 − largest free block / free heap (0 when nothing is free). */
export function heapFragmentation(largestBlock: number, freeHeap: number): number {
  if (freeHeap <= 0) return 0;
  return 1 - largestBlock / freeHeap;
}

/** Highest heap use seen since boot: total − minimum free. */
export function maxUsage(total: number, minFree: number): number {
  return total - minFree;
}

/** Name of the nRF24 module; the "+" variant is what `nrf_pvariant` reports. */
export function nrfModuleName(pvariant: boolean): string {
  return pvariant ? 'nRF24L01+' : 'nRF24L01';
}

/** Upper bound of the limit input: 100 % relative; absolute = max power, or 2250 W while it is unknown. */
export function limitInputMax(relative: boolean, maxPower: number): number {
  if (relative) return PowerLimits.relativeMax;
  return maxPower > 0 ? maxPower : PowerLimits.absoluteFallbackMaxW;
}

/** Whether the live view shows an absolute time instead of the data age in seconds. */
export function showsAbsoluteDataAge(dataAgeSeconds: number): boolean {
  return dataAgeSeconds > Timing.dataAgeAbsoluteAfterS;
}

/** Event-log time (seconds since local midnight, may lie outside one day) → "HH:MM:SS" of that day. */
export function formatEventTime(seconds: number): string {
  const day = 86400;
  const s = ((Math.trunc(seconds) % day) + day) % day;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** English weekday names of the time status's `ntp_localtime` ("Monday, March 30 2026 19:18:50"). */
export const LOCAL_TIME_WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** English month names of the time status's `ntp_localtime`. */
export const LOCAL_TIME_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The wall-clock parts of a time in the time status's form ("Monday, March 30 2026 19:18:50"). */
export interface LocalTimeParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The parts of `ntp_localtime`, `sun_risetime` or `sun_settime`; null when unreadable (such as "--"). */
export function localTimeParts(localTime: string): LocalTimeParts | null {
  const match = /^[A-Z][a-z]+, ([A-Z][a-z]+) (\d{1,2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(
    localTime.trim(),
  );
  const month = match ? (LOCAL_TIME_MONTHS as readonly string[]).indexOf(match[1] as string) + 1 : 0;
  if (!match || month === 0) return null;
  const [day, year, hour, minute, second] = match.slice(2).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { year, month, day, hour, minute, second };
}

/** "Monday, March 30 2026 19:18:50" (the time status's `ntp_localtime`) → "2026-03-30"; null when unreadable. */
export function localDateOf(localTime: string): string | null {
  const parts = localTimeParts(localTime);
  if (!parts) return null;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}
