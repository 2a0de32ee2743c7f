import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/config/secrets';
import { basicAuth, postForm, testGateway } from '../helpers/gateway';
import { capturedLogger } from '../helpers/log-capture';

type Env = Awaited<ReturnType<typeof testGateway>>;
const admin = { authorization: basicAuth() };

describe('/api/security', () => {
  let env: Env;
  const capture = capturedLogger('debug');
  beforeEach(async () => {
    capture.lines.length = 0;
    env = await testGateway({}, { log: capture.log });
  });
  afterEach(() => env.cleanup());

  const save = (data: unknown, headers: Record<string, string> = admin) =>
    postForm(env.gateway, '/api/security/config', data, headers);
  const get = (url: string, headers: Record<string, string> = admin) =>
    env.gateway.http.inject({ method: 'GET', url, headers });

  it('GET shows a mask instead of the password', async () => {
    const response = await get('/api/security/config');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(`{"password":"${SECRET_MASK}","allow_readonly":true,"allowed_origins":[]}`);
  });

  it('authenticate answers 10002 for the admin', async () => {
    const response = await get('/api/security/authenticate');
    expect(response.body).toBe('{"type":"success","message":"Authentication successful.","code":10002}');
  });

  it('a new password applies to the very next request; the old one stops working', async () => {
    expect((await get('/api/security/authenticate')).statusCode).toBe(200); // now cached
    const saved = await save({ password: 'brand-new-secret', allow_readonly: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toBe('{"type":"success","message":"Settings saved.","code":1001}');
    expect((await get('/api/security/authenticate')).statusCode).toBe(401);
    const fresh = { authorization: basicAuth('brand-new-secret') };
    expect((await get('/api/security/authenticate', fresh)).statusCode).toBe(200);
    // It survives a restart.
    const onDisk = await readFile(join(env.dataDir, 'config.json'), 'utf8');
    expect(onDisk).not.toContain('brand-new-secret');
  });

  it('posting the mask back keeps the stored password', async () => {
    const saved = await save({ password: SECRET_MASK, allow_readonly: false });
    expect(saved.json().code).toBe(1001);
    expect((await get('/api/security/authenticate')).statusCode).toBe(200);
    expect(env.gateway.ctx.config.get('security').allow_readonly).toBe(false);
  });

  it('turning anonymous access off closes sockets (event) and locks read-only routes', async () => {
    const events: { allowReadonly: boolean; passwordChanged: boolean }[] = [];
    env.gateway.ctx.bus.on('auth:changed', (change) => events.push(change));
    await save({ password: SECRET_MASK, allow_readonly: false });
    expect(events).toEqual([{ allowReadonly: false, passwordChanged: false }]);
    expect((await get('/api/system/status', {})).statusCode).toBe(401);
    await save({ password: SECRET_MASK, allow_readonly: true });
    expect(events[1]).toEqual({ allowReadonly: true, passwordChanged: false });
    expect((await get('/api/system/status', {})).statusCode).toBe(200);
  });

  describe('validation, in order, with params', () => {
    const cases: [string, unknown, string][] = [
      ['too short', { password: '1234567', allow_readonly: true }, '10001:{"max":64}'],
      ['too long', { password: 'x'.repeat(65), allow_readonly: true }, '10001:{"max":64}'],
      // Lengths are UTF-8 bytes: 22 × "€" is 66 bytes.
      ['too long in bytes', { password: '€'.repeat(22), allow_readonly: true }, '10001:{"max":64}'],
      ['8 is enough', { password: '12345678', allow_readonly: true }, '1001'],
      ['64 is the most', { password: 'y'.repeat(64), allow_readonly: false }, '1001'],
      ['password not a string', { password: 12345678, allow_readonly: true }, '1005'],
      ['password missing', { allow_readonly: true }, '1005'],
      // A number is not saved as its digits, with or without allow_readonly.
      ['password a number alone', { password: 4294967296 }, '1005'],
      ['password null alone', { password: null }, '1005'],
      // The quirk: without a bool allow_readonly a missing password reads as the text "null" (4 chars).
      ['both missing', {}, '10001:{"max":64}'],
      ['not an object', [1, 2], '10001:{"max":64}'],
    ];
    for (const [name, data, expected] of cases) {
      it(name, async () => {
        const body = (await save(data)).json();
        expect(`${body.code}${body.param ? `:${JSON.stringify(body.param)}` : ''}`).toBe(expected);
        expect(body.type).toBe(expected === '1001' ? 'success' : 'warning');
        expect(typeof body.message).toBe('string');
      });
    }

    it('keeps the documented key order: type, message, code, param', async () => {
      const response = await save({ password: 'short', allow_readonly: true });
      expect(Object.keys(response.json())).toEqual(['type', 'message', 'code', 'param']);
      expect(response.body).not.toMatch(/\s{2}|\n/);
    });

    it('a rejected password changes nothing', async () => {
      await save({ password: 'short', allow_readonly: false });
      expect(env.gateway.ctx.config.get('security').allow_readonly).toBe(true);
      expect((await get('/api/security/authenticate')).statusCode).toBe(200);
    });
  });

  describe('POST plumbing', () => {
    const post = (payload: string | Buffer, contentType: string) =>
      env.gateway.http.inject({
        method: 'POST',
        url: '/api/security/config',
        payload,
        headers: { ...admin, 'content-type': contentType },
      });

    it('1002 without a data field', async () => {
      expect((await post('other=1', 'application/x-www-form-urlencoded')).json()).toMatchObject({
        type: 'warning',
        code: 1002,
      });
      const empty = await env.gateway.http.inject({
        method: 'POST',
        url: '/api/security/config',
        headers: admin,
      });
      expect(empty.statusCode).toBe(200);
      expect(empty.json().code).toBe(1002);
    });

    it('1002 for a raw JSON body, even an invalid one (it is not read)', async () => {
      const valid = await post(
        JSON.stringify({ password: 'good-password', allow_readonly: true }),
        'application/json',
      );
      expect(valid.statusCode).toBe(200);
      expect(valid.json().code).toBe(1002);
      expect((await post('{broken', 'application/json')).json().code).toBe(1002);
      expect((await post('data=x', 'text/plain')).json().code).toBe(1002);
    });

    it('1004 when data is not JSON', async () => {
      const response = await post('data=%7Bnot-json', 'application/x-www-form-urlencoded');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('{"type":"warning","message":"Failed to parse data.","code":1004}');
    });

    it('1005 when a required key has the wrong JSON type', async () => {
      expect((await save({ password: true, allow_readonly: false })).json().code).toBe(1005);
    });

    it('reads "data" from multipart like the console FormData', async () => {
      const boundary = '----dtu-test';
      const body = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="data"',
        '',
        JSON.stringify({ password: 'multipart-pass', allow_readonly: true }),
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const response = await post(body, `multipart/form-data; boundary=${boundary}`);
      expect(response.json().code).toBe(1001);
      expect(
        (await get('/api/security/authenticate', { authorization: basicAuth('multipart-pass') })).statusCode,
      ).toBe(200);
    });

    it('1004 for a multipart data part declared as broken JSON', async () => {
      const boundary = '----dtu-test';
      const body = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="data"',
        'Content-Type: application/json',
        '',
        '{oops',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      expect((await post(body, `multipart/form-data; boundary=${boundary}`)).json().code).toBe(1004);
    });

    it('an oversized body or data field gets 1003 "data too large" and changes nothing', async () => {
      const big = JSON.stringify({
        password: 'long-enough-pw',
        allow_readonly: false,
        pad: 'x'.repeat(70_000),
      });
      const field = await post(`data=${encodeURIComponent(big)}`, 'application/x-www-form-urlencoded');
      expect(field.statusCode).toBe(200);
      expect(field.body).toBe('{"type":"warning","message":"Data too large.","code":1003}');

      const huge = await post(`data=${'y'.repeat(300_000)}`, 'application/x-www-form-urlencoded');
      expect(huge.statusCode).toBe(200);
      expect(huge.json().code).toBe(1003);

      const boundary = '----dtu-test';
      const multi = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="data"',
        '',
        big,
        `--${boundary}--`,
        '',
      ].join('\r\n');
      expect((await post(multi, `multipart/form-data; boundary=${boundary}`)).json().code).toBe(1003);
      expect(env.gateway.ctx.config.get('security').allow_readonly).toBe(true);
    });
  });

  it('never shows or logs a password', async () => {
    await save({ password: 'Sup3r-Secret-Value', allow_readonly: true });
    await get('/api/security/authenticate', { authorization: basicAuth('Wrong-Guess-Value') });
    await save(
      { password: 'Other-Secret-Value', allow_readonly: true },
      { authorization: basicAuth('Sup3r-Secret-Value') },
    );
    const answer = await get('/api/security/config', { authorization: basicAuth('Other-Secret-Value') });
    for (const secret of ['Sup3r-Secret-Value', 'Other-Secret-Value', 'Wrong-Guess-Value', 'openDTU42']) {
      expect(answer.body).not.toContain(secret);
      expect(capture.text()).not.toContain(secret);
      expect(capture.text()).not.toContain(Buffer.from(`admin:${secret}`).toString('base64'));
    }
    // Something was logged, so the check above is not vacuous.
    expect(capture.text()).toContain('Failed admin login');
    expect(capture.text()).toContain('Security settings saved');
  });
});
