import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectSameShape, get } from '../helpers/api';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

// docs/api.md
const example = {
  valid_data: true,
  serial: '116483554321',
  fw_bootloader_version: 1,
  fw_build_version: 10012,
  hw_part_number: 269578497,
  hw_version: '01.00',
  hw_model_name: 'HMS-2000-4T',
  max_power: 2000,
  fw_build_datetime: '2022-04-01 07:45:00',
  pdl_supported: false,
};

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
});
afterAll(() => env.cleanup());

describe('GET /api/devinfo/status', () => {
  it('before any answer: the same keys, valid_data false, zeros', async () => {
    // The engine has not had its turn yet: no device info.
    const body = (await get(env.gateway, `/api/devinfo/status?inv=${HMS2000}`, null)).json();
    expectSameShape(body, example);
    expect(body).toMatchObject({ valid_data: false, serial: HMS2000, max_power: 0, hw_part_number: 0 });
  });

  it('after the inverters answered: model, rated power and firmware in the documented key order and types', async () => {
    await env.advance(60_000);
    const hm = (await get(env.gateway, `/api/devinfo/status?inv=${HM800}`, null)).json();
    expectSameShape(hm, example);
    expect(hm).toMatchObject({ valid_data: true, serial: HM800, hw_model_name: 'HM-800-2T', max_power: 800 });
    expect(hm.hw_version).toMatch(/^\d\d\.\d\d$/);
    expect(hm.fw_build_datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const hms = (await get(env.gateway, `/api/devinfo/status?inv=${HMS2000}`, null)).json();
    expect(hms).toMatchObject({ valid_data: true, max_power: 2000 });
  });

  it('answers {} for a missing or unknown inv', async () => {
    for (const url of ['/api/devinfo/status', '/api/devinfo/status?inv=0', '/api/devinfo/status?inv=99']) {
      const response = await get(env.gateway, url, null);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('{}');
    }
  });

  it('is read-only', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: `/api/devinfo/status?inv=${HM800}`, level: 'readonly' },
    ]);
  });
});
