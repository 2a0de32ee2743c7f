// Time settings and the sunset rule: limits, defaults and enumerations.

/** Time settings bounds. Coordinates are form bounds only: the server does not check them. */
export const NtpLimits = {
  serverMaxLength: 31,
  serverInputMaxLength: 32,
  timezoneDescrMaxLength: 50,
  /** Legacy POSIX `ntp_timezone` key (code 9002). */
  timezoneMaxLength: 50,
  timezoneInputMaxLength: 32,
  latitudeMin: -90,
  latitudeMax: 90,
  longitudeMin: -180,
  longitudeMax: 180,
  yearMin: 2022,
  yearMax: 2100,
  monthMin: 1,
  monthMax: 12,
  dayMin: 1,
  dayMax: 31,
  hourMin: 0,
  hourMax: 23,
  minuteMin: 0,
  minuteMax: 59,
  secondMin: 0,
  secondMax: 59,
} as const;

export const SunsetType = { Official: 0, Nautical: 1, Civil: 2, Astronomical: 3 } as const;
export type SunsetType = (typeof SunsetType)[keyof typeof SunsetType];

/**
 * Zenith angle per sunset type in degrees. Displays often round the official one to 90.8; the sun computation
 * needs the exact 90.833 (sun.json).
 */
export const SunsetZenithDeg: { readonly [T in SunsetType]: number } = {
  [SunsetType.Official]: 90.833,
  [SunsetType.Nautical]: 102,
  [SunsetType.Civil]: 96,
  [SunsetType.Astronomical]: 108,
};

/** Time defaults of a fresh gateway (lat/lon are the centre of Germany). */
export const NtpDefaults = {
  // The global pool, not a vendor zone: vendor zones are reserved for that vendor's devices.
  server: 'pool.ntp.org',
  timezoneDescr: 'Europe/Berlin',
  /** The POSIX rule of `timezoneDescr`. */
  timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  latitude: 51.1657,
  longitude: 10.4515,
  sunsetType: SunsetType.Nautical,
} as const;
