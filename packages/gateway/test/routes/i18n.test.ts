import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../helpers/gateway';

describe('/api/i18n (public)', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    env = await testGateway();
    // Anonymous access off: these stay public anyway.
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
  });
  afterAll(() => env.cleanup());

  const get = (url: string, headers: Record<string, string> = {}) =>
    env.gateway.http.inject({ method: 'GET', url, headers });

  it('lists no uploaded packs: the built-in languages are never listed', async () => {
    const response = await get('/api/i18n/languages');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe('[]');
  });

  it('serves the built-in languages as packs, with an ETag and 304', async () => {
    for (const [code, name] of [
      ['en', 'English'],
      ['de', 'Deutsch'],
      ['fr', 'Français'],
    ]) {
      const response = await get(`/api/i18n/language?code=${code}`);
      expect(response.statusCode, code).toBe(200);
      const pack = response.json();
      expect(pack.meta).toEqual({ name, code });
      expect(pack.display).toEqual({});
      const locale = JSON.parse(
        await readFile(new URL(`../../../web/src/i18n/locales/${code}.json`, import.meta.url), 'utf8'),
      );
      expect(pack.webapp).toEqual(locale);
      const etag = response.headers.etag as string;
      expect(etag).toBe(`"${createHash('md5').update(response.body).digest('hex')}"`);
      expect(response.headers['cache-control']).toBe('public, must-revalidate');
      const again = await get(`/api/i18n/language?code=${code}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
  });

  it('answers 404 with an empty body for any other or a missing code', async () => {
    for (const url of [
      '/api/i18n/language',
      '/api/i18n/language?code=it',
      '/api/i18n/language?code=toString',
      '/api/i18n/language?code=../../package',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe('');
    }
  });
});
