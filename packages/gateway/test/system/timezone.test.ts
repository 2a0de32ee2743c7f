import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  epochOfLocal,
  formatLocalDateTime,
  localTime,
  parsePosixTz,
  utcOffsetSeconds,
} from '../../src/system/timezone';

const zones: Record<string, string> = JSON.parse(
  readFileSync(new URL('../../assets/zones.json', import.meta.url), 'utf8'),
);

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const NEW_YORK = 'EST5EDT,M3.2.0,M11.1.0';
const SYDNEY = 'AEST-10AEDT,M10.1.0,M4.1.0/3';
const ST_JOHNS = 'NST3:30NDT,M3.2.0,M11.1.0';
const KOLKATA = 'IST-5:30';
const H = 3600;
const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h, mi, s);

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offset east of UTC in seconds per Node's tz database, or undefined if ICU does not know the name. */
function intlOffset(zone: string, epochMs: number): number | undefined {
  let format = formatters.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      return undefined;
    }
    formatters.set(zone, format);
  }
  const text = format.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /^GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/.exec(text);
  if (!m) return undefined;
  if (!m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * H + Number(m[3]) * 60 + Number(m[4] ?? 0));
}

describe('parsePosixTz', () => {
  it('reads names, offsets (east positive) and rules', () => {
    expect(parsePosixTz(BERLIN)).toEqual({
      stdName: 'CET',
      stdOffsetSeconds: H,
      dst: {
        name: 'CEST',
        offsetSeconds: 2 * H,
        start: { kind: 'month', month: 3, week: 5, weekday: 0, timeSeconds: 2 * H },
        end: { kind: 'month', month: 10, week: 5, weekday: 0, timeSeconds: 3 * H },
      },
    });
    expect(parsePosixTz('<+0530>-5:30')).toEqual({ stdName: '+0530', stdOffsetSeconds: 5.5 * H });
    expect(parsePosixTz('UTC0')).toEqual({ stdName: 'UTC', stdOffsetSeconds: 0 });
    expect(parsePosixTz('<-03>3')).toEqual({ stdName: '-03', stdOffsetSeconds: -3 * H });
    expect(parsePosixTz(ST_JOHNS)?.dst?.offsetSeconds).toBe(-2.5 * H);
    expect(parsePosixTz('<-02>2<-01>,M3.5.0/-1,M10.5.0/0')?.dst?.start.timeSeconds).toBe(-H);
    expect(parsePosixTz('IST-2IDT,M3.4.4/26,M10.5.0')?.dst?.start.timeSeconds).toBe(26 * H);
    expect(parsePosixTz('XXX3YYY,J60/1:30,300')?.dst).toMatchObject({
      start: { kind: 'julian', day: 60, timeSeconds: 5400 },
      end: { kind: 'dayOfYear', day: 300, timeSeconds: 2 * H },
    });
  });

  it('defaults a missing DST offset to one hour ahead and missing rules to the US rules', () => {
    expect(parsePosixTz('EST5EDT')?.dst).toMatchObject({
      offsetSeconds: -4 * H,
      start: { kind: 'month', month: 3, week: 2, weekday: 0 },
      end: { kind: 'month', month: 11, week: 1, weekday: 0 },
    });
  });

  it('rejects malformed strings', () => {
    for (const bad of [
      '',
      'CET',
      'CE-1',
      ':Europe/Berlin',
      'Europe/Berlin',
      'CET-1CEST,M3.5.0',
      'CET-1CEST,M13.1.0,M10.5.0',
      'CET-1CEST,M3.6.0,M10.5.0',
      'CET-1CEST,J0,J10',
      '<+05',
      'CET-25',
    ]) {
      expect(parsePosixTz(bad), bad).toBeUndefined();
    }
  });

  it('parses every rule of zones.json', () => {
    expect(Object.entries(zones).filter(([, tz]) => parsePosixTz(tz) === undefined)).toEqual([]);
  });
});

