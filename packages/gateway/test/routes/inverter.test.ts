import { Code, InverterLimits } from '@dtu-console/contract';
import { channel, inverterConfig } from '@dtu-console/contract/inverter/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectSameShape, get, post } from '../helpers/api';
import { expectCode, postWithoutData } from '../helpers/envelopes';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

// docs/api.md list entry.
const entryExample = inverterConfig(0, {
  name: 'Garage roof',
  serial: '116180216880',
  channel: [channel('South', 410)],
});

const HM400 = '112182216549';
const HMT6 = '138283998877';
const UNSUPPORTED = '999999999999';

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
  await env.advance(20_000);
});
afterAll(() => env.cleanup());

type Entry = typeof entryExample;
const list = async (): Promise<Entry[]> => (await get(env.gateway, '/api/inverter/list')).json().inverter;
const liveSerials = () => env.gateway.ctx.plant.live.serials();
const slots = () => env.gateway.ctx.config.get('inverters');

/** Back to the two first-start inverters in slots 0 and 1, everything else empty. */
async function resetSlots() {
  for (let id = 2; id < InverterLimits.maxInverters; id++)
    await post(env.gateway, '/api/inverter/del', { id });
}

describe('GET /api/inverter/list', () => {
  it('lists occupied slots in slot order, docs/api.md keys and types, one channel per input', async () => {
    const response = await get(env.gateway, '/api/inverter/list');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, { inverter: [entryExample] });
    expect(body.inverter.map((e: Entry) => [e.id, e.serial, e.type, e.channel.length])).toEqual([
      [0, HM800, 'HM-600/700/800-2T', 2],
      [1, HMS2000, 'HMS-1600/1800/2000-4T', 4],
    ]);
    expect(body.inverter[0].channel[0]).toEqual({ name: 'South', max_power: 410, yield_total_offset: 0 });
  });
});

describe('POST /api/inverter/add', () => {
  it('answers 1002, 1004, 1005 (serial and name must be strings)', async () => {
    expectCode(await postWithoutData(env.gateway, '/api/inverter/add'), Code.NoValuesFound);
    expectCode(await post(env.gateway, '/api/inverter/add', '{'), Code.ParseError);
    for (const data of [
      {},
      { serial: HM400 },
      { name: 'x' },
      { serial: 112182216549, name: 'x' },
      { serial: HM400, name: 5 },
    ]) {
      expectCode(
        await post(env.gateway, '/api/inverter/add', data),
        Code.ValuesMissing,
        undefined,
        JSON.stringify(data),
      );
    }
  });

  it('checks 4001 (serial 0) → 4002 (name 1..31 bytes, param max 31)', async () => {
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: '0', name: '' }),
      Code.InverterSerialZero,
    );
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: 'zz12', name: 'x' }),
      Code.InverterSerialZero,
    );
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: '  0x0', name: 'x' }),
      Code.InverterSerialZero,
    );
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: HM400, name: '' }),
      Code.InverterNameLength,
      {
        max: 31,
      },
    );
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: HM400, name: 'x'.repeat(32) }),
      Code.InverterNameLength,
      { max: 31 },
    );
    // Bytes, not characters: 16 × "ä" is 32 bytes.
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: HM400, name: 'ä'.repeat(16) }),
      Code.InverterNameLength,
      {
        max: 31,
      },
    );
    expect((await list()).length).toBe(2);
  });

  it('adds into the first free slot (4004) and the engine polls it at once; duplicates are allowed', async () => {
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: HM400, name: 'Balcony' }),
      Code.InverterAdded,
    );
    const entries = await list();
    expect(entries.at(-1)).toMatchObject({
      id: 2,
      serial: HM400,
      name: 'Balcony',
      type: 'HM-300/350/400-1T',
    });
    expect(entries.at(-1)?.channel.length).toBe(1);
    // Reached the engine without a restart.
    expect(liveSerials()).toContain(HM400);
    await env.advance(30_000);
    const live = (await get(env.gateway, `/api/livedata/status?inv=${HM400}`, null)).json().inverters[0];
    expect(live).toMatchObject({ serial: HM400, name: 'Balcony', reachable: true });
    // No duplicate-serial check.
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: HM400, name: 'Twin' }),
      Code.InverterAdded,
    );
    expect((await list()).filter((e) => e.serial === HM400).length).toBe(2);
  });

  it('lists an unsupported serial as "Unknown" with six channels and keeps it out of the live data', async () => {
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: UNSUPPORTED, name: 'Odd' }),
      Code.InverterAdded,
    );
    const odd = (await list()).find((e) => e.serial === UNSUPPORTED);
    expect(odd).toMatchObject({ type: 'Unknown' });
    expect(odd?.channel.length).toBe(6);
    expect(liveSerials()).not.toContain(UNSUPPORTED);
    const limit = (await get(env.gateway, '/api/limit/status', null)).json();
    expect(Object.keys(limit)).not.toContain(UNSUPPORTED);
  });

  it('answers 4003 (param max 100) when all slots are used', async () => {
    for (let i = (await list()).length; i < InverterLimits.maxInverters; i++) {
      expectCode(
        await post(env.gateway, '/api/inverter/add', { serial: HMT6, name: `T${i}` }),
        Code.InverterAdded,
      );
    }
    expect((await list()).length).toBe(100);
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: HM400, name: 'One too many' }),
      Code.InverterCountMax,
      {
        max: 100,
      },
    );
    // The order of checks: a zero serial is still 4001 with all slots used.
    expectCode(
      await post(env.gateway, '/api/inverter/add', { serial: '0', name: 'x' }),
      Code.InverterSerialZero,
    );
    await resetSlots();
  });
});

