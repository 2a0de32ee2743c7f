/**
 * An MI-600 added beside the first-start HM-800 and HMS-2000 (simulated plant, ManualClock): live data in
 * OpenDTU's shape with the AC power marked as estimated and no AC current, MQTT discovery naming the
 * estimate, and the total yield kept across a restart on the next day.
 */
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/api';
import { plantGateway, SUMMER_NOON } from '../helpers/plant-gateway';

const MI600 = '104161200002';
const HOUR = 3_600_000;

interface Field {
  v: number;
  estimated?: true;
}

async function detail(env: Awaited<ReturnType<typeof plantGateway>>) {
  const response = await get(env.gateway, `/api/livedata/status?inv=${MI600}`, null);
  expect(response.statusCode).toBe(200);
  return response.json().inverters[0] as {
    AC: Record<string, Record<string, Field>>;
    DC: Record<string, Record<string, Field>>;
    INV: Record<string, Record<string, Field>>;
  };
}

describe('an MI-600 through the API', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows estimated AC power, no AC current, and keeps the total yield across a restart', async () => {
    const first = await plantGateway();
    dataDir = first.dataDir;
    const added = await post(first.gateway, '/api/inverter/add', { serial: MI600, name: 'Garage MI' });
    expect(added.json().type).toBe('success');
    await first.advance(60_000);
    const inv = await detail(first);
    const ac = inv.AC['0']!;
    expect(ac.Power!.estimated).toBe(true);
    expect(ac.Power!.v).toBeGreaterThan(0);
    expect(ac.Current).toBeUndefined();
    expect(ac.PowerFactor).toBeUndefined();
    expect(ac.Voltage!.estimated).toBeUndefined();
    expect(inv.INV['0']!.Efficiency).toBeUndefined();
    expect(Object.keys(inv.DC)).toEqual(['0', '1']);
    // Until 20:00 local time the history records the day's energy; a poll every 30 s is enough for the
    // day's yield (the inverter counts it) and spares the test most of the afternoon's exchanges.
    const dtu = (await get(first.gateway, '/api/dtu/config')).json();
    expect((await post(first.gateway, '/api/dtu/config', { ...dtu, pollinterval: 30 })).json().type).toBe(
      'success',
    );
    await first.advance(7 * HOUR);
    const yesterday = (await detail(first)).INV['0']!.YieldDay!.v;
    expect(yesterday).toBeGreaterThan(100);
    await first.gateway.stop();

    // The next day, noon: the total is yesterday's energy plus today's yield.
    const second = await plantGateway({ dataDir, start: SUMMER_NOON + 24 * HOUR });
    await second.advance(60_000);
    const today = await detail(second);
    const todayWh = today.INV['0']!.YieldDay!.v;
    expect(todayWh).toBeGreaterThan(0);
    expect(today.INV['0']!.YieldTotal!.v).toBeCloseTo((yesterday + todayWh) / 1000, 1);
    await second.gateway.stop();
  }, 120_000);
});
