/**
 * The limiter on the gateway as `npm start` runs it: fed by the simulated plant's own meter (the default
 * source), steering both default inverters towards the target at a summer noon.
 */
import {
  Code,
  type PowerLimiterEnergy,
  PowerLimiterLimits,
  type PowerLimiterTrace,
} from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/api';
import { expectCode } from '../helpers/envelopes';
import { LIMITER_ON, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
  await env.advance(60_000);
});
afterAll(() => env.cleanup());

describe('the limiter on the simulated meter', () => {
  it('regulates the grid power to the target with non-persistent limits', async () => {
    const meter = (await get(env.gateway, '/api/powermeter/status', null)).json();
    expect(meter.valid).toBe(true);
    expectCode(await post(env.gateway, '/api/powerlimiter/config', LIMITER_ON), Code.SettingsSaved);
    for (let i = 0; i < 30; i++) await env.advance(10_000);
    const status = (await get(env.gateway, '/api/powerlimiter/status', null)).json();
    expect(status.state).toBe('regulating');
    expect(status.persistent_commands).toBe(0);
    const commands = status.inverters.reduce(
      (sum: number, inverter: { commands_last_hour: number }) => sum + inverter.commands_last_hour,
      0,
    );
    expect(commands).toBeGreaterThan(0);
    // At noon the plant makes more than the house uses: the limits hold the export near the target.
    const grid = (await get(env.gateway, '/api/powermeter/status', null)).json().power;
    expect(Math.abs(grid)).toBeLessThan(300);
  });

  it('keeps a trace of the last 15 minutes for the console chart, readonly like live data', async () => {
    for (let i = 0; i < 120; i++) await env.advance(10_000);
    const response = await get(env.gateway, '/api/powerlimiter/trace', null);
    expect(response.statusCode).toBe(200);
    const trace = response.json() as PowerLimiterTrace;
    expect(trace.window_ms).toBe(PowerLimiterLimits.traceWindowMs);
    expect(trace.spacing_ms).toBe(PowerLimiterLimits.traceSpacingMs);
    const times = trace.points.map((point) => point.time);
    const now = env.clock.now();
    // Bounded: only the window, at most one point per spacing.
    expect(times[0]).toBeGreaterThanOrEqual(now - trace.window_ms);
    expect(trace.points.length).toBeLessThanOrEqual(trace.window_ms / trace.spacing_ms + 1);
    expect(trace.points.length).toBeGreaterThan(60);
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(trace.spacing_ms);
    }
    const last = trace.points.at(-1)!;
    expect(typeof last.grid_power).toBe('number');
    expect(last.production).toBeGreaterThan(0);
    expect(last.limit).toBeGreaterThan(0);
  });

  it("counts today's energy at the grid point from the meter's own registers", async () => {
    const first = (await get(env.gateway, '/api/powerlimiter/energy', null)).json() as PowerLimiterEnergy;
    const before = (await get(env.gateway, '/api/powermeter/status', null)).json();
    for (let i = 0; i < 30; i++) await env.advance(10_000);
    const energy = (await get(env.gateway, '/api/powerlimiter/energy', null)).json() as PowerLimiterEnergy;
    const after = (await get(env.gateway, '/api/powermeter/status', null)).json();
    expect(energy.date).toBe(first.date);
    expect(energy.grid?.method).toBe('counters');
    expect(energy.grid?.since).toBe(first.grid?.since);
    expect(energy.grid!.since * 1000).toBeLessThanOrEqual(env.clock.now());
    // The simulated meter sends 1.8.0 and 2.8.0: today's figures rise exactly as its registers do.
    const rise = (key: 'energy_import_wh' | 'energy_export_wh') => after[key] - before[key];
    expect(energy.grid!.in_wh - first.grid!.in_wh).toBeCloseTo(rise('energy_import_wh'), 3);
    expect(energy.grid!.out_wh - first.grid!.out_wh).toBeCloseTo(rise('energy_export_wh'), 3);
    expect(energy.grid!.in_wh + energy.grid!.out_wh).toBeGreaterThan(0);
    // Counted for every second the limiter had a fresh reading: the 5 minutes just run, and more before.
    expect(energy.grid!.counted_s - first.grid!.counted_s).toBeGreaterThanOrEqual(295);
    // The simulated battery's own power, counted on its side: at a summer noon it charges.
    expect(energy.battery?.method).toBe('power');
    expect(energy.battery!.in_wh).toBeGreaterThan(first.battery!.in_wh);
  });
});