describe('POST /api/inverter/edit', () => {
  const edit = (overrides: Record<string, unknown>) => ({
    id: 0,
    serial: HM800,
    name: 'Garage roof',
    channel: [{ name: 'South', max_power: 410, yield_total_offset: 0 }],
    ...overrides,
  });

  it('answers 1002, 1004, 1005 (id u8, serial and name strings, channel array)', async () => {
    expectCode(await postWithoutData(env.gateway, '/api/inverter/edit'), Code.NoValuesFound);
    expectCode(await post(env.gateway, '/api/inverter/edit', '[1,'), Code.ParseError);
    for (const data of [
      edit({ id: undefined }),
      edit({ id: '0' }),
      edit({ id: 256 }),
      edit({ serial: 1 }),
      edit({ name: null }),
      edit({ channel: {} }),
      edit({ channel: undefined }),
    ]) {
      expectCode(
        await post(env.gateway, '/api/inverter/edit', data),
        Code.ValuesMissing,
        undefined,
        JSON.stringify(data),
      );
    }
  });

  it('checks 4005 (id > 99) → 4001 → 4002 (param max 31) → 4006 (channel count 1..6)', async () => {
    const cases: [Record<string, unknown>, Code, { max: number }?][] = [
      [{ id: 100, serial: '0', name: '', channel: [] }, Code.InverterIdInvalid],
      [{ serial: '0', name: '', channel: [] }, Code.InverterSerialZero],
      [{ name: '', channel: [] }, Code.InverterNameLength, { max: 31 }],
      [{ name: 'y'.repeat(32) }, Code.InverterNameLength, { max: 31 }],
      [{ channel: [] }, Code.InverterChannelCount],
      [{ channel: Array.from({ length: 7 }, () => ({})) }, Code.InverterChannelCount],
    ];
    for (const [overrides, code, param] of cases) {
      expectCode(
        await post(env.gateway, '/api/inverter/edit', edit(overrides)),
        code,
        param,
        JSON.stringify(overrides),
      );
    }
    expect((await list())[0]).toMatchObject({ name: 'Garage roof', serial: HM800 });
  });

  it('applies name, flags and channels at once (4007); omitted flags are reset; later channels kept', async () => {
    expectCode(
      await post(env.gateway, '/api/inverter/edit', {
        ...edit({ name: 'Roof west' }),
        poll_enable_night: false,
        command_enable: false,
        reachable_threshold: 5,
        zero_runtime: true,
        channel: [
          { name: 'A very long string name beyond thirty bytes', max_power: 500, yield_total_offset: 12.5 },
        ],
      }),
      Code.InverterChanged,
    );
    const entry = (await list())[0]!;
    expect(entry).toMatchObject({
      name: 'Roof west',
      poll_enable: true,
      poll_enable_night: false,
      command_enable: false,
      command_enable_night: true,
      reachable_threshold: 5,
      zero_runtime: true,
      zero_day: false,
    });
    expect(entry.channel).toEqual([
      { name: 'A very long string name beyond', max_power: 500, yield_total_offset: 12.5 },
      { name: 'West', max_power: 410, yield_total_offset: 0 },
    ]);
    // The engine has the new settings already.
    const live = env.gateway.ctx.plant.live.inverter(HM800)!;
    expect(live.name).toBe('Roof west');
    expect(live.commandsEnabled).toBe(false);
    expect(live.channels[0]).toMatchObject({ maxPowerW: 500, yieldTotalOffsetKWh: 12.5 });

    // Omitted flags go back to their defaults (not kept).
    expectCode(await post(env.gateway, '/api/inverter/edit', edit({})), Code.InverterChanged);
    expect((await list())[0]).toMatchObject({
      poll_enable_night: true,
      command_enable: true,
      reachable_threshold: 2,
      zero_runtime: false,
    });
    expect(env.gateway.ctx.plant.live.inverter(HM800)?.commandsEnabled).toBe(true);
  });

  it('a serial change replaces the inverter in the engine; editing an empty slot creates one', async () => {
    expectCode(
      await post(env.gateway, '/api/inverter/edit', edit({ id: 1, serial: HM400, name: 'Swapped' })),
      Code.InverterChanged,
    );
    expect(liveSerials()).toEqual([HM800, HM400]);
    expectCode(
      await post(env.gateway, '/api/inverter/edit', edit({ id: 7, serial: HMS2000, name: 'Carport' })),
      Code.InverterChanged,
    );
    expect(liveSerials()).toEqual([HM800, HM400, HMS2000]);
    expect((await list()).map((e) => e.id)).toEqual([0, 1, 7]);
  });
});

