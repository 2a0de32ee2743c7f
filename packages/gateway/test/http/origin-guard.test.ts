import { Code } from '@dtu-console/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../src/app';
import { ADMIN_PASSWORD, basic, get } from '../helpers/api';
import { formData, testGateway } from '../helpers/gateway';
import { multipart } from '../helpers/multipart';
import { connect } from '../helpers/ws-client';

const HOST = 'dtu.local:8080';
const OWN = 'http://dtu.local:8080';
const EVIL = 'http://evil.example';

let env: Awaited<ReturnType<typeof testGateway>>;
let gateway: Gateway;

beforeAll(async () => {
  env = await testGateway();
  gateway = env.gateway;
});
afterAll(() => env.cleanup());

/** POST /api/security/config switching anonymous read access to `allow`, as a plain HTML form would. */
function postSecurity(allow: boolean, headers: Record<string, string>) {
  const form = formData({ password: ADMIN_PASSWORD, allow_readonly: allow });
  return gateway.http.inject({
    method: 'POST',
    url: '/api/security/config',
    payload: form.payload,
    headers: { host: HOST, authorization: basic(), ...form.headers, ...headers },
  });
}

async function allowReadonly(): Promise<boolean> {
  return (await get(gateway, '/api/security/config')).json<{ allow_readonly: boolean }>().allow_readonly;
}

function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ type: 'danger', code: Code.SecurityCrossOriginRefused });
  expect(response.json<{ message: string }>().message).toMatch(/own pages/);
  expect(response.headers['www-authenticate']).toBeUndefined();
}

