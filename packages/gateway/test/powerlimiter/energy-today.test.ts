/** Today's energy of the grid point and the battery, counted from the power of each limiter pass. */
import { describe, expect, it } from 'vitest';
import { EnergyFlow, EnergyToday } from '../../src/powerlimiter/energy-today';

const HOLD_MS = 60_000;
const HOUR = 3_600_000;
/** Local days of a zone one hour east of UTC. */
const localDate = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 10);
const NOON = Date.UTC(2026, 5, 21, 11, 0, 0);

describe('EnergyFlow', () => {
  it('holds each value until the next pass and counts it on its side', () => {
    const flow = new EnergyFlow(HOLD_MS);
    expect(flow.snapshot()).toBeNull();
    // 360 W for 10 s: 1 Wh drawn; then -720 W for 10 s: 2 Wh fed in.
    flow.sample(NOON, 360);
    flow.sample(NOON + 10_000, -720);
    flow.sample(NOON + 20_000, 0);
    expect(flow.snapshot()).toEqual({
      in_wh: 1,
      out_wh: 2,
      since: NOON / 1000,
      counted_s: 20,
      method: 'power',
    });
  });

  it('counts nothing while no value is fresh, nor across a silence longer than the hold limit', () => {
    const flow = new EnergyFlow(HOLD_MS);
    flow.sample(NOON, 3600);
    flow.sample(NOON + 1000, null);
    // No fresh value: these 10 s are not counted, even though a value comes back after them.
    flow.sample(NOON + 11_000, 3600);
    // Two minutes without a pass: a paused gateway, not counted as if the power had held.
    flow.sample(NOON + 11_000 + 2 * HOLD_MS, 3600);
    flow.sample(NOON + 12_000 + 2 * HOLD_MS, 0);
    const snapshot = flow.snapshot();
    expect(snapshot?.counted_s).toBe(2);
    expect(snapshot?.in_wh).toBe(2);
    expect(snapshot?.out_wh).toBe(0);
  });

  it("gives the rise of the meter's own registers where it sends them", () => {
    const flow = new EnergyFlow(HOLD_MS);
    flow.sample(NOON, 100, { inWh: 12_000, outWh: 5_000 });
    flow.sample(NOON + 30_000, -50, { inWh: 12_001.5, outWh: 5_000 });
    flow.sample(NOON + 60_000, -50, { inWh: 12_001.5, outWh: 5_000.4 });
    expect(flow.snapshot()).toMatchObject({ in_wh: 1.5, out_wh: expect.closeTo(0.4, 6), method: 'counters' });
  });

  it('counts the power instead when a register goes backwards (a meter replaced)', () => {
    const flow = new EnergyFlow(HOLD_MS);
    flow.sample(NOON, 360, { inWh: 12_000, outWh: 5_000 });
    flow.sample(NOON + 10_000, 0, { inWh: 3, outWh: 0 });
    expect(flow.snapshot()).toMatchObject({ in_wh: 1, out_wh: 0, method: 'power' });
  });
});

describe('EnergyToday', () => {
  it('counts the grid and the battery apart, and starts from nothing on the next local day', () => {
    const today = new EnergyToday({ localDate, holdMaxMs: HOLD_MS });
    // Before any value: the day, and nothing known of either flow.
    expect(today.snapshot(NOON)).toEqual({ date: '2026-06-21', grid: null, battery: null });
    today.sample(NOON, { gridW: 360, batteryW: -3600 });
    today.sample(NOON + 10_000, { gridW: 0, batteryW: null });
    const noon = today.snapshot(NOON + 10_000);
    expect(noon.grid).toMatchObject({ in_wh: 1, out_wh: 0 });
    expect(noon.battery).toMatchObject({ in_wh: 0, out_wh: 10, counted_s: 10 });

    // Local midnight is 23:00 UTC here.
    const lateEvening = Date.UTC(2026, 5, 21, 22, 59, 50);
    today.sample(lateEvening, { gridW: 360, batteryW: null });
    today.sample(lateEvening + 20_000, { gridW: 360, batteryW: null });
    const nextDay = today.snapshot(lateEvening + 20_000);
    expect(nextDay.date).toBe('2026-06-22');
    expect(nextDay.grid).toMatchObject({ in_wh: 0, counted_s: 0, since: (lateEvening + 20_000) / 1000 });
    expect(nextDay.battery).toBeNull();
  });
});
