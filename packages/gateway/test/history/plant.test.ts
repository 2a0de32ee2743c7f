/**
 * History on a running simulated plant (ManualClock, seeded): the day's energy across a gateway restart,
 * an inverter restart at noon and clock jumps.
 */
import { ManualClock } from '@dtu-console/clock';
import type { HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/api';
import { HM800, type PlantGateway, plantGateway, SUMMER_NOON } from '../helpers/plant-gateway';

const MIN = 60_000;
const DAY_MS = 86_400_000;

/** A ManualClock that can also be set (like the gateway's SystemClock: only an offset moves). */
class SettableManualClock extends ManualClock {
  #offset = 0;
  override now(): number {
    return super.now() + this.#offset;
  }
  setTime(epochMs: number): void {
    this.#offset = epochMs - super.now();
  }
}

async function energyOn(env: PlantGateway, date: string, serial?: string): Promise<number | null> {
  const month = date.slice(0, 7);
  const response = await get(
    env.gateway,
    `/api/v2/history/energy?range=month&date=${month}${serial ? `&serial=${serial}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as HistoryEnergySeries;
  return body.plant[body.periods.indexOf(date)] ?? null;
}

async function dayCurve(env: PlantGateway, date: string): Promise<HistoryPowerSeries> {
  const response = await get(env.gateway, `/api/v2/history/power?date=${date}&step=60`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HistoryPowerSeries;
}

describe('history on a running plant', () => {
  const running: PlantGateway[] = [];
  afterEach(async () => {
    for (const env of running.splice(0)) await env.cleanup().catch(() => {});
  });

  it("keeps the day's energy and curve across a gateway restart mid-day", async () => {
    const first = await plantGateway({ start: SUMMER_NOON });
    await first.advance(30 * MIN);
    const before = await energyOn(first, '2025-06-21');
    expect(before).toBeGreaterThan(1000);
    await first.gateway.stop();

    const second = await plantGateway({ start: SUMMER_NOON + 32 * MIN, dataDir: first.dataDir });
    running.push(second);
    // Right after the start, before any new data, the stored day is answered.
    expect(await energyOn(second, '2025-06-21')).toBe(before);
    await second.advance(10 * MIN);
    const after = await energyOn(second, '2025-06-21');
    expect(after).toBeGreaterThan(before ?? 0);
    expect(after).toBeCloseTo(second.gateway.ctx.plant.live.totals().yieldDayWh, -1);

    const curve = await dayCurve(second, '2025-06-21');
    const at = (ms: number) => curve.time.indexOf(ms / 1000);
    expect(curve.plant[at(SUMMER_NOON + 10 * MIN)]).toBeGreaterThan(0);
    expect(curve.plant[at(SUMMER_NOON + 31 * MIN)]).toBeNull(); // the gateway was off
    expect(curve.plant[at(SUMMER_NOON + 35 * MIN)]).toBeGreaterThan(0);
  });

  it('does not count a day twice when the gateway starts again at the same simulated moment', async () => {
    // `npm start -- --sim-start <fixed time>` twice on one data directory.
    const first = await plantGateway({ start: SUMMER_NOON });
    await first.advance(30 * MIN);
    const before = (await energyOn(first, '2025-06-21')) ?? 0;
    await first.gateway.stop();
    const again = await plantGateway({ start: SUMMER_NOON, dataDir: first.dataDir });
    running.push(again);
    await again.advance(20 * MIN);
    expect(await energyOn(again, '2025-06-21')).toBe(before);
    await again.advance(20 * MIN);
    // Past the first run's end the counter takes over again.
    const after = (await energyOn(again, '2025-06-21')) ?? 0;
    expect(after).toBeGreaterThan(before);
    expect(after).toBeCloseTo(again.gateway.ctx.plant.live.totals().yieldDayWh, -1);
  });

  it('loses no energy when an inverter restarts at noon (YieldDay starts over)', async () => {
    const env = await plantGateway({ start: SUMMER_NOON });
    running.push(env);
    await env.advance(10 * MIN);
    const before = (await energyOn(env, '2025-06-21', HM800)) ?? 0;
    expect(before).toBeGreaterThan(500);
    expect(env.gateway.ctx.plant.engine.setPower(HM800, 'restart')).toBe('queued');
    await env.advance(10 * MIN);
    const shown = env.gateway.ctx.plant.live.inverter(HM800)?.totals.yieldDay ?? 0;
    expect(shown).toBeLessThan(before); // the counter started over
    const after = (await energyOn(env, '2025-06-21', HM800)) ?? 0;
    expect(after).toBeGreaterThan(before);
    expect(after).toBeCloseTo(before + shown, -1);
  });

  it('counts each Wh once when the clock is set back a day and forward again', async () => {
    const clock = new SettableManualClock(SUMMER_NOON);
    const env = await plantGateway({ start: SUMMER_NOON, deps: { clock } });
    running.push(env);
    // The gateway runs on this clock (plantGateway's own one stays unused).
    const counter = () => env.gateway.ctx.plant.live.totals().yieldDayWh;
    await clock.advance(20 * MIN);
    const todayBefore = (await energyOn(env, '2025-06-21')) ?? 0;
    const counterBefore = counter();
    expect(todayBefore).toBeCloseTo(counterBefore, -1);

    clock.setTime(SUMMER_NOON - DAY_MS);
    await clock.advance(20 * MIN);
    const yesterday = (await energyOn(env, '2025-06-20')) ?? 0;
    // Only what the counter grew while the clock said "yesterday" went there.
    expect(yesterday).toBeGreaterThan(0);
    expect(yesterday).toBeLessThan(todayBefore / 2);
    expect(await energyOn(env, '2025-06-21')).toBe(todayBefore);

    clock.setTime(SUMMER_NOON + 45 * MIN);
    await clock.advance(15 * MIN);
    const todayAfter = (await energyOn(env, '2025-06-21')) ?? 0;
    expect(todayAfter).toBeGreaterThan(todayBefore);
    // The counter never reset: every Wh it counted is in exactly one day.
    expect(todayAfter + yesterday).toBeCloseTo(counter(), -1);

    // The power curve of today has the gap the jump left (null), and yesterday's 20 minutes.
    const today = await dayCurve(env, '2025-06-21');
    const at = (ms: number) => today.time.indexOf(ms / 1000);
    expect(today.plant[at(SUMMER_NOON + 10 * MIN)]).toBeGreaterThan(0);
    expect(today.plant[at(SUMMER_NOON + 30 * MIN)]).toBeNull();
    expect(today.plant[at(SUMMER_NOON + 50 * MIN)]).toBeGreaterThan(0);
    const previous = await dayCurve(env, '2025-06-20');
    expect(previous.plant.filter((v) => v !== null).length).toBeGreaterThanOrEqual(19);
  });

  it('records nothing while switched off, and again once switched on', async () => {
    const env = await plantGateway({ start: SUMMER_NOON });
    running.push(env);
    await env.advance(5 * MIN);
    const settings = { minute_days: 31, quarter_days: 730, daily_days: 0 };
    await post(env.gateway, '/api/v2/history/config', { enabled: false, ...settings });
    const off = (await energyOn(env, '2025-06-21')) ?? 0;
    await env.advance(10 * MIN);
    expect(await energyOn(env, '2025-06-21')).toBe(off);
    let curve = await dayCurve(env, '2025-06-21');
    const at = (ms: number) => curve.time.indexOf(ms / 1000);
    expect(curve.plant[at(SUMMER_NOON + 3 * MIN)]).toBeGreaterThan(0);
    expect(curve.plant[at(SUMMER_NOON + 10 * MIN)]).toBeNull();
    await post(env.gateway, '/api/v2/history/config', { enabled: true, ...settings });
    await env.advance(5 * MIN);
    curve = await dayCurve(env, '2025-06-21');
    expect(curve.plant[at(SUMMER_NOON + 18 * MIN)]).toBeGreaterThan(0);
    // The counter went on meanwhile: the day's energy includes the time switched off.
    expect(await energyOn(env, '2025-06-21')).toBeCloseTo(env.gateway.ctx.plant.live.totals().yieldDayWh, -1);
  });
});
