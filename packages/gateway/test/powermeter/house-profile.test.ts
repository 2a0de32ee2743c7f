import { describe, expect, it } from 'vitest';
import { HOUSE, houseLoadParts, houseLoadW, seededUnit } from '../../src/powermeter/house-profile';

const SEED = 'test-house';
const at = (day: number, hour: number) => ({ day, secondOfDay: hour * 3600 });

/** The load every 10 s over one day. */
function day(seed: string, d: number): number[] {
  return Array.from({ length: 8640 }, (_, i) => houseLoadW(seed, { day: d, secondOfDay: i * 10 }));
}

describe('the simulated house load', () => {
  it('is the same for the same seed and moment, and differs between seeds', () => {
    expect(day(SEED, 100)).toEqual(day(SEED, 100));
    expect(day(SEED, 100)).not.toEqual(day('other', 100));
    expect(seededUnit(SEED, 1, 2)).toBe(seededUnit(SEED, 1, 2));
    expect(seededUnit(SEED, 1, 2)).not.toBe(seededUnit(SEED, 1, 3));
  });

  it('never drops below the base load less its wander', () => {
    expect(Math.min(...day(SEED, 7))).toBeGreaterThanOrEqual(HOUSE.baseW - HOUSE.baseWanderW);
  });

  it('cycles the fridge: on about a third of the time', () => {
    const on = day(SEED, 3).filter(
      (_, i) => houseLoadParts(SEED, { day: 3, secondOfDay: i * 10 }).fridge > 0,
    ).length;
    expect(on / 8640).toBeCloseTo(HOUSE.fridgeOnS / HOUSE.fridgePeriodS, 1);
  });

  it('boils the kettle at each planned time, for a few minutes, as a 2 kW step', () => {
    for (const d of [1, 2, 3]) {
      const kettleSeconds = Array.from({ length: 86_400 / 10 }, (_, i) => i * 10).filter(
        (s) => houseLoadParts(SEED, { day: d, secondOfDay: s }).kettle > 0,
      );
      // Three boils of 2.5..4 minutes each.
      expect(kettleSeconds.length * 10).toBeGreaterThanOrEqual(3 * HOUSE.kettleMinS - 30);
      expect(kettleSeconds.length * 10).toBeLessThanOrEqual(3 * HOUSE.kettleMaxS + 30);
      for (const hour of HOUSE.kettleHours) {
        const near = kettleSeconds.filter(
          (s) => Math.abs(s - hour * 3600) <= HOUSE.kettleJitterS + HOUSE.kettleMaxS,
        );
        expect(near.length, `day ${d} ${hour} h`).toBeGreaterThan(0);
      }
    }
    expect(HOUSE.kettleW).toBe(2000);
  });

  it('heats the oven at dinner time, then lets its thermostat cycle it', () => {
    const oven = Array.from(
      { length: 3 * 360 },
      (_, i) => houseLoadParts(SEED, { day: 5, secondOfDay: 17 * 3600 + i * 10 }).oven,
    );
    const onSeconds = oven.filter((w) => w > 0).length * 10;
    expect(onSeconds).toBeGreaterThan(HOUSE.ovenHeatS);
    expect(onSeconds).toBeLessThan(HOUSE.ovenTotalS);
    // Switched on and off more than once (the thermostat).
    const edges = oven.slice(1).filter((w, i) => w > 0 !== (oven[i] ?? 0) > 0).length;
    expect(edges).toBeGreaterThanOrEqual(6);
    expect(houseLoadParts(SEED, at(5, 12)).oven).toBe(0);
  });

  it('peaks in the evening and is quiet at night', () => {
    expect(houseLoadParts(SEED, at(9, 20)).evening).toBeCloseTo(HOUSE.eveningPeakW, 0);
    expect(houseLoadParts(SEED, at(9, 3)).evening).toBe(0);
    const mean = (from: number, to: number) => {
      const values = day(SEED, 9).slice(from * 360, to * 360);
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(mean(19, 22)).toBeGreaterThan(mean(1, 4) + 200);
  });
});
