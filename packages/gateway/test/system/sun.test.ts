import { describe, expect, it } from 'vitest';
import {
  isNight,
  SUNSET_ZENITH,
  type SunStatusInput,
  sunEventMinutes,
  sunStatus,
} from '../../src/system/sun';

/**
 * Every vector of reference data/sun.json, inlined so the test does not depend on the
 * reference folder: date, latitude, longitude, tzOffsetHours, type, sunrise/sunset minutes, whole minutes
 * and clocks (null = never reached, or a clock outside 00:00..23:59).
 */
type Vector = [
  string,
  number,
  number,
  number,
  string,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
];
const VECTORS: Vector[] = [
  ['2024-06-21', 51.1657, 10.4515, 2, 'OFFICIAL', 302.7572, 1297.4476, 302, 1297, '05:02', '21:37'],
  ['2024-06-21', 51.1657, 10.4515, 2, 'NAUTICAL', 183.4247, 1416.7474, 183, 1416, '03:03', '23:36'],
  ['2024-06-21', 51.1657, 10.4515, 2, 'CIVIL', 255.7357, 1344.4616, 255, 1344, '04:15', '22:24'],
  ['2024-06-21', 51.1657, 10.4515, 2, 'ASTRONOMICAL', null, null, null, null, null, null],
  ['2024-12-21', 51.1657, 10.4515, 1, 'OFFICIAL', 499.9506, 973.0528, 499, 973, '08:19', '16:13'],
  ['2024-12-21', 51.1657, 10.4515, 1, 'NAUTICAL', 417.2114, 1055.792, 417, 1055, '06:57', '17:35'],
  ['2024-12-21', 51.1657, 10.4515, 1, 'CIVIL', 460.0374, 1012.9659, 460, 1012, '07:40', '16:52'],
  ['2024-12-21', 51.1657, 10.4515, 1, 'ASTRONOMICAL', 376.7064, 1096.2971, 376, 1096, '06:16', '18:16'],
  ['2024-01-15', -33.8688, 151.2093, 11, 'OFFICIAL', 359.0115, 1209.1298, 359, 1209, '05:59', '20:09'],
  ['2024-01-15', -33.8688, 151.2093, 11, 'NAUTICAL', 295.9846, 1271.9976, 295, 1271, '04:55', '21:11'],
  ['2024-01-15', -33.8688, 151.2093, 11, 'CIVIL', 330.6355, 1237.4438, 330, 1237, '05:30', '20:37'],
  ['2024-01-15', -33.8688, 151.2093, 11, 'ASTRONOMICAL', 258.5482, 1309.2898, 258, 1309, '04:18', '21:49'],
  ['2024-06-21', 60.0, 10.75, 2, 'OFFICIAL', 232.8373, 1364.9564, 232, 1364, '03:52', '22:44'],
  ['2024-06-21', 60.0, 10.75, 2, 'NAUTICAL', null, null, null, null, null, null],
  ['2024-06-21', 60.0, 10.75, 2, 'CIVIL', 126.129, 1471.5449, 126, 1471, '02:06', null],
  ['2024-06-21', 60.0, 10.75, 2, 'ASTRONOMICAL', null, null, null, null, null, null],
  ['2024-07-04', 40.7128, -74.006, -4, 'OFFICIAL', 330.5254, 1230.4161, 330, 1230, '05:30', '20:30'],
  ['2024-07-04', 40.7128, -74.006, -4, 'NAUTICAL', 255.4516, 1305.3348, 255, 1305, '04:15', '21:45'],
  ['2024-07-04', 40.7128, -74.006, -4, 'CIVIL', 297.4591, 1263.4265, 297, 1263, '04:57', '21:03'],
  ['2024-07-04', 40.7128, -74.006, -4, 'ASTRONOMICAL', 206.3207, 1354.2766, 206, 1354, '03:26', '22:34'],
  ['2024-01-01', 28.6139, 77.209, 5, 'OFFICIAL', 403.7568, 1025.1185, 403, 1025, '06:43', '17:05'],
  ['2024-01-01', 28.6139, 77.209, 5, 'NAUTICAL', 348.4961, 1080.3761, 348, 1080, '05:48', '18:00'],
  ['2024-01-01', 28.6139, 77.209, 5, 'CIVIL', 377.8775, 1050.9964, 377, 1050, '06:17', '17:30'],
  ['2024-01-01', 28.6139, 77.209, 5, 'ASTRONOMICAL', 319.6722, 1109.1985, 319, 1109, '05:19', '18:29'],
];
const SUNSET_TYPES = [
  { value: 0, key: 'OFFICIAL', zenithDeg: 90.833 },
  { value: 1, key: 'NAUTICAL', zenithDeg: 102 },
  { value: 2, key: 'CIVIL', zenithDeg: 96 },
  { value: 3, key: 'ASTRONOMICAL', zenithDeg: 108 },
] as const;

