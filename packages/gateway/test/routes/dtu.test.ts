import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dtuConfig } from '@dtu-console/contract/dtu/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigSection } from '../../src/config/schema';
import { expectAuthMatrix, expectEnvelope, expectSameShape, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';

const CHIP_ID = 0x1a2b3c; // 1715004 → DTU serial 1999801 + "15004"

// The GET example of docs/api.md
const apiExample = dtuConfig();

// One gateway for the file: every test either reads or sets what it checks.
let env: Awaited<ReturnType<typeof testGateway>>;
beforeAll(async () => {
  env = await testGateway({}, { chipId: CHIP_ID, authLimits: { maxFailures: 1000 } });
});
afterAll(() => env.cleanup());

describe('GET /api/dtu/config', () => {
  it('answers keys, order, JSON types, the country table and the generated serial', async () => {
    const response = await get(env.gateway, '/api/dtu/config');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expectSameShape(body, apiExample);
    // The simulated radio stands in for both transceivers.
    const radio = env.gateway.ctx.plant.radio.status();
    expect(body.nrf_enabled).toBe(radio.nrf.configured);
    expect(body.cmt_enabled).toBe(radio.cmt.configured);
    // Everything else is the documented example, the serial generated from the chip id.
    const { nrf_enabled: _nrf, cmt_enabled: _cmt, ...documented } = apiExample;
    expect(body).toMatchObject(documented);
  });
});

describe('POST /api/dtu/config', () => {
  const payload = { ...apiExample, serial: '199980112345', pollinterval: 7, nrf_palevel: 2, cmt_palevel: -5 };

  it('stores a valid config (read-only keys ignored), answers 1001 and announces config:changed dtu', async () => {
    const changed: ConfigSection[] = [];
    env.gateway.ctx.bus.on('config:changed', (section) => changed.push(section));
    const response = await post(env.gateway, '/api/dtu/config', {
      ...payload,
      cmt_country: 1,
      cmt_frequency: 918250000,
      nrf_enabled: false,
      cmt_chan_width: 1,
    });
    expectEnvelope(response, 1001);
    expect(changed).toContain('dtu');
    const body = (await get(env.gateway, '/api/dtu/config')).json();
    expect(body).toMatchObject({
      serial: '199980112345',
      pollinterval: 7,
      nrf_palevel: 2,
      cmt_palevel: -5,
      cmt_country: 1,
      cmt_frequency: 918250000,
      cmt_chan_width: 250000,
    });
    await env.gateway.ctx.config.flush();
    const onDisk = JSON.parse(await readFile(join(env.dataDir, 'config.json'), 'utf8'));
    // config.json keeps the serial as a decimal integer.
    expect(onDisk.dtu).toEqual({
      serial: 0x199980112345,
      poll_interval: 7,
      nrf_pa_level: 2,
      cmt_pa_level: -5,
      cmt_frequency: 918250000,
      cmt_country_mode: 1,
    });
  });

  it('parses the serial as hex (whitespace, 0x, trailing junk)', async () => {
    expectEnvelope(
      await post(env.gateway, '/api/dtu/config', { ...payload, serial: '  0x1999801ABCDEzz' }),
      1001,
    );
    expect((await get(env.gateway, '/api/dtu/config')).json().serial).toBe('1999801abcde');
  });

  it('takes a serial sent as a number (older clients) as its digits, with the same codes', async () => {
    const before = env.gateway.ctx.config.get('dtu');
    expectEnvelope(await post(env.gateway, '/api/dtu/config', { ...payload, serial: 0 }), 2001, undefined);
    expect(env.gateway.ctx.config.get('dtu')).toBe(before);
    expectEnvelope(await post(env.gateway, '/api/dtu/config', { ...payload, serial: 199980112345 }), 1001);
    expect((await get(env.gateway, '/api/dtu/config')).json().serial).toBe('199980112345');
  });

  it.each([
    ['no data field', undefined, 1002],
    ['not JSON', '{"serial":', 1004],
    ['a JSON array', '[]', 1005],
  ])('answers the generic failure for %s', async (_what, data, code) => {
    const response =
      data === undefined
        ? await env.gateway.http.inject({
            method: 'POST',
            url: '/api/dtu/config',
            payload: 'other=1',
            headers: {
              authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
          })
        : await post(env.gateway, '/api/dtu/config', data);
    expectEnvelope(response, code);
  });

  it.each(['serial', 'pollinterval', 'nrf_palevel', 'cmt_palevel', 'cmt_frequency', 'cmt_country'])(
    'answers 1005 without %s',
    async (key) => {
      const body: Record<string, unknown> = { ...payload };
      delete body[key];
      expectEnvelope(await post(env.gateway, '/api/dtu/config', body), 1005);
    },
  );

  it.each([
    [{ serial: '0' }, 2001, undefined],
    [{ pollinterval: 0 }, 2002, undefined],
    [{ nrf_palevel: 4 }, 2003, undefined],
    [{ cmt_palevel: 21 }, 2003, undefined],
    [{ cmt_palevel: -11 }, 2003, undefined],
    [{ cmt_country: 3 }, 2005, undefined],
    [{ cmt_frequency: 865125000 }, 2004, { min: 860250000, max: 923500000 }],
    [{ cmt_frequency: 860000000 }, 2004, { min: 860250000, max: 923500000 }],
    [{ cmt_country: 2, cmt_frequency: 865000000 }, 2004, { min: 900250000, max: 963500000 }],
  ])('%j → %i', async (patch, code, param) => {
    const before = (await get(env.gateway, '/api/dtu/config')).body;
    expectEnvelope(await post(env.gateway, '/api/dtu/config', { ...payload, ...patch }), code, param);
    // A rejected save changes nothing.
    expect((await get(env.gateway, '/api/dtu/config')).body).toBe(before);
  });

  it('answers 1005 for a PA level outside the C range instead of 2003', async () => {
    expectEnvelope(await post(env.gateway, '/api/dtu/config', { ...payload, nrf_palevel: 300 }), 1005);
  });
});

describe('auth', () => {
  it('is Admin for GET and POST, whatever allow_readonly says', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/dtu/config', level: 'admin' },
      { method: 'POST', url: '/api/dtu/config', level: 'admin', data: { serial: '0' } },
    ]);
  });
});
