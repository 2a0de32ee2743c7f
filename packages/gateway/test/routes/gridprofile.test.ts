import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectSameShape, get } from '../helpers/api';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

// docs/api.md
const statusExample = {
  name: 'XX - EN 50549-1:2019',
  version: '2.0.1',
  sections: [{ name: 'Voltage (H/LVRT)', items: [{ n: 'Nominale Voltage (NV)', u: 'V', v: 230 }] }],
};

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
});
afterAll(() => env.cleanup());

describe('GET /api/gridprofile/status and /rawdata', () => {
  it('before the profile was read: "Unknown", "0.0.0", no sections, no bytes', async () => {
    const status = (await get(env.gateway, `/api/gridprofile/status?inv=${HM800}`, null)).json();
    expect(status).toEqual({ name: 'Unknown', version: '0.0.0', sections: [] });
    const raw = await get(env.gateway, `/api/gridprofile/rawdata?inv=${HM800}`, null);
    expect(raw.body).toBe('{"raw":[]}');
  });

  it('after it was read: the decoded profile and its raw bytes, in docs/api.md shapes', async () => {
    await env.advance(60_000);
    for (const serial of [HM800, HMS2000]) {
      const status = (await get(env.gateway, `/api/gridprofile/status?inv=${serial}`, null)).json();
      expectSameShape(status, statusExample);
      expect(status.name).not.toBe('Unknown');
      expect(status.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(status.sections.length).toBeGreaterThan(0);
      const raw = (await get(env.gateway, `/api/gridprofile/rawdata?inv=${serial}`, null)).json();
      expect(Object.keys(raw)).toEqual(['raw']);
      expect(raw.raw.length).toBeGreaterThan(0);
      expect(raw.raw.length).toBeLessThanOrEqual(141);
      expect(
        raw.raw.every((b: unknown) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255),
      ).toBe(true);
    }
  });

  it('answers {} for a missing or unknown inv', async () => {
    for (const path of ['/api/gridprofile/status', '/api/gridprofile/rawdata']) {
      for (const query of ['', '?inv=0', '?inv=123456789012']) {
        const response = await get(env.gateway, `${path}${query}`, null);
        expect(response.statusCode).toBe(200);
        expect(response.body, `${path}${query}`).toBe('{}');
      }
    }
  });

  it('is read-only', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: `/api/gridprofile/status?inv=${HM800}`, level: 'readonly' },
      { method: 'GET', url: `/api/gridprofile/rawdata?inv=${HM800}`, level: 'readonly' },
    ]);
  });
});