describe('changes from another origin', () => {
  it('refuses a form-encoded data= body from another origin and changes nothing', async () => {
    expect(await allowReadonly()).toBe(true);
    expectRefused(await postSecurity(false, { origin: EVIL }));
    expect(await allowReadonly()).toBe(true);
  });

  it('accepts the same form without Origin (curl, Home Assistant) and from the own origin', async () => {
    const plain = await postSecurity(false, {});
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await allowReadonly()).toBe(false);
    const own = await postSecurity(true, { origin: OWN, 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await allowReadonly()).toBe(true);
  });

  it('refuses by Sec-Fetch-Site cross-site or same-site even without Origin, passes same-origin and none', async () => {
    expectRefused(await postSecurity(false, { 'sec-fetch-site': 'cross-site' }));
    expectRefused(await postSecurity(false, { 'sec-fetch-site': 'same-site' }));
    expect(await allowReadonly()).toBe(true);
    expect((await postSecurity(true, { 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    expect((await postSecurity(true, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('refuses another port of the same host, and answers 403 before the login check', async () => {
    expectRefused(await postSecurity(false, { origin: 'http://dtu.local:8081' }));
    const anonymous = await gateway.http.inject({
      method: 'POST',
      url: '/api/power/config',
      headers: { host: HOST, origin: EVIL, ...formData({ serial: '116180000001', power: false }).headers },
      payload: formData({ serial: '116180000001', power: false }).payload,
    });
    expectRefused(anonymous);
  });

  it('refuses PUT, PATCH and DELETE on /api too, and lets GET through (its answer is not readable there)', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expectRefused(
        await gateway.http.inject({
          method,
          url: '/api/inverter/del',
          headers: { host: HOST, origin: EVIL },
        }),
      );
    }
    const read = await gateway.http.inject({
      method: 'GET',
      url: '/api/system/status',
      headers: { host: HOST, origin: EVIL, authorization: basic() },
    });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a multipart upload from another origin', async () => {
    const body = multipart([{ name: 'file', filename: 'dtu.bin', content: Buffer.alloc(64, 1) }]);
    expectRefused(
      await gateway.http.inject({
        method: 'POST',
        url: '/api/firmware/update',
        payload: body.payload,
        headers: { host: HOST, origin: EVIL, authorization: basic(), ...body.headers },
      }),
    );
  });

  it('counts the refusals in dtu_http_cross_origin_refused_total', async () => {
    const text = (await get(gateway, '/api/prometheus/metrics')).body;
    const api = /^dtu_http_cross_origin_refused_total\{kind="api"\} (\d+)$/m.exec(text)?.[1];
    expect(Number(api)).toBeGreaterThanOrEqual(9);
    expect(text).toMatch(/^dtu_http_cross_origin_refused_total\{kind="websocket"\} 0$/m);
  });
});

describe('security.allowed_origins', () => {
  const DASH = 'https://dash.example:8443';

  async function saveOrigins(allowed_origins: unknown) {
    const form = formData({ password: ADMIN_PASSWORD, allow_readonly: true, allowed_origins });
    return gateway.http.inject({
      method: 'POST',
      url: '/api/security/config',
      payload: form.payload,
      headers: { host: HOST, authorization: basic(), ...form.headers },
    });
  }

  it('is shown by GET, saved by POST, kept when a POST leaves it out, and refused when malformed', async () => {
    expect((await get(gateway, '/api/security/config')).json()).toMatchObject({ allowed_origins: [] });
    expect((await saveOrigins([DASH])).json()).toMatchObject({ code: Code.SettingsSaved });
    expect((await get(gateway, '/api/security/config')).json()).toMatchObject({ allowed_origins: [DASH] });
    // An OpenDTU client posts only password and allow_readonly.
    expect((await postSecurity(true, {})).statusCode).toBe(200);
    expect(gateway.ctx.config.get('security').allowed_origins).toEqual([DASH]);
    expect((await saveOrigins(['https://dash.example/app'])).json()).toMatchObject({
      code: Code.SecurityAllowedOriginInvalid,
    });
    expect((await saveOrigins('*')).json()).toMatchObject({ code: Code.ValuesMissing });
    expect(gateway.ctx.config.get('security').allowed_origins).toEqual([DASH]);
  });

  it('lets an allowed origin change settings and open sockets, and any origin while * is set', async () => {
    await saveOrigins([DASH]);
    expect((await postSecurity(true, { origin: DASH })).statusCode).toBe(200);
    expectRefused(await postSecurity(true, { origin: EVIL }));
    await saveOrigins(['*']);
    expect((await postSecurity(true, { origin: EVIL })).statusCode).toBe(200);
    await saveOrigins([]);
    expectRefused(await postSecurity(true, { origin: DASH }));
  });
});

describe('with HTTPS on', () => {
  let tlsEnv: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    tlsEnv = await testGateway({ tls: { mode: 'self-signed' } });
  });
  afterAll(() => tlsEnv.cleanup());

  it('takes https://host as the own origin and refuses http://host', async () => {
    const send = (origin: string) => {
      const form = formData({ password: ADMIN_PASSWORD, allow_readonly: true });
      return tlsEnv.gateway.http.inject({
        method: 'POST',
        url: '/api/security/config',
        payload: form.payload,
        headers: { host: 'dtu.local', origin, authorization: basic(), ...form.headers },
      });
    };
    expect((await send('https://dtu.local')).statusCode).toBe(200);
    expectRefused(await send('http://dtu.local'));
  });
});

describe('WebSocket upgrades from another origin', () => {
  let socketEnv: Awaited<ReturnType<typeof testGateway>>;
  let port: number;
  beforeAll(async () => {
    socketEnv = await testGateway();
    const address = await socketEnv.gateway.start();
    port = Number(new URL(address).port);
  });
  afterAll(() => socketEnv.cleanup());

  it.each(['/console', '/livedata'])(
    'refuses %s with 403 before the handshake, with the admin token',
    async (path) => {
      const refused = await connect(`ws://127.0.0.1:${port}${path}`, {
        headers: { origin: EVIL, authorization: basic() },
      });
      expect(refused.kind).toBe('refused');
      if (refused.kind !== 'refused') return;
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ code: Code.SecurityCrossOriginRefused });
      expect(refused.headers['www-authenticate']).toBeUndefined();
    },
  );

  it('opens for an allowed origin', async () => {
    await socketEnv.gateway.ctx.config.patch('security', { allowed_origins: ['http://dash.example'] });
    const socket = await connect(`ws://127.0.0.1:${port}/livedata`, {
      headers: { origin: 'http://dash.example', authorization: basic() },
    });
    expect(socket.kind).toBe('open');
    if (socket.kind === 'open') await socket.close();
    await socketEnv.gateway.ctx.config.patch('security', { allowed_origins: [] });
  });

  it('opens for the own origin and for clients without Origin', async () => {
    const variants: Record<string, string>[] = [{ origin: `http://127.0.0.1:${port}` }, {}];
    for (const headers of variants) {
      const socket = await connect(`ws://127.0.0.1:${port}/console`, {
        headers: { ...headers, authorization: basic() },
      });
      expect(socket.kind).toBe('open');
      if (socket.kind === 'open') {
        await socket.sync();
        await socket.close();
      }
    }
  });

  it('counts refused upgrades as kind websocket', async () => {
    const text = (await get(socketEnv.gateway, '/api/prometheus/metrics')).body;
    expect(text).toMatch(/^dtu_http_cross_origin_refused_total\{kind="websocket"\} 2$/m);
  });
});
