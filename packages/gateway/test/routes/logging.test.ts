import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectEnvelope, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';

let env: Awaited<ReturnType<typeof testGateway>>;
beforeAll(async () => {
  env = await testGateway();
});
afterAll(() => env.cleanup());

const MODULES = ['CORE', 'hoymiles', 'mqtt', 'network', 'webapi', 'async_ws', 'async_tcp'];

describe('/api/logging/config', () => {
  it('GET lists the seven modules in order, -1 where nothing is stored, and the default level', async () => {
    const response = await get(env.gateway, '/api/logging/config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      loglevel: { default: 1, modules: MODULES.map((name) => ({ name, level: -1 })) },
    });
  });

  it('POST stores known modules with a level, clamps levels, drops -1 and unknown names', async () => {
    const posted = {
      loglevel: {
        default: 9,
        modules: [
          { name: 'mqtt', level: 3 },
          { name: 'CORE', level: 12 },
          { name: 'webapi', level: -1 },
          { name: 'radio', level: 4 },
          { name: 'network', level: '4' },
        ],
      },
    };
    expectEnvelope(await post(env.gateway, '/api/logging/config', posted), 1001);
    const stored = env.gateway.ctx.config.get('logging');
    expect(stored.default).toBe(5);
    expect(stored.modules.slice(0, 3)).toEqual([
      { name: 'mqtt', level: 3 },
      { name: 'CORE', level: 5 },
      { name: '', level: 5 },
    ]);
    expect(stored.modules.length).toBe(16);
    const levels = (await get(env.gateway, '/api/logging/config')).json().loglevel;
    expect(levels.default).toBe(5);
    expect(levels.modules).toEqual(
      MODULES.map((name) => ({ name, level: name === 'mqtt' ? 3 : name === 'CORE' ? 5 : -1 })),
    );
  });

  it('POST takes any JSON (a missing default reads 0) but answers 1002 and 1004', async () => {
    expectEnvelope(await post(env.gateway, '/api/logging/config', []), 1001);
    expect(env.gateway.ctx.config.get('logging').default).toBe(0);
    expectEnvelope(await post(env.gateway, '/api/logging/config', 'not json'), 1004);
    const response = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/logging/config',
      payload: 'other=1',
      headers: {
        authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expectEnvelope(response, 1002);
  });

  it('is Admin for GET and POST', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/logging/config', level: 'admin' },
      { method: 'POST', url: '/api/logging/config', level: 'admin', data: {} },
    ]);
  });
});
