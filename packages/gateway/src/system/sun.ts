/**
 * Sunrise, sunset and the day period: the NOAA approximation in the form the firmware's
 * sunset library uses, so the minutes match the reference vectors of sun.json.
 */
import { SunsetType, SunsetZenithDeg } from '@dtu-console/contract';
import { epochOfLocal, localTime, utcOffsetSeconds } from './timezone';

/** Zenith angle in degrees per `sunsettype`: official, nautical, civil, astronomical. */
export const SUNSET_ZENITH = SunsetZenithDeg;

/** Any value other than 0..3 behaves as nautical. */
const DEFAULT_SUNSET_TYPE: SunsetType = SunsetType.Nautical;

export interface SunEventInput {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** Degrees, north positive. */
  latitude: number;
  /** Degrees, east positive. */
  longitude: number;
  /** Added to the UTC result; may be fractional. */
  tzOffsetHours: number;
  sunsetType: number;
}

export interface SunEvents {
  /** Local minutes after midnight; may lie outside 0..1440. null = the sun never reaches the zenith. */
  sunrise: number | null;
  sunset: number | null;
}

const RAD = Math.PI / 180;
const sin = (deg: number) => Math.sin(deg * RAD);
const cos = (deg: number) => Math.cos(deg * RAD);
const tan = (deg: number) => Math.tan(deg * RAD);

function zenithOf(sunsetType: number): number {
  return SUNSET_ZENITH[sunsetType as SunsetType] ?? SUNSET_ZENITH[DEFAULT_SUNSET_TYPE];
}

function julianDay(year: number, month: number, day: number): number {
  let y = year;
  let m = month;
  if (m <= 2) {
    y -= 1;
    m += 12;
  }
  const a = Math.floor(y / 100);
  const b = 2 - a + Math.floor(a / 4);
  return Math.floor(365.25 * (y + 4716)) + Math.floor(30.6001 * (m + 1)) + day + b - 1524.5;
}

/** Equation of time (minutes) and declination (degrees) at T Julian centuries since J2000. */
function solar(t: number): { eqTime: number; declination: number } {
  const l0 = (280.46646 + t * (36000.76983 + 0.0003032 * t)) % 360; // JS % keeps the sign, as C fmod
  const m = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const c =
    sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    sin(2 * m) * (0.019993 - 0.000101 * t) +
    sin(3 * m) * 0.000289;
  const omega = 125.04 - 1934.136 * t;
  const lambda = l0 + c - 0.00569 - 0.00478 * sin(omega);
  const epsilon0 = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - 0.001813 * t))) / 60) / 60;
  const epsilon = epsilon0 + 0.00256 * cos(omega);
  const declination = Math.asin(sin(epsilon) * sin(lambda)) / RAD;
  const y = tan(epsilon / 2) ** 2;
  const eq =
    y * sin(2 * l0) -
    2 * e * sin(m) +
    4 * e * y * sin(m) * cos(2 * l0) -
    0.5 * y * y * sin(4 * l0) -
    1.25 * e * e * sin(2 * m);
  return { eqTime: 4 * (eq / RAD), declination };
}

/** UTC minutes of the event, or NaN when |cos HA| > 1 (Math.acos gives NaN there). */
function eventUtc(t: number, latitude: number, longitude: number, zenith: number, rising: boolean): number {
  const { eqTime, declination } = solar(t);
  const x = cos(zenith) / (cos(latitude) * cos(declination)) - tan(latitude) * tan(declination);
  const hourAngle = Math.acos(x) / RAD;
  return 720 - 4 * (longitude + (rising ? hourAngle : -hourAngle)) - eqTime;
}

export function sunEventMinutes(input: SunEventInput): SunEvents {
  const t = (julianDay(input.year, input.month, input.day) - 2451545) / 36525;
  const zenith = zenithOf(input.sunsetType);
  const event = (rising: boolean): number | null => {
    const first = eventUtc(t, input.latitude, input.longitude, zenith, rising);
    // Second pass: solar position at the first estimate's time of day.
    const second = eventUtc(t + first / 1440 / 36525, input.latitude, input.longitude, zenith, rising);
    return Number.isNaN(second) ? null : second + 60 * input.tzOffsetHours;
  };
  return { sunrise: event(true), sunset: event(false) };
}

export interface SunStatusInput {
  epochMs: number;
  /** POSIX TZ rule (zones.json value). */
  tz: string;
  latitude: number;
  longitude: number;
  sunsetType: number;
  /** Clock synchronised (NTP or manual set). */
  synchronised: boolean;
}

export interface SunStatus {
  /** sun_isSunsetAvailable: both events exist today and the clock is set. */
  available: boolean;
  /** Epoch ms of today's (local date) sunrise/sunset, whole seconds; null when not available. */
  sunrise: number | null;
  sunset: number | null;
  /** sun_isDayPeriod */
  isDay: boolean;
}

/**
 * Today's sun times and whether it is day. Two deliberate departures from the firmware:
 * - The offset passed to the algorithm is the exact current offset (DST included), not truncated to whole
 *   hours: the truncation is a bug that shifts India, Newfoundland, Nepal, central Australia … by 30/45 min
 *   and so polls at the wrong time; nothing depends on it. Whole-hour zones give the firmware's numbers.
 *   The firmware's "outside −12..+14 h → 0" guard is kept; no real zone reaches it.
 * - A sunrise before local midnight (only with a longitude far from the zone) counts as day from midnight,
 *   mirroring sunset ≥ 1440; the firmware's unsigned wrap-around would make the whole day night.
 * Without a synchronised clock the local date is meaningless, so nothing is available and it is day.
 */
export function sunStatus(input: SunStatusInput): SunStatus {
  const unavailable: SunStatus = { available: false, sunrise: null, sunset: null, isDay: true };
  if (!input.synchronised) return unavailable;

  const now = localTime(input.tz, input.epochMs);
  let tzOffsetHours = utcOffsetSeconds(input.tz, input.epochMs) / 3600;
  if (tzOffsetHours < -12 || tzOffsetHours > 14) tzOffsetHours = 0;
  const { sunrise, sunset } = sunEventMinutes({
    year: now.year,
    month: now.month,
    day: now.day,
    latitude: input.latitude,
    longitude: input.longitude,
    tzOffsetHours,
    sunsetType: input.sunsetType,
  });
  if (sunrise === null || sunset === null) return unavailable;

  // Local wall clock of today's date; epochOfLocal rolls minutes < 0 or ≥ 1440 into the adjacent day.
  const toEpoch = (minutes: number) =>
    epochOfLocal(input.tz, {
      year: now.year,
      month: now.month,
      day: now.day,
      hour: 0,
      minute: 0,
      second: Math.floor(minutes * 60),
    });
  const minuteOfDay = now.hour * 60 + now.minute;
  // Whole minutes, as the firmware compares them; a sunset ≥ 1440 thus means day until midnight.
  const isDay = Math.max(0, Math.floor(sunrise)) <= minuteOfDay && minuteOfDay < Math.floor(sunset);
  return { available: true, sunrise: toEpoch(sunrise), sunset: toEpoch(sunset), isDay };
}

/** Convenience for the poll rules: night = not the day period. */
export function isNight(input: SunStatusInput): boolean {
  return !sunStatus(input).isDay;
}
