import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGateway } from '../helpers/gateway';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('serving the built console', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const webRoot = await mkdtemp(join(tmpdir(), 'dtu-web-'));
    await mkdir(join(webRoot, 'assets'));
    for (const [name, text] of [
      ['index.html', INDEX],
      ['assets/index-AbC123.js', SCRIPT],
    ] as const) {
      await writeFile(join(webRoot, name), text);
      await writeFile(join(webRoot, `${name}.br`), brotliCompressSync(text));
      await writeFile(join(webRoot, `${name}.gz`), gzipSync(text));
    }
    await writeFile(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    env = await testGateway({ webRoot });
  });
  afterAll(() => env.cleanup());

  const get = (url: string, encoding?: string) =>
    env.gateway.http.inject({
      method: 'GET',
      url,
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('picks brotli, then gzip, then identity by Accept-Encoding', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('honours q=0 in Accept-Encoding: a coding refused is never sent', async () => {
    const page = await get('/', 'br;q=0, gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    const none = await get('/', 'br;q=0, gzip;q=0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toMatch(/<div id="root">/);
    const wildcard = await get('/', '*;q=0.5, br;q=0');
    expect(wildcard.headers['content-encoding']).toBe('gzip');
    const asset = await get('/assets/index-AbC123.js', 'br;q=0, gzip');
    expect(asset.headers['content-encoding']).toBe('gzip');
  });

  it('reads * as every coding not named, and names Accept-Encoding once in Vary', async () => {
    // gzip refused, anything else welcome: brotli, never the refused gzip.
    for (const path of ['/', '/settings/mqtt']) {
      const response = await get(path, 'gzip;q=0, *');
      expect(response.headers['content-encoding'], path).toBe('br');
    }
    // Anything welcome: the smaller coding.
    const any = await get('/', '*');
    expect(any.headers['content-encoding']).toBe('br');
    // The page varies by language and session too; each reason is named once.
    expect(String(any.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
  });

  it('caches hashed assets forever and revalidates the rest', async () => {
    const asset = await get('/assets/index-AbC123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nothing to revalidate or range over: those headers would only cost bytes on every first load.
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['accept-ranges']).toBeUndefined();
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers.etag).toBeDefined();
    const index = await get('/');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it("answers the console's page for every unknown non-API path (history fallback)", async () => {
    for (const path of ['/info/system', '/settings/mqtt?x=1', '/login']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      // index.html in the visitor's language (no build manifest here: no language chunk to preload).
      expect(response.body).toBe(INDEX.replace('<html>', '<html lang="en">'));
    }
    const compressed = await get('/settings/dtu', 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('keeps /api paths out of the fallback', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('without a built console', () => {
  it('explains how to build it instead of failing obscurely', async () => {
    const env = await testGateway();
    try {
      const response = await env.gateway.http.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toMatch(/npm run build/);
    } finally {
      await env.cleanup();
    }
  });
});
