/** The simulated battery bus: energy in, energy out, losses both ways, and the MPPT under the plant's sky. */
import { describe, expect, it } from 'vitest';
import {
  BMS_TRIP_CURRENT_A,
  BUS_STEP_MS,
  CHARGE_EFFICIENCY,
  cellOpenCircuitV,
  DISCHARGE_EFFICIENCY,
  SimulatedBatteryBus,
} from '../../../src/battery/simulated/battery-bus';

const BERLIN = { latitude: 52.52, longitude: 13.4 };
const HOUR = 3_600_000;
/** 21 June 2025, 00:00 UTC (02:00 in Berlin): night. */
const MIDSUMMER_NIGHT = Date.UTC(2025, 5, 21, 0, 0, 0);
const MIDSUMMER_NOON = Date.UTC(2025, 5, 21, 11, 0, 0);

function bus(start: number, options: { drawnDcW?: () => number; startSoc?: number } = {}) {
  let now = start;
  const b = new SimulatedBatteryBus({
    now: () => now,
    seed: 'battery-test',
    location: () => BERLIN,
    ...options,
  });
  return {
    bus: b,
    at: (ms: number) => {
      now = ms;
      return b.state();
    },
  };
}

describe('simulated battery bus', () => {
  it('holds its charge at night with nothing drawing, and the MPPT gives nothing', () => {
    const { at } = bus(MIDSUMMER_NIGHT);
    const first = at(MIDSUMMER_NIGHT);
    const later = at(MIDSUMMER_NIGHT + HOUR);
    expect(first.socPercent).toBe(50);
    expect(later.socPercent).toBe(50);
    expect(later.solarPowerW).toBe(0);
    expect(later.currentA).toBe(0);
    expect(later.chargeState).toBe('off');
  });

  it("loses the discharge and the pack's loss: 500 W drawn for two hours takes 500 / 0.97 × 2 Wh", () => {
    const { at } = bus(MIDSUMMER_NIGHT, { drawnDcW: () => 500 });
    at(MIDSUMMER_NIGHT);
    const after = at(MIDSUMMER_NIGHT + 2 * HOUR);
    const expectedDrop = ((500 / DISCHARGE_EFFICIENCY) * 2 * 100) / 5000;
    expect(after.socPercent).toBeCloseTo(50 - expectedDrop, 1);
    // The current flows out, the power is negative, and the voltage sags below the open-circuit voltage.
    expect(after.currentA).toBeLessThan(0);
    expect(after.powerW).toBeCloseTo(-500, 0);
    expect(after.voltageV).toBeLessThan(16 * cellOpenCircuitV(after.socPercent));
  });

  it('stores what the MPPT delivers less the charge loss, step by step', () => {
    const { at } = bus(MIDSUMMER_NOON);
    let state = at(MIDSUMMER_NOON);
    let deliveredWh = 0;
    for (let t = MIDSUMMER_NOON + BUS_STEP_MS; t <= MIDSUMMER_NOON + HOUR; t += BUS_STEP_MS) {
      state = at(t);
      deliveredWh += (state.solarPowerW * BUS_STEP_MS) / HOUR;
    }
    expect(deliveredWh).toBeGreaterThan(300);
    const storedWh = ((state.socPercent - 50) / 100) * 5000;
    // Rounding of the reported SoC (0.1 % = 5 Wh) and of each step's power.
    expect(storedWh).toBeCloseTo(deliveredWh * CHARGE_EFFICIENCY, -1);
    expect(state.chargeState).toBe('bulk');
    expect(state.currentA).toBeGreaterThan(0);
  });

  it('never charges past full: a full battery floats and the MPPT delivers only what the inverters draw', () => {
    const { at } = bus(MIDSUMMER_NOON, { startSoc: 100, drawnDcW: () => 200 });
    at(MIDSUMMER_NOON);
    const later = at(MIDSUMMER_NOON + HOUR);
    expect(later.socPercent).toBeLessThanOrEqual(100);
    expect(later.socPercent).toBeGreaterThan(99);
    expect(later.chargeState).toBe('float');
    expect(later.solarPowerW).toBeLessThan(bus(MIDSUMMER_NOON).bus.availableSolarW(MIDSUMMER_NOON + HOUR));
    expect(later.solarPowerW).toBeCloseTo(200, -1);
  });

  it('never discharges below empty', () => {
    const { at } = bus(MIDSUMMER_NIGHT, { startSoc: 1, drawnDcW: () => 2000 });
    at(MIDSUMMER_NIGHT);
    expect(at(MIDSUMMER_NIGHT + HOUR).socPercent).toBe(0);
  });

  it('follows the sun: more at noon than in the morning, nothing at night', () => {
    const { bus: b } = bus(MIDSUMMER_NOON);
    const noon = b.availableSolarW(MIDSUMMER_NOON);
    const morning = b.availableSolarW(Date.UTC(2025, 5, 21, 4, 30));
    expect(noon).toBeGreaterThan(morning);
    expect(morning).toBeGreaterThan(0);
    expect(b.availableSolarW(MIDSUMMER_NIGHT)).toBe(0);
    expect(noon).toBeLessThan(1600);
  });

  it('does not integrate a clock jump of days (a suspended host), nor a clock set back', () => {
    const { at } = bus(MIDSUMMER_NIGHT, { drawnDcW: () => 500 });
    at(MIDSUMMER_NIGHT);
    expect(at(MIDSUMMER_NIGHT + 3 * 24 * HOUR).socPercent).toBe(50);
    expect(at(MIDSUMMER_NIGHT).socPercent).toBe(50);
  });

  it('the same seed gives the same day', () => {
    const a = bus(MIDSUMMER_NOON);
    const b = bus(MIDSUMMER_NOON);
    a.at(MIDSUMMER_NOON);
    b.at(MIDSUMMER_NOON);
    expect(a.at(MIDSUMMER_NOON + 2 * HOUR)).toEqual(b.at(MIDSUMMER_NOON + 2 * HOUR));
  });

  it('feeds an inverter the pack up to its BMS trip current plus the sun, and only the sun once empty', () => {
    const full = bus(MIDSUMMER_NOON);
    const state = full.at(MIDSUMMER_NOON);
    const feed = full.bus.feed(MIDSUMMER_NOON);
    expect(feed.voltageV).toBe(state.voltageV);
    expect(feed.availableW).toBeCloseTo(
      BMS_TRIP_CURRENT_A * state.voltageV + full.bus.availableSolarW(MIDSUMMER_NOON),
      6,
    );
    const empty = bus(MIDSUMMER_NOON, { startSoc: 0 });
    empty.at(MIDSUMMER_NOON);
    expect(empty.bus.feed(MIDSUMMER_NOON).availableW).toBeCloseTo(
      empty.bus.availableSolarW(MIDSUMMER_NOON),
      6,
    );
    const night = bus(MIDSUMMER_NIGHT, { startSoc: 0 });
    night.at(MIDSUMMER_NIGHT);
    expect(night.bus.feed(MIDSUMMER_NIGHT).availableW).toBe(0);
  });

  it("reports the alarms raised on it and keeps its switch closed: stopping is the limiter's work", () => {
    const { bus: b, at } = bus(MIDSUMMER_NIGHT, { drawnDcW: () => 500 });
    at(MIDSUMMER_NIGHT);
    b.setAlarms(['battery_overtemperature']);
    expect(b.alarms).toEqual(['battery_overtemperature']);
    expect(b.feed(MIDSUMMER_NIGHT).availableW).toBeGreaterThan(0);
    expect(at(MIDSUMMER_NIGHT + HOUR).socPercent).toBeLessThan(50);
    b.setAlarms([]);
    expect(b.alarms).toEqual([]);
  });
});