const typeValue = (key: string): number => {
  const type = SUNSET_TYPES.find((t) => t.key === key);
  if (!type) throw new Error(`unknown sunset type ${key}`);
  return type.value;
};
const whole = (minutes: number | null) => (minutes === null ? null : Math.floor(minutes));
const clock = (minutes: number | null) => {
  const m = whole(minutes);
  if (m === null || m < 0 || m >= 1440) return null;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

describe('SUNSET_ZENITH', () => {
  it('matches the reference table', () => {
    for (const t of SUNSET_TYPES) expect(SUNSET_ZENITH[t.value]).toBe(t.zenithDeg);
  });
});

describe('sunEventMinutes (sun.json vectors)', () => {
  it.each(VECTORS)('%s %s %s tz %s %s', (date, latitude, longitude, tzOffsetHours, type, ...expected) => {
    const [rise, set, riseWhole, setWhole, riseClock, setClock] = expected;
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const { sunrise, sunset } = sunEventMinutes({
      year,
      month,
      day,
      latitude,
      longitude,
      tzOffsetHours,
      sunsetType: typeValue(type),
    });
    for (const [got, minutes, wholeMinutes, clockText] of [
      [sunrise, rise, riseWhole, riseClock],
      [sunset, set, setWhole, setClock],
    ] as const) {
      if (minutes === null) expect(got).toBeNull();
      else expect(got).toBeCloseTo(minutes, 3);
      expect(whole(got)).toBe(wholeMinutes);
      expect(clock(got)).toBe(clockText);
    }
  });

  it('treats an unknown sunset type as nautical', () => {
    const base = { year: 2024, month: 6, day: 21, latitude: 51.1657, longitude: 10.4515, tzOffsetHours: 2 };
    expect(sunEventMinutes({ ...base, sunsetType: 7 })).toEqual(sunEventMinutes({ ...base, sunsetType: 1 }));
  });
});

describe('sunStatus', () => {
  const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
  const centre = { tz: BERLIN, latitude: 51.1657, longitude: 10.4515, synchronised: true };
  const at = (input: Omit<SunStatusInput, 'epochMs'>, epochMs: number) => sunStatus({ ...input, epochMs });

  it('gives today’s sunrise and sunset as instants and switches at whole minutes', () => {
    const official = { ...centre, sunsetType: 0 };
    // 302.7572 min → 05:02:45 CEST, 1297.4476 min → 21:37:26 CEST.
    const noon = at(official, Date.UTC(2024, 5, 21, 10));
    expect(noon).toEqual({
      available: true,
      sunrise: Date.UTC(2024, 5, 21, 3, 2, 45),
      sunset: Date.UTC(2024, 5, 21, 19, 37, 26),
      isDay: true,
    });
    expect(at(official, Date.UTC(2024, 5, 21, 3, 1, 59)).isDay).toBe(false);
    expect(at(official, Date.UTC(2024, 5, 21, 3, 2, 0)).isDay).toBe(true);
    expect(at(official, Date.UTC(2024, 5, 21, 19, 36, 59)).isDay).toBe(true);
    expect(at(official, Date.UTC(2024, 5, 21, 19, 37, 0)).isDay).toBe(false);
    expect(isNight({ ...official, epochMs: Date.UTC(2024, 5, 21, 21) })).toBe(true);
    expect(isNight({ ...official, epochMs: Date.UTC(2024, 5, 21, 12) })).toBe(false);
  });

  it('uses the local date and the offset of the instant (CET in winter)', () => {
    const s = at({ ...centre, sunsetType: 0 }, Date.UTC(2024, 11, 21, 12));
    // 499.9506 min → 08:19:57 CET, 973.0528 → 16:13:03 CET.
    expect(s.sunrise).toBe(Date.UTC(2024, 11, 21, 7, 19, 57));
    expect(s.sunset).toBe(Date.UTC(2024, 11, 21, 15, 13, 3));
    // 00:30 local on Dec 22 is still Dec 21 in UTC: the sun times belong to Dec 22.
    expect(at({ ...centre, sunsetType: 0 }, Date.UTC(2024, 11, 21, 23, 30)).sunrise).toBeGreaterThan(
      Date.UTC(2024, 11, 22, 7),
    );
  });

  it('is day all day when the sun never reaches the zenith', () => {
    for (const hour of [0, 12, 23]) {
      expect(at({ ...centre, sunsetType: 3 }, Date.UTC(2024, 5, 21, hour))).toEqual({
        available: false,
        sunrise: null,
        sunset: null,
        isDay: true,
      });
    }
  });

  it('is day all day and unavailable while the clock is not synchronised', () => {
    expect(at({ ...centre, sunsetType: 0, synchronised: false }, Date.UTC(2024, 5, 21, 23))).toEqual({
      available: false,
      sunrise: null,
      sunset: null,
      isDay: true,
    });
  });

  it('treats a sunset after midnight as day until midnight', () => {
    const oslo = { tz: BERLIN, latitude: 60, longitude: 10.75, sunsetType: 2, synchronised: true };
    const s = at(oslo, Date.UTC(2024, 5, 21, 21, 59, 59)); // 23:59:59 CEST
    expect(s.isDay).toBe(true);
    // 1471.5449 min = 24:31:32 → the next day's 00:31:32 CEST.
    expect(s.sunset).toBe(Date.UTC(2024, 5, 21, 22, 31, 32));
    expect(at(oslo, Date.UTC(2024, 5, 21, 0, 5)).isDay).toBe(false); // 02:05, before the 02:06 sunrise
  });

  it('uses the exact half-hour offset, not the firmware’s truncated one', () => {
    const delhi = { tz: 'IST-5:30', latitude: 28.6139, longitude: 77.209, sunsetType: 0, synchronised: true };
    const s = at(delhi, Date.UTC(2024, 0, 1, 6));
    const vector = sunEventMinutes({ ...delhi, year: 2024, month: 1, day: 1, tzOffsetHours: 5 });
    // The vector (403.7568 with +5) plus the lost half hour: 433.7568 min → 07:13:45 IST.
    expect(vector.sunrise).toBeCloseTo(403.7568, 3);
    expect(s.sunrise).toBe(Date.UTC(2024, 0, 1, 1, 43, 45));
  });

  it('counts a sunrise before local midnight as day from midnight', () => {
    // A longitude far east of the zone's meridian pulls sunrise before 00:00 and sunset to mid-morning.
    const skewed = { tz: BERLIN, latitude: 51.1657, longitude: 170, sunsetType: 0, synchronised: true };
    const s = at(skewed, Date.UTC(2024, 5, 20, 22, 30)); // 00:30 CEST
    expect(s.available).toBe(true);
    expect(s.sunrise).toBeLessThan(Date.UTC(2024, 5, 20, 22));
    expect(s.isDay).toBe(true);
    expect(at(skewed, Date.UTC(2024, 5, 21, 12)).isDay).toBe(false);
  });
});
