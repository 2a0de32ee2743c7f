import { Code } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, get, post } from '../helpers/api';
import { expectCode, postWithoutData } from '../helpers/envelopes';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
  await env.advance(30_000);
});
afterAll(() => env.cleanup());

const powerStatus = async () => (await get(env.gateway, '/api/power/status', null)).json();
const live = async (serial: string) =>
  (await get(env.gateway, `/api/livedata/status?inv=${serial}`, null)).json().inverters[0];

describe('GET /api/power/status', () => {
  it('has {power_set_status} per inverter', async () => {
    const body = await powerStatus();
    expect(Object.keys(body)).toEqual([HM800, HMS2000]);
    for (const entry of Object.values(body) as Record<string, unknown>[]) {
      expect(Object.keys(entry)).toEqual(['power_set_status']);
      expect(['Ok', 'Failure', 'Pending', 'Unknown']).toContain(entry.power_set_status);
    }
  });
});

describe('POST /api/power/config', () => {
  it('answers 1002, 1004, and 1005 without a serial string or without a bool power/restart', async () => {
    expectCode(await postWithoutData(env.gateway, '/api/power/config'), Code.NoValuesFound);
    expectCode(await post(env.gateway, '/api/power/config', 'nope'), Code.ParseError);
    for (const data of [
      {},
      { serial: HM800 },
      { serial: HM800, power: 1 },
      { serial: HM800, restart: 'true' },
      { serial: 114172220003, power: true },
      [HM800, true],
    ]) {
      expectCode(
        await post(env.gateway, '/api/power/config', data),
        Code.ValuesMissing,
        undefined,
        JSON.stringify(data),
      );
    }
  });

  it('checks 11001 (serial 0) before 11002 (unknown inverter)', async () => {
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: '0', power: true }),
      Code.PowerSerialZero,
    );
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: 'zz', restart: true }),
      Code.PowerSerialZero,
    );
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: '123456789012', power: true }),
      Code.PowerInverterInvalid,
    );
    expect((await powerStatus())[HM800].power_set_status).toBe('Unknown');
  });

  it('turns an inverter off and on: 1001, Pending, then Ok, and the inverter stops and resumes producing', async () => {
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: HM800, power: false }),
      Code.SettingsSaved,
    );
    expect((await powerStatus())[HM800].power_set_status).toBe('Pending');
    await env.advance(30_000);
    expect((await powerStatus())[HM800].power_set_status).toBe('Ok');
    expect((await live(HM800)).producing).toBe(false);

    // power wins over restart when both are given.
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: HM800, power: true, restart: true }),
      Code.SettingsSaved,
    );
    await env.advance(60_000);
    expect((await powerStatus())[HM800].power_set_status).toBe('Ok');
    expect((await live(HM800)).producing).toBe(true);
  });

  it('restarts on restart:true; restart:false alone does nothing but still answers 1001', async () => {
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: HMS2000, restart: false }),
      Code.SettingsSaved,
    );
    expect((await powerStatus())[HMS2000].power_set_status).toBe('Unknown');
    expectCode(
      await post(env.gateway, '/api/power/config', { serial: HMS2000, restart: true }),
      Code.SettingsSaved,
    );
    expect((await powerStatus())[HMS2000].power_set_status).toBe('Pending');
    await env.advance(30_000);
    expect((await powerStatus())[HMS2000].power_set_status).toBe('Ok');
  });

  it('the OpenDTU quirk "commands disabled still answer 1001" (docs/compatibility.md): with commands disabled it answers 1001 saying nothing was sent', async () => {
    await env.gateway.ctx.config.update('inverters', (slots) =>
      slots.map((slot, id) => (id === 1 ? { ...slot, command_enable: false } : slot)),
    );
    const response = await post(env.gateway, '/api/power/config', { serial: HMS2000, power: false });
    expectCode(response, Code.SettingsSaved);
    expect(response.json().message).toMatch(/disabled/);
    expect((await powerStatus())[HMS2000].power_set_status).toBe('Ok');
  });

  it('GET is read-only, POST admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/power/status', level: 'readonly' },
      { method: 'POST', url: '/api/power/config', level: 'admin', data: { serial: '0' } },
    ]);
  });
});