describe('POST /api/inverter/del and /order', () => {
  it('del: 1002, 1004, 1005, 4005; 4008 also for an empty slot; the engine drops it at once', async () => {
    expectCode(await postWithoutData(env.gateway, '/api/inverter/del'), Code.NoValuesFound);
    expectCode(await post(env.gateway, '/api/inverter/del', 'x'), Code.ParseError);
    for (const data of [{}, { id: '1' }, { id: -1 }, { id: 300 }]) {
      expectCode(
        await post(env.gateway, '/api/inverter/del', data),
        Code.ValuesMissing,
        undefined,
        JSON.stringify(data),
      );
    }
    expectCode(await post(env.gateway, '/api/inverter/del', { id: 100 }), Code.InverterIdInvalid);
    expectCode(await post(env.gateway, '/api/inverter/del', { id: 7 }), Code.InverterDeleted);
    expect(liveSerials()).not.toContain(HMS2000);
    expect(slots()[7]?.serial).toBe(0);
    expectCode(await post(env.gateway, '/api/inverter/del', { id: 7 }), Code.InverterDeleted);
    // Slot reset to defaults: names, flags and channels.
    expect(slots()[7]).toMatchObject({ name: '', order: 0, poll_enable: true, channel: expect.any(Array) });
  });

  it('order: 1002, 1004, 1005; 4009; numeric strings accepted, ids beyond the slots skipped but use up their position', async () => {
    expectCode(await postWithoutData(env.gateway, '/api/inverter/order'), Code.NoValuesFound);
    expectCode(await post(env.gateway, '/api/inverter/order', '{"order":'), Code.ParseError);
    expectCode(await post(env.gateway, '/api/inverter/order', { order: '1,0' }), Code.ValuesMissing);
    expectCode(await post(env.gateway, '/api/inverter/order', {}), Code.ValuesMissing);
    expectCode(
      await post(env.gateway, '/api/inverter/order', { order: ['1', 120, 0] }),
      Code.InverterOrderSaved,
    );
    const orders = Object.fromEntries((await list()).map((e) => [e.id, e.order]));
    expect(orders).toEqual({ 0: 2, 1: 0 });
    expect(env.gateway.ctx.plant.live.inverter(HM800)?.order).toBe(2);
    const summary = (await get(env.gateway, '/api/livedata/status', null)).json();
    expect(summary.inverters.map((i: { order: number }) => i.order)).toEqual([2, 0]);
  });
});

describe('GET /api/inverter/stats_reset', () => {
  it('resets the radio statistics of a known inverter (4010); {} for unknown or missing', async () => {
    await env.advance(20_000);
    const stats = () => env.gateway.ctx.plant.live.inverter(HM800)!.radioStats;
    expect(stats().tx_request).toBeGreaterThan(0);
    expectCode(await get(env.gateway, `/api/inverter/stats_reset?inv=${HM800}`), Code.InverterStatsReset);
    expect(stats()).toMatchObject({ tx_request: 0, rx_success: 0, rx_fail_nothing: 0 });
    for (const query of ['', '?inv=', '?inv=0', `?inv=${UNSUPPORTED}`]) {
      const response = await get(env.gateway, `/api/inverter/stats_reset${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.body, query).toBe('{}');
    }
  });
});

describe('auth', () => {
  it('every inverter endpoint is admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/inverter/list', level: 'admin' },
      { method: 'POST', url: '/api/inverter/add', level: 'admin', data: { serial: '0' } },
      { method: 'POST', url: '/api/inverter/edit', level: 'admin', data: { id: 99 } },
      { method: 'POST', url: '/api/inverter/del', level: 'admin', data: { id: 99 } },
      { method: 'POST', url: '/api/inverter/order', level: 'admin', data: {} },
      { method: 'GET', url: '/api/inverter/stats_reset?inv=0', level: 'admin' },
    ]);
  });
});
