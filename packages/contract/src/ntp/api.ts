/**
 * /api/ntp/*. POST payload types are inferred from the schemas (`NtpConfigPayload`,
 * `NtpTimePayload` in `ntp/schemas.ts`).
 */
export interface NtpStatus {
  ntp_server: string;
  /** POSIX rule derived from the zone name. */
  ntp_timezone: string;
  ntp_timezone_descr: string;
  /** Clock synchronised (by NTP or manually). */
  ntp_status: boolean;
  /** "<Weekday>, <Month> <DD> <YYYY> <HH>:<MM>:<SS>" local time. */
  ntp_localtime: string;
  /** Same format, or "--" when not computable. */
  sun_risetime: string;
  sun_settime: string;
  sun_isSunsetAvailable: boolean;
  sun_isDayPeriod: boolean;
}

export interface NtpConfig {
  ntp_server: string;
  /** POSIX rule of the chosen zone (the older API form; derived from `ntp_timezone_descr`). */
  ntp_timezone: string;
  ntp_timezone_descr: string;
  longitude: number;
  latitude: number;
  /** `SunsetType` 0..3; other values behave as nautical. */
  sunsettype: number;
}

/** GET /api/ntp/time: local time; reflects the unset clock (e.g. 1970) while `ntp_status` is false. */
export interface NtpTimeResponse {
  ntp_status: boolean;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** GET /api/ntp/zones (and legacy /zones.json): IANA zone name → POSIX TZ rule. */
export type TimezoneMap = Record<string, string>;
