/**
 * The limiter on the gateway as `npm start` runs it: fed by the simulated plant's own meter (the default
 * source), steering both default inverters towards the target at a summer noon.
 */
import { Code, PowerLimiterLimits, type PowerLimiterTrace } from '@dtu-console/contract';
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
});
