import { Code } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, get, post } from '../helpers/api';
import { expectCode, postWithoutData } from '../helpers/envelopes';
import { capturedLogger, records } from '../helpers/log-capture';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const capture = capturedLogger('info');
let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway({ deps: { log: capture.log } });
  await env.advance(30_000);
});
afterAll(() => env.cleanup());

const limitStatus = async () => (await get(env.gateway, '/api/limit/status', null)).json();

describe('GET /api/limit/status', () => {
  it('has an entry per inverter in the documented key order and types', async () => {
    const body = await limitStatus();
    expect(Object.keys(body)).toEqual([HM800, HMS2000]);
    for (const entry of Object.values(body) as Record<string, unknown>[]) {
      expect(Object.keys(entry)).toEqual(['limit_relative', 'max_power', 'limit_set_status']);
      expect(typeof entry.limit_relative).toBe('number');
      expect(Number.isInteger(entry.max_power)).toBe(true);
      expect(['Ok', 'Failure', 'Pending', 'Unknown']).toContain(entry.limit_set_status);
    }
    expect(body[HM800].max_power).toBe(800);
  });
});

describe('POST /api/limit/config', () => {
  const valid = { serial: HM800, limit_value: 600, limit_type: 0 };

  it('answers the generic codes: 1002 no data, 1004 not JSON, 1005 missing or mistyped keys', async () => {
    expectCode(await postWithoutData(env.gateway, '/api/limit/config'), Code.NoValuesFound);
    expectCode(await post(env.gateway, '/api/limit/config', '{"serial":'), Code.ParseError);
    for (const data of [
      {},
      { serial: HM800, limit_value: 10 },
      { ...valid, serial: 114172220003 },
      { ...valid, limit_value: '10' },
      { ...valid, limit_type: 1.5 },
      { ...valid, limit_type: 70000 },
      { ...valid, limit_type: -1 },
    ]) {
      expectCode(
        await post(env.gateway, '/api/limit/config', data),
        Code.ValuesMissing,
        undefined,
        JSON.stringify(data),
      );
    }
  });

  it('checks 5001 → 5002 (param max 2250) → 5003 → 5004 in that order', async () => {
    const cases: [unknown, Code, { max: number }?][] = [
      [{ serial: '0', limit_value: 3000, limit_type: 9 }, Code.LimitSerialZero],
      [{ serial: 'xyz', limit_value: 1, limit_type: 0 }, Code.LimitSerialZero],
      [{ serial: HM800, limit_value: 2251, limit_type: 9 }, Code.LimitValueRange, { max: 2250 }],
      [{ serial: HM800, limit_value: 2250.5, limit_type: 0 }, Code.LimitValueRange, { max: 2250 }],
      [{ serial: HM800, limit_value: 100, limit_type: 4 }, Code.LimitTypeInvalid],
      [{ serial: HM800, limit_value: 100, limit_type: 258 }, Code.LimitTypeInvalid],
      [{ serial: '123456789012', limit_value: 100, limit_type: 4 }, Code.LimitTypeInvalid],
      [{ serial: '123456789012', limit_value: 100, limit_type: 0 }, Code.LimitInverterInvalid],
      [{ serial: '1000000000000', limit_value: 100, limit_type: 0 }, Code.LimitInverterInvalid],
    ];
    for (const [data, code, param] of cases) {
      expectCode(await post(env.gateway, '/api/limit/config', data), code, param, JSON.stringify(data));
    }
    // Nothing was sent for any of them.
    expect((await limitStatus())[HM800].limit_set_status).toBe('Unknown');
  });

  it('sends a limit: 1001, Pending, then Ok with the new limit in the live data (ManualClock)', async () => {
    expectCode(
      await post(env.gateway, '/api/limit/config', { serial: HM800, limit_value: 50, limit_type: 1 }),
      Code.SettingsSaved,
    );
    expect((await limitStatus())[HM800].limit_set_status).toBe('Pending');
    await env.advance(20_000);
    const status = (await limitStatus())[HM800];
    expect(status).toEqual({ limit_relative: 50, max_power: 800, limit_set_status: 'Ok' });
    const live = (await get(env.gateway, `/api/livedata/status?inv=${HM800}`, null)).json();
    expect(live.inverters[0]).toMatchObject({ limit_relative: 50, limit_absolute: 400 });
  });

  it('accepts an absolute limit in W, the legacy persistent encoding (257) and a serial spelled 0x…', async () => {
    expectCode(
      await post(env.gateway, '/api/limit/config', { serial: `0x${HM800}`, limit_value: 600, limit_type: 0 }),
      Code.SettingsSaved,
    );
    await env.advance(20_000);
    expect((await limitStatus())[HM800]).toMatchObject({ limit_relative: 75, limit_set_status: 'Ok' });
    expectCode(
      await post(env.gateway, '/api/limit/config', { serial: HMS2000, limit_value: 80, limit_type: 257 }),
      Code.SettingsSaved,
    );
    await env.advance(20_000);
    expect((await limitStatus())[HMS2000]).toMatchObject({ limit_relative: 80, limit_set_status: 'Ok' });
  });

  it('the OpenDTU quirk "commands disabled still answer 1001" (docs/compatibility.md): commands disabled → still 1001 (clients rely on it), nothing sent, said in the message and the log', async () => {
    await env.gateway.ctx.config.update('inverters', (slots) =>
      slots.map((slot, id) => (id === 0 ? { ...slot, command_enable: false } : slot)),
    );
    const before = await limitStatus();
    const response = await post(env.gateway, '/api/limit/config', {
      serial: HM800,
      limit_value: 30,
      limit_type: 1,
    });
    expectCode(response, Code.SettingsSaved);
    expect(response.json().message).toMatch(/disabled/);
    expect((await limitStatus())[HM800]).toEqual(before[HM800]);
    await env.advance(20_000);
    expect((await limitStatus())[HM800].limit_relative).toBe(before[HM800].limit_relative);
    const warning = records(capture.lines).find((r) => r.level === 40 && /not sent/.test(r.msg ?? ''));
    expect(warning?.serial).toBe(HM800);
    // Logged once, not for every request of a script that repeats it.
    await post(env.gateway, '/api/limit/config', { serial: HM800, limit_value: 30, limit_type: 1 });
    expect(records(capture.lines).filter((r) => r.level === 40 && /not sent/.test(r.msg ?? '')).length).toBe(
      1,
    );
    await env.gateway.ctx.config.update('inverters', (slots) =>
      slots.map((slot, id) => (id === 0 ? { ...slot, command_enable: true } : slot)),
    );
  });

  it('GET is read-only, POST admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/limit/status', level: 'readonly' },
      { method: 'POST', url: '/api/limit/config', level: 'admin', data: { serial: '0' } },
    ]);
  });
});
