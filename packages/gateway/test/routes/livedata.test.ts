import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectSameShape, get } from '../helpers/api';
import {
  detailExample,
  LIST_ENTRY_EXAMPLE,
  SIMULATED_HINTS_EXAMPLE,
  TOTAL_EXAMPLE,
} from '../helpers/api-examples';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
  // A few poll rounds: both inverters answered run data, device info and the rest.
  await env.advance(60_000);
});
afterAll(() => env.cleanup());

describe('GET /api/livedata/status', () => {
  it('lists every inverter with summary fields only, then total and hints, as in docs/api.md', async () => {
    const response = await get(env.gateway, '/api/livedata/status', null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expectSameShape(body, {
      inverters: [LIST_ENTRY_EXAMPLE],
      total: TOTAL_EXAMPLE,
      hints: SIMULATED_HINTS_EXAMPLE,
    });
    expect(body.inverters.map((i: { serial: string }) => i.serial)).toEqual([HM800, HMS2000]);
    const [roof] = body.inverters;
    expect(roof).toMatchObject({
      name: 'Garage roof',
      order: 0,
      poll_enabled: true,
      reachable: true,
      producing: true,
    });
    expect(roof.radio_stats.rx_success).toBeGreaterThan(0);
    expect(body.total.Power.v).toBeGreaterThan(0);
    expect(body.hints.default_password).toBe(true);
    expect(body.hints.time_sync).toBe(false);
  });

  it('gives one inverter in detail for ?inv=, with AC, DC per input, INV and events', async () => {
    const response = await get(env.gateway, `/api/livedata/status?inv=${HM800}`, null);
    const body = response.json();
    // The first-start HM-800 has a max power on both strings, so both carry Irradiation.
    expectSameShape(body, {
      inverters: [detailExample([true, true])],
      total: TOTAL_EXAMPLE,
      hints: SIMULATED_HINTS_EXAMPLE,
    });
    expect(body.inverters.length).toBe(1);
    const inv = body.inverters[0];
    expect(inv.serial).toBe(HM800);
    expect(inv.DC['0'].name).toEqual({ u: 'South' });
    expect(inv.DC['0'].Irradiation.max).toBe(410);
    expect(inv.AC['0'].Power.v).toBeGreaterThan(0);
    expect(Number.isInteger(inv.events)).toBe(true);

    const hms = (await get(env.gateway, `/api/livedata/status?inv=0x${HMS2000}`, null)).json();
    expect(Object.keys(hms.inverters[0].DC)).toEqual(['0', '1', '2', '3']);
  });

  it('answers an unknown serial with no inverters (still total and hints), and inv=0 like no inv', async () => {
    const unknown = (await get(env.gateway, '/api/livedata/status?inv=123456789012', null)).json();
    expect(unknown.inverters).toEqual([]);
    expect(Object.keys(unknown)).toEqual(['inverters', 'total', 'hints']);
    const zero = (await get(env.gateway, '/api/livedata/status?inv=0', null)).json();
    expect(zero.inverters.length).toBe(2);
    expect(Object.keys(zero.inverters[0])).toEqual(Object.keys(LIST_ENTRY_EXAMPLE));
  });

  it('is read-only', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/livedata/status', level: 'readonly' },
      { method: 'GET', url: `/api/livedata/status?inv=${HM800}`, level: 'readonly' },
    ]);
  });
});
