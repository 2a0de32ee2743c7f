/**
 * POST /api/test/clock and the `--test-clock` flag: the route exists only with the flag (404 without), is
 * admin-only, refuses bad input with its codes, warns at every start, and moves the one gateway clock so
 * that everything time-driven follows: the poll cycle and the simulator, the history's minutes, the alert
 * windows and the power limiter. The gateway runs on its real SystemClock here (not a ManualClock): the
 * route is what moves it.
 */
import { Writable } from 'node:stream';
import { SystemClock } from '@dtu-console/clock';
import type { HistoryPowerSeries } from '@dtu-console/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CLOCK_WARNING } from '../../src/routes/test-clock';
import { expectAuthMatrix, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';
import { LIMITER_ON } from '../helpers/plant-gateway';

const MINUTE = 60_000;
/** 21 June 2026 12:00 in Berlin (the default place): daylight for hours. */
const SUMMER_NOON = Date.parse('2026-06-21T12:00:00+02:00');

/** A pino logger whose lines the test can read. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

async function gatewayOnSystemClock(testClock: boolean) {
  const clock = new SystemClock({ startAt: SUMMER_NOON });
  const captured = capturedLog();
  const env = await testGateway(testClock ? { testClock: true } : {}, {
    clock,
    log: captured.log,
    seed: 1,
    authLimits: { maxFailures: 100_000 },
  });
  return { ...env, clock, lines: captured.lines };
}

const advance = (env: { gateway: Parameters<typeof post>[0] }, ms: unknown, password?: string | null) =>
  post(env.gateway, '/api/test/clock', { advance_ms: ms }, password);

describe('without --test-clock', () => {
  let env: Awaited<ReturnType<typeof gatewayOnSystemClock>>;
  beforeAll(async () => {
    env = await gatewayOnSystemClock(false);
  });
  afterAll(() => env.cleanup());

  it('has no such route (404, also for the admin) and the clock is not moved', async () => {
    const before = env.clock.now();
    const response = await advance(env, MINUTE);
    expect(response.statusCode).toBe(404);
    expect(env.clock.now() - before).toBeLessThan(MINUTE);
    expect((await get(env.gateway, '/api/test/clock')).statusCode).toBe(404);
  });

  it('says nothing about a test clock at start', () => {
    expect(env.lines.join('')).not.toContain('TEST CLOCK');
  });
});

describe('with --test-clock', () => {
  let env: Awaited<ReturnType<typeof gatewayOnSystemClock>>;
  beforeAll(async () => {
    env = await gatewayOnSystemClock(true);
  });
  afterAll(() => env.cleanup());

  it('warns loudly at start that the gateway runs a test clock', () => {
    const warnings = env.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toContainEqual(expect.objectContaining({ level: 40, msg: TEST_CLOCK_WARNING }));
    expect(TEST_CLOCK_WARNING).toMatch(/never start a production gateway with --test-clock/);
  });

  it('is for the admin only (Basic or session), whatever allow_readonly says', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'POST', url: '/api/test/clock', level: 'admin', data: { advance_ms: 1 } },
    ]);
  });

  it('moves the gateway clock forward by advance_ms and answers 31001', async () => {
    const before = env.clock.now();
    const response = await advance(env, 5 * MINUTE);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ type: 'success', message: 'Clock advanced.', code: 31001 });
    expect(env.clock.now() - before).toBeGreaterThanOrEqual(5 * MINUTE);
    // The time the API shows is the moved clock.
    const status = (await get(env.gateway, '/api/ntp/status')).json() as { ntp_localtime: string };
    expect(status.ntp_localtime).toMatch(/June 21 2026 12:0[5-9]:/);
  });

  it('refuses a span outside 1 ms..1 hour with 31002 and its bounds, and malformed data with the usual codes', async () => {
    for (const ms of [0, 3_600_001]) {
      const before = env.clock.now();
      const response = await advance(env, ms);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        type: 'warning',
        message: 'The time to advance must be between 1 and 3600000 ms.',
        code: 31002,
        param: { min: 1, max: 3_600_000 },
      });
      expect(env.clock.now() - before).toBeLessThan(MINUTE);
    }
    for (const ms of [-1, 1.5, '60000', null]) expect((await advance(env, ms)).json().code).toBe(1005);
    expect((await post(env.gateway, '/api/test/clock', 'not json')).json().code).toBe(1004);
    const empty = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/test/clock',
      headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
    });
    expect(empty.json().code).toBe(1002);
  });
});

describe('everything time-driven follows the advanced clock', () => {
  let env: Awaited<ReturnType<typeof gatewayOnSystemClock>>;
  let startedAt = 0;
  let requestsBefore = 0;
  let tracePointsBefore = 0;

  beforeAll(async () => {
    env = await gatewayOnSystemClock(true);
    await env.gateway.start();
    const limiter = await post(env.gateway, '/api/powerlimiter/config', {
      ...((await get(env.gateway, '/api/powerlimiter/config')).json() as object),
      ...LIMITER_ON,
    });
    expect(limiter.json().code, limiter.body).toBe(1001);
    const alerts = await post(env.gateway, '/api/alerts/config', {
      ...((await get(env.gateway, '/api/alerts/config')).json() as object),
      radio_enabled: true,
      radio_percent: 0,
      radio_minutes: 1,
    });
    expect(alerts.json().code, alerts.body).toBe(1001);
    startedAt = env.clock.now();
    requestsBefore = env.gateway.ctx.plant.live.inverters().reduce((n, i) => n + i.radioStats.tx_request, 0);
    tracePointsBefore = env.gateway.ctx.services.powerlimiter.trace().points.length;
    // Ten minutes in three calls, as a browser test would take them.
    for (const ms of [4 * MINUTE, 4 * MINUTE, 2 * MINUTE]) {
      const response = await advance(env, ms);
      expect(response.json().code, response.body).toBe(31001);
    }
  }, 120_000);
  afterAll(() => env.cleanup());

  it('polls the inverters at their interval (5 s) all through the ten minutes', () => {
    const inverters = env.gateway.ctx.plant.live.inverters();
    const requests = inverters.reduce((n, i) => n + i.radioStats.tx_request, 0) - requestsBefore;
    // Two inverters, 120 poll rounds of 5 s in ten minutes (the first HMS rounds search its frequency).
    expect(requests).toBeGreaterThanOrEqual(2 * 100);
    for (const inverter of inverters) {
      expect(inverter.reachable, inverter.serial).toBe(true);
      expect(inverter.lastUpdateEpochMs).toBeGreaterThan(startedAt + 9 * MINUTE);
    }
  });

  it('writes the history minute by minute, with the simulated plant’s power', async () => {
    const from = Math.floor(startedAt / 1000 / 60) * 60;
    const response = await get(env.gateway, `/api/v2/history/power?from=${from}&to=${from + 600}&step=60`);
    expect(response.statusCode, response.body).toBe(200);
    const series = response.json() as HistoryPowerSeries;
    // Every closed minute but the first (the plant's first answers) has a value, and the sun shines.
    const written = series.plant.slice(1, 9);
    expect(written).toHaveLength(8);
    for (const value of written) expect(value).toBeGreaterThan(100);
  });

  it('opens the radio-loss alert once its one-minute window of polls is full', async () => {
    const status = (await get(env.gateway, '/api/alerts/status')).json() as {
      unacknowledged: number;
      open: Array<{ rule: string; started: number }>;
    };
    expect(status.unacknowledged).toBeGreaterThan(0);
    const radio = status.open.filter((alert) => alert.rule === 'radio');
    expect(radio.length).toBeGreaterThan(0);
    // Opened in simulated time: no earlier than one window after the start.
    for (const alert of radio) expect(alert.started * 1000).toBeGreaterThanOrEqual(startedAt);
  });

  it('runs the power limiter every second: a trace point every 5 s of the ten minutes', () => {
    const trace = env.gateway.ctx.services.powerlimiter.trace();
    expect(trace.points.length - tracePointsBefore).toBeGreaterThanOrEqual(100);
    const last = trace.points.at(-1);
    expect(last?.time).toBeGreaterThan(startedAt + 9 * MINUTE);
  });
});