describe('utcOffsetSeconds', () => {
  const cases: [string, string, number, number, number][] = [
    // zone, rule, switch instant (UTC), offset just before, offset at/after
    ['Berlin spring', BERLIN, utc(2026, 3, 29, 1), H, 2 * H],
    ['Berlin autumn', BERLIN, utc(2026, 10, 25, 1), 2 * H, H],
    ['New York spring', NEW_YORK, utc(2026, 3, 8, 7), -5 * H, -4 * H],
    ['New York autumn', NEW_YORK, utc(2026, 11, 1, 6), -4 * H, -5 * H],
    ['Sydney autumn (DST ends)', SYDNEY, utc(2026, 4, 4, 16), 11 * H, 10 * H],
    ['Sydney spring (DST starts)', SYDNEY, utc(2026, 10, 3, 16), 10 * H, 11 * H],
    ['St Johns spring', ST_JOHNS, utc(2026, 3, 8, 5, 30), -3.5 * H, -2.5 * H],
    ['St Johns autumn', ST_JOHNS, utc(2026, 11, 1, 4, 30), -2.5 * H, -3.5 * H],
    ['Dublin winter "DST"', zones['Europe/Dublin'] ?? '', utc(2026, 10, 25, 1), H, 0],
  ];
  it.each(cases)('%s', (_name, tz, at, before, after) => {
    expect(utcOffsetSeconds(tz, at - 1000)).toBe(before);
    expect(utcOffsetSeconds(tz, at)).toBe(after);
  });

  it('handles zones without DST and the J/n rule forms', () => {
    expect(utcOffsetSeconds(KOLKATA, utc(2026, 7, 1))).toBe(5.5 * H);
    expect(utcOffsetSeconds('UTC0', utc(2026, 7, 1))).toBe(0);
    expect(utcOffsetSeconds('JST-9', utc(2026, 1, 1))).toBe(9 * H);
    // J60 is March 1 in every year; n59 is February 29 in a leap year, March 1 otherwise.
    const julian = 'AAA0BBB,J60/0,J300/0';
    expect(utcOffsetSeconds(julian, utc(2028, 2, 29, 23, 59, 59))).toBe(0);
    expect(utcOffsetSeconds(julian, utc(2028, 3, 1))).toBe(H);
    const zeroBased = 'AAA0BBB,59/0,300/0';
    expect(utcOffsetSeconds(zeroBased, utc(2028, 2, 28, 23, 59, 59))).toBe(0);
    expect(utcOffsetSeconds(zeroBased, utc(2028, 2, 29))).toBe(H);
    expect(utcOffsetSeconds(zeroBased, utc(2027, 3, 1))).toBe(H);
    expect(utcOffsetSeconds(zeroBased, utc(2027, 2, 28, 23, 59, 59))).toBe(0);
  });

  it('treats an unparsable rule as UTC', () => {
    expect(utcOffsetSeconds('nonsense', utc(2026, 7, 1))).toBe(0);
    expect(localTime('', utc(2026, 7, 1, 12)).hour).toBe(12);
  });
});

describe('agreement with Intl (Node tz database) for every zone of zones.json in 2026', () => {
  // Morocco suspends +01 during Ramadan; the POSIX footer cannot express that, so Intl differs for weeks.
  const KNOWN_DISAGREEMENTS = ['Africa/Casablanca', 'Africa/El_Aaiun'];

  it('agrees at noon UTC every day and on both sides of every switch', () => {
    const disagree: string[] = [];
    const unknownToIntl: string[] = [];
    let switches = 0;
    const start = utc(2026, 1, 1, 12);
    const end = utc(2027, 1, 1);
    for (const [name, tz] of Object.entries(zones)) {
      if (intlOffset(name, start) === undefined) {
        unknownToIntl.push(name);
        continue;
      }
      const instants: number[] = [];
      let previous = utcOffsetSeconds(tz, start);
      for (let t = start; t < end; t += 86_400_000) {
        instants.push(t);
        const offset = utcOffsetSeconds(tz, t);
        if (offset === previous) continue;
        // Narrow the switch down to the second, then check both sides of it.
        let lo = t - 86_400_000;
        let hi = t;
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
          if (utcOffsetSeconds(tz, mid) === previous) lo = mid;
          else hi = mid;
        }
        instants.push(hi - 1000, hi);
        switches++;
        previous = offset;
      }
      if (instants.some((t) => intlOffset(name, t) !== utcOffsetSeconds(tz, t))) disagree.push(name);
    }
    expect(unknownToIntl).toEqual([]);
    expect(switches).toBeGreaterThan(150);
    expect(disagree).toEqual(KNOWN_DISAGREEMENTS);
  });
});

