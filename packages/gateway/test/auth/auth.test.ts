import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAuthorization, selectSubprotocol, WS_SUBPROTOCOL } from '../../src/auth/credentials';
import { authHook } from '../../src/auth/hook';
import { AuthService } from '../../src/auth/service';
import { EventBus } from '../../src/bus';
import { hashPassword, isPasswordHash, verifyPassword } from '../../src/config/password';
import { ConfigStore } from '../../src/config/store';
import { OptionsError, parseOptions } from '../../src/options';
import { basicAuth, formData, postForm, testGateway } from '../helpers/gateway';
import { capturedLogger } from '../helpers/log-capture';

const token = (password: string, username = 'admin') =>
  Buffer.from(`${username}:${password}`, 'utf8').toString('base64');

describe('credentials', () => {
  it('reads Basic as browsers and scripts send it', () => {
    expect(parseAuthorization(basicAuth('openDTU42'))).toEqual({ username: 'admin', password: 'openDTU42' });
    expect(parseAuthorization(`bAsIc   ${token('a:b:c')}  `)).toEqual({
      username: 'admin',
      password: 'a:b:c',
    });
    expect(parseAuthorization(`Basic ${token('pässwörd-€')}`)?.password).toBe('pässwörd-€');
    expect(parseAuthorization(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeUndefined();
    expect(parseAuthorization('Digest username="admin", nonce="x"')).toBeUndefined();
    expect(parseAuthorization('Bearer abc')).toBeUndefined();
    expect(parseAuthorization(undefined)).toBeUndefined();
  });

  it('picks a WebSocket subprotocol that is never the token', () => {
    expect(selectSubprotocol(new Set([`dtu-auth.${token('x')}`, WS_SUBPROTOCOL]))).toBe(WS_SUBPROTOCOL);
    expect(selectSubprotocol(new Set([`dtu-auth.${token('x')}`]))).toBe(false);
  });
});

describe('password hashes', () => {
  it('are salted scrypt hashes that verify only the right password', async () => {
    const one = await hashPassword('correct horse');
    const two = await hashPassword('correct horse');
    expect(one).not.toBe(two);
    expect(isPasswordHash(one)).toBe(true);
    expect(one).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', one)).toBe(true);
    expect(await verifyPassword('correct horsE', one)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
    // Absurd cost parameters in a restored file are refused rather than computed.
    expect(isPasswordHash(one.replace(/^scrypt\$16384/, 'scrypt$1073741824'))).toBe(false);
  });
});

type Env = Awaited<ReturnType<typeof testGateway>>;

describe('the auth matrix', () => {
  let env: Env;
  beforeEach(async () => {
    env = await testGateway();
  });
  afterEach(() => env.cleanup());

  const endpoints = [
    { method: 'GET', url: '/api/system/status', level: 'readonly' },
    { method: 'GET', url: '/api/security/config', level: 'admin' },
    { method: 'GET', url: '/api/security/authenticate', level: 'admin' },
    { method: 'POST', url: '/api/security/config', level: 'admin' },
  ] as const;
  const callers = [
    { who: 'anonymous', headers: {} },
    { who: 'wrong password', headers: { authorization: basicAuth('not-the-one') } },
    { who: 'wrong user', headers: { authorization: basicAuth('openDTU42', 'root') } },
    { who: 'admin', headers: { authorization: basicAuth('openDTU42') } },
  ] as const;

  for (const allowReadonly of [true, false]) {
    it(`allow_readonly ${allowReadonly}`, async () => {
      await env.gateway.ctx.config.patch('security', { allow_readonly: allowReadonly });
      for (const endpoint of endpoints) {
        for (const caller of callers) {
          const headers = { ...caller.headers, 'x-requested-with': 'XMLHttpRequest' };
          const response =
            endpoint.method === 'POST'
              ? // A valid body keeps the password (the mask) and the setting as they are.
                await postForm(
                  env.gateway,
                  endpoint.url,
                  { password: '********', allow_readonly: allowReadonly },
                  headers,
                )
              : await env.gateway.http.inject({ method: endpoint.method, url: endpoint.url, headers });
          const open = caller.who === 'admin' || (endpoint.level === 'readonly' && allowReadonly);
          expect(response.statusCode, `${caller.who} ${endpoint.method} ${endpoint.url}`).toBe(
            open ? 200 : 401,
          );
        }
      }
    });
  }

  it('answers 401 with an empty body, and the Basic challenge only without X-Requested-With', async () => {
    const plain = await env.gateway.http.inject({ method: 'GET', url: '/api/security/config' });
    expect(plain.statusCode).toBe(401);
    expect(plain.body).toBe('');
    expect(plain.headers['content-length']).toBe('0');
    expect(plain.headers['www-authenticate']).toBe('Basic realm="Login Required"');

    const xhr = await env.gateway.http.inject({
      method: 'GET',
      url: '/api/security/config',
      headers: { 'x-requested-with': 'XMLHttpRequest', authorization: basicAuth('wrong-one') },
    });
    expect(xhr.statusCode).toBe(401);
    expect(xhr.body).toBe('');
    expect(xhr.headers['www-authenticate']).toBeUndefined();
  });

  it('checks the admin before reading a POST body', async () => {
    const response = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/security/config',
      ...formData('{not json'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('keeps the console and unknown paths public', async () => {
    expect((await env.gateway.http.inject({ method: 'GET', url: '/settings/security' })).statusCode).toBe(
      503,
    );
    expect((await env.gateway.http.inject({ method: 'GET', url: '/api/no/such' })).statusCode).toBe(404);
  });

  it('reports the default password until it is changed', async () => {
    const { auth } = env.gateway.ctx;
    expect(auth.defaultPasswordActive()).toBe(true);
    const saved = await postForm(
      env.gateway,
      '/api/security/config',
      { password: 'a-better-one', allow_readonly: true },
      { authorization: basicAuth() },
    );
    expect(saved.json().code).toBe(1001);
    await auth.settled();
    expect(auth.defaultPasswordActive()).toBe(false);
  });
});

describe('repeated failed logins', () => {
  it('get 429 for a while, per client address; requests without credentials do not count', async () => {
    const env = await testGateway({}, { authLimits: { maxFailures: 3, blockMs: 60_000 } });
    try {
      const call = (headers: Record<string, string>, remoteAddress = '10.0.0.7') =>
        env.gateway.http.inject({ method: 'GET', url: '/api/security/authenticate', headers, remoteAddress });
      for (let i = 0; i < 5; i++) expect((await call({})).statusCode).toBe(401);
      for (let i = 0; i < 3; i++)
        expect((await call({ authorization: basicAuth(`guess-${i}`) })).statusCode).toBe(401);
      const locked = await call({ authorization: basicAuth() });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.json().message).toMatch(/try again/);
      // Another client is not affected.
      expect((await call({ authorization: basicAuth() }, '10.0.0.8')).statusCode).toBe(200);
    } finally {
      await env.cleanup();
    }
  });
});

describe('routes without a declared level, and WebSocket upgrades', () => {
  let dataDir: string;
  let config: ConfigStore;
  let auth: AuthService;
  const capture = capturedLogger();
  const app = Fastify({ loggerInstance: capture.log as FastifyBaseLogger });

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dtu-auth-'));
    const bus = new EventBus();
    config = await ConfigStore.open({ dataDir, log: capture.log, bus, chipId: 1 });
    auth = await AuthService.create({ config, bus, log: capture.log });
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('treats an undeclared /api route as admin and says so; upgrades may carry the token', async () => {
    // Like the gateway: no per-request log lines (they would carry URLs, see app.ts).
    const local = Fastify({
      loggerInstance: capture.log as FastifyBaseLogger,
      logController: new LogController({ disableRequestLogging: true }),
    });
    await local.register(authHook, { auth });
    local.get('/api/forgotten', async () => ({ ok: true }));
    local.get('/livedata', { config: { auth: 'readonly' } }, async () => ({ upgraded: false }));
    await local.ready();
    expect(capture.text()).toContain('/api/forgotten declares no auth level');
    expect((await local.inject({ method: 'GET', url: '/api/forgotten' })).statusCode).toBe(401);
    expect(
      (await local.inject({ method: 'GET', url: '/api/forgotten', headers: { authorization: basicAuth() } }))
        .statusCode,
    ).toBe(200);

    const upgrade = { upgrade: 'websocket', connection: 'Upgrade' };
    // Anonymous access on: no credentials needed.
    expect((await local.inject({ method: 'GET', url: '/livedata', headers: upgrade })).statusCode).toBe(200);
    await config.patch('security', { allow_readonly: false });
    const denied = await local.inject({ method: 'GET', url: '/livedata', headers: upgrade });
    expect(denied.statusCode).toBe(401);
    // Browsers cannot set X-Requested-With on a socket; the challenge lets them retry with URL credentials.
    expect(denied.headers['www-authenticate']).toBe('Basic realm="Login Required"');
    const viaQuery = await local.inject({
      method: 'GET',
      url: `/livedata?auth=${encodeURIComponent(token('openDTU42'))}`,
      headers: upgrade,
    });
    expect(viaQuery.statusCode).toBe(200);
    const urlSafe = token('openDTU42').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const viaProtocol = await local.inject({
      method: 'GET',
      url: '/livedata',
      headers: { ...upgrade, 'sec-websocket-protocol': `dtu-console, dtu-auth.${urlSafe}` },
    });
    expect(viaProtocol.statusCode).toBe(200);
    const viaHeader = await local.inject({
      method: 'GET',
      url: '/livedata',
      headers: { ...upgrade, authorization: basicAuth() },
    });
    expect(viaHeader.statusCode).toBe(200);
    const wrong = await local.inject({
      method: 'GET',
      url: `/livedata?auth=${encodeURIComponent(token('wrong-password'))}`,
      headers: upgrade,
    });
    expect(wrong.statusCode).toBe(401);
    // The query token is only for upgrades; a plain request with it is not authenticated.
    expect(
      (
        await local.inject({
          method: 'GET',
          url: `/api/forgotten?auth=${encodeURIComponent(token('openDTU42'))}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(capture.text()).not.toContain(token('openDTU42'));
    expect(capture.text()).not.toContain('openDTU42');
    expect(capture.text()).not.toContain('wrong-password');
    await local.close();
  });

  it('authorizeUpgrade follows allow_readonly and the credentials', async () => {
    await app.ready();
    const request = (headers: Record<string, string>, url = '/livedata') =>
      ({ headers, url, ip: '127.0.0.1', routeOptions: { url: '/livedata' } }) as never;
    expect(await auth.authorizeUpgrade(request({ upgrade: 'websocket' }))).toBe(true);
    await config.patch('security', { allow_readonly: false });
    expect(await auth.authorizeUpgrade(request({ upgrade: 'websocket' }))).toBe(false);
    expect(
      await auth.authorizeUpgrade(
        request({ upgrade: 'websocket' }, `/livedata?auth=${encodeURIComponent(token('openDTU42'))}`),
      ),
    ).toBe(true);
  });
});

describe('command-line options', () => {
  it('reads the first-start admin password and the reboot mode without echoing the secret', () => {
    expect(parseOptions(['--admin-password', 'long-enough'], {}, false).adminPassword).toBe('long-enough');
    expect(parseOptions([], { ADMIN_PASSWORD: 'from-the-env' }, false).adminPassword).toBe('from-the-env');
    expect(parseOptions([], {}, false).adminPassword).toBeUndefined();
    expect(() => parseOptions(['--admin-password', 'short'], {}, false)).toThrow(OptionsError);
    try {
      parseOptions(['--admin-password', 'short'], {}, false);
    } catch (error) {
      expect((error as Error).message).not.toContain('short');
    }
    expect(parseOptions(['--reboot-exits'], {}, false).rebootExits).toBe(true);
    expect(parseOptions([], { REBOOT_EXITS: '1' }, false).rebootExits).toBe(true);
    expect(parseOptions([], {}, false).rebootExits).toBe(false);
  });
});
