import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../../web/src/i18n/locales/de.json';
import en from '../../../../web/src/i18n/locales/en.json';
import fr from '../../../../web/src/i18n/locales/fr.json';
import { consoleStatic } from '../../../src/http/console-static';
import { ADMIN_PASSWORD, basic } from '../../helpers/api';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../../helpers/plant-gateway';

const INDEX = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

let env: PlantGateway;
beforeAll(async () => {
  const webRoot = await mkdtemp(join(tmpdir(), 'dtu-web-'));
  await writeFile(join(webRoot, 'index.html'), INDEX);
  env = await plantGateway({ webRoot });
  await env.advance(60_000);
});
afterAll(() => env.cleanup());

function page(headers: Record<string, string> = {}) {
  return env.gateway.http.inject({ method: 'GET', url: '/', headers });
}

function snapshotOf(html: string): unknown {
  const match = /<script id="live-snapshot" type="application\/json">(.*?)<\/script><\/head>/s.exec(html);
  return match ? JSON.parse(match[1] as string) : null;
}

describe('the live view page carries the live snapshot for its first paint', () => {
  it('holds the status list with the first inverter in detail, the same values as the API', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const snapshot = snapshotOf(response.body) as {
      inverters: { serial: string; AC?: unknown; DC?: unknown }[];
      total: unknown;
      hints: unknown;
    };
    expect(snapshot.inverters.map((inverter) => inverter.serial)).toEqual([HM800, HMS2000]);
    const api = await env.gateway.http.inject({ method: 'GET', url: `/api/livedata/status?inv=${HM800}` });
    // data_age_ms counts the milliseconds between the two answers.
    expect({ ...snapshot.inverters[0], data_age_ms: 0 }).toEqual({
      ...api.json().inverters[0],
      data_age_ms: 0,
    });
    expect(snapshot.inverters[0]?.AC).toBeDefined();
    expect(snapshot.inverters[1]?.AC).toBeUndefined();
    const list = (await env.gateway.http.inject({ method: 'GET', url: '/api/livedata/status' })).json();
    expect(snapshot.total).toEqual(list.total);
    expect(snapshot.hints).toEqual(list.hints);
    expect(response.body).not.toContain(ADMIN_PASSWORD);
    expect(response.body).not.toMatch(/password_hash|"password"/);
  });

  it('is compressed for a browser that takes brotli', async () => {
    const response = await env.gateway.http.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(snapshotOf(html)).not.toBeNull();
  });

  it('follows the live-data rule: nothing for an anonymous visitor when read-only access is off', async () => {
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
    try {
      const anonymous = await page();
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).not.toContain('live-snapshot');
      // The texts are no secret: the login screen is painted from them as well.
      expect(anonymous.body).toContain('<script id="console-texts" type="application/json">');
      const wrong = await page({ authorization: basic('wrong-password') });
      expect(wrong.body).not.toContain('live-snapshot');
      const admin = await page({ authorization: basic() });
      expect(snapshotOf(admin.body)).not.toBeNull();
    } finally {
      await env.gateway.ctx.config.patch('security', { allow_readonly: true });
    }
  });

  it('escapes "<" so no value can end the script element', async () => {
    const body = (await page()).body;
    const json = /<script id="live-snapshot" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
  });
});

function textsOf(html: string): { language?: string; texts: unknown } {
  const match = /<script id="console-texts" type="application\/json">(.*?)<\/script>/s.exec(html);
  return {
    language: /<html lang="(\w+)" data-texts="\1">/.exec(html)?.[1],
    texts: match ? JSON.parse(match[1] as string) : null,
  };
}

describe("the live view page carries the first-load texts of the visitor's language", () => {
  it('in the browser language, and names it on <html> for the language preload script', async () => {
    const german = await page({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(textsOf(german.body)).toEqual({ language: 'de', texts: de });
    expect(german.headers.vary).toMatch(/accept-language/i);
    expect(german.headers.vary).toMatch(/cookie/i);
    expect(textsOf((await page()).body)).toEqual({ language: 'en', texts: en });
    // Still before the snapshot, which stays the last element of <head>.
    expect(snapshotOf(german.body)).not.toBeNull();
  });

  it('in the choice the console stored (its locale cookie) over the browser language', async () => {
    const chosen = await page({ 'accept-language': 'de-DE', cookie: 'theme=dark; locale=fr' });
    expect(textsOf(chosen.body)).toEqual({ language: 'fr', texts: fr });
  });

  it('compressed, and the same bytes again for the same language while there is no snapshot', async () => {
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
    try {
      const headers = { 'accept-encoding': 'br', 'accept-language': 'fr' };
      const first = await page(headers);
      const second = await page(headers);
      expect(first.headers['content-encoding']).toBe('br');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const html = brotliDecompressSync(first.rawPayload).toString('utf8');
      expect(textsOf(html)).toEqual({ language: 'fr', texts: fr });
      const german = brotliDecompressSync((await page({ ...headers, 'accept-language': 'de' })).rawPayload);
      expect(textsOf(german.toString('utf8')).language).toBe('de');
    } finally {
      await env.gateway.ctx.config.patch('security', { allow_readonly: true });
    }
  });

  it('escapes "<" in the texts, so no text can end the script element', async () => {
    const app = Fastify();
    const webRoot = await mkdtemp(join(tmpdir(), 'dtu-web-'));
    await writeFile(join(webRoot, 'index.html'), INDEX);
    const hostile = { live: { title: '</script><script>alert(1)</script>' } };
    await app.register(consoleStatic, { webRoot, consoleTexts: () => JSON.stringify(hostile) });
    try {
      const body = (await app.inject({ method: 'GET', url: '/' })).body;
      expect(body).not.toContain('<script>alert');
      expect(body.match(/<\/script>/g)).toHaveLength(1);
      expect(textsOf(body).texts).toEqual(hostile);
    } finally {
      await app.close();
    }
  });
});