describe('localTime', () => {
  it('gives the wall clock, weekday and DST flag', () => {
    expect(localTime(BERLIN, utc(2026, 3, 30, 17, 18, 50))).toEqual({
      year: 2026,
      month: 3,
      day: 30,
      hour: 19,
      minute: 18,
      second: 50,
      weekday: 1,
      isDst: true,
      offsetSeconds: 2 * H,
    });
    expect(localTime(SYDNEY, utc(2025, 12, 31, 13, 30))).toMatchObject({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
      weekday: 4,
      isDst: true,
    });
    expect(localTime(KOLKATA, utc(2026, 1, 1, 18, 30))).toMatchObject({ day: 2, hour: 0, isDst: false });
    expect(localTime(NEW_YORK, utc(2026, 1, 1, 3))).toMatchObject({
      year: 2025,
      month: 12,
      day: 31,
      hour: 22,
    });
  });
});

describe('epochOfLocal', () => {
  it('inverts localTime', () => {
    for (const tz of [BERLIN, NEW_YORK, SYDNEY, ST_JOHNS, KOLKATA, 'UTC0', zones['Europe/Dublin'] ?? '']) {
      for (let t = utc(2026, 1, 1); t < utc(2027, 1, 1); t += 7 * 3600_000 + 17_000) {
        const back = epochOfLocal(tz, localTime(tz, t));
        // Equal, except for the second pass of a repeated hour, which maps to its first pass.
        if (back !== t) {
          expect(t - back, `${tz} ${new Date(t).toISOString()}`).toBe(H * 1000);
          expect(localTime(tz, back)).toMatchObject({ hour: localTime(tz, t).hour });
        }
      }
    }
  });

  it('finds local midnight', () => {
    expect(epochOfLocal(BERLIN, { year: 2026, month: 7, day: 1, hour: 0, minute: 0, second: 0 })).toBe(
      utc(2026, 6, 30, 22),
    );
    expect(epochOfLocal(ST_JOHNS, { year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0 })).toBe(
      utc(2026, 1, 1, 3, 30),
    );
  });

  it('takes the earlier instant of a repeated time and moves a skipped time forward', () => {
    // Berlin 2026-10-25 02:30 happens at 00:30 UTC (CEST) and 01:30 UTC (CET).
    expect(epochOfLocal(BERLIN, { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 })).toBe(
      utc(2026, 10, 25, 0, 30),
    );
    // Berlin 2026-03-29 02:30 does not exist; read as CET it is 01:30 UTC = 03:30 CEST.
    const skipped = epochOfLocal(BERLIN, { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0 });
    expect(skipped).toBe(utc(2026, 3, 29, 1, 30));
    expect(localTime(BERLIN, skipped)).toMatchObject({ hour: 3, minute: 30 });
    // Sydney 2026-04-05 02:30 happens twice (AEDT first).
    expect(epochOfLocal(SYDNEY, { year: 2026, month: 4, day: 5, hour: 2, minute: 30, second: 0 })).toBe(
      utc(2026, 4, 4, 15, 30),
    );
  });

  it('rolls over out-of-range parts', () => {
    expect(epochOfLocal(BERLIN, { year: 2026, month: 3, day: 30, hour: 24, minute: 30, second: 0 })).toBe(
      utc(2026, 3, 30, 22, 30),
    );
  });
});

describe('formatLocalDateTime', () => {
  it('uses docs/api.md format', () => {
    expect(formatLocalDateTime(BERLIN, utc(2026, 3, 30, 17, 18, 50))).toBe('Monday, March 30 2026 19:18:50');
    expect(formatLocalDateTime(NEW_YORK, utc(2026, 1, 5, 5, 4, 3))).toBe('Monday, January 05 2026 00:04:03');
    expect(formatLocalDateTime(KOLKATA, 0)).toBe('Thursday, January 01 1970 05:30:00');
  });
});
