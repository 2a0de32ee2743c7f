import { describe, expect, it } from 'vitest';
import { systemEngineTime } from '../../src/engine/system-time';

const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';
const query = {
  tz: BERLIN,
  latitude: 51.1657,
  longitude: 10.4515,
  sunsetType: 1 as const,
  synchronised: true,
};

describe('systemEngineTime (system/sun + system/timezone)', () => {
  it('day and night by the nautical twilight of 21 June at the default location (03:03 – 23:36 local)', () => {
    expect(systemEngineTime.isDay({ ...query, epochMs: Date.UTC(2024, 5, 21, 10) })).toBe(true);
    expect(systemEngineTime.isDay({ ...query, epochMs: Date.UTC(2024, 5, 20, 23, 30) })).toBe(false);
    expect(systemEngineTime.isDay({ ...query, epochMs: Date.UTC(2024, 5, 21, 1, 2) })).toBe(false);
    expect(systemEngineTime.isDay({ ...query, epochMs: Date.UTC(2024, 5, 21, 1, 4) })).toBe(true);
    // Without a synchronised clock it is day all day.
    expect(
      systemEngineTime.isDay({ ...query, synchronised: false, epochMs: Date.UTC(2024, 5, 20, 23, 30) }),
    ).toBe(true);
  });

  it('local date and UTC offset follow the POSIX rule', () => {
    expect(systemEngineTime.localDate(BERLIN, Date.UTC(2024, 5, 21, 21, 59))).toBe('2024-06-21');
    expect(systemEngineTime.localDate(BERLIN, Date.UTC(2024, 5, 21, 22, 0))).toBe('2024-06-22');
    expect(systemEngineTime.utcOffsetSeconds(BERLIN, Date.UTC(2024, 5, 21))).toBe(7200);
    expect(systemEngineTime.utcOffsetSeconds(BERLIN, Date.UTC(2024, 0, 21))).toBe(3600);
  });
});
