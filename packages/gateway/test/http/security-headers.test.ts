import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  PERMISSIONS_POLICY,
} from '../../src/http/security-headers';
import { basicAuth, testGateway } from '../helpers/gateway';

const THEME = "document.documentElement.dataset.theme = 'dark';";
const INDEX = `<!doctype html><html><head><script>${THEME}</script></head><body><div id="root"></div><script type="application/json" id="data">{"a":1}</script><script type="module" src="/assets/index-AbC123.js"></script></body></html>`;

/** The policy as a map of directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const THEME_HASH = `'sha256-${createHash('sha256').update(THEME).digest('base64')}'`;

function expectSecurityHeaders(response: LightMyRequestResponse, what: string): void {
  const policy = String(response.headers['content-security-policy'] ?? '');
  expect(policy, what).not.toBe('');
  const csp = directives(policy);
  expect(csp.get('script-src'), what).toEqual(["'self'", THEME_HASH]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
}

describe('security headers on every answer (http/security-headers.ts)', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'dtu-web-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'index.html'), INDEX);
    await writeFile(join(webRoot, 'assets/index-AbC123.js'), 'console.log(1);');
    env = await testGateway({ webRoot });
  });
  afterAll(() => env.cleanup());

  const get = (url: string, headers: Record<string, string> = {}) =>
    env.gateway.http.inject({ method: 'GET', url, headers: { host: 'dtu.local:8080', ...headers } });

  it('carries them on pages, assets, API JSON, 401, 404, errors and 304s', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(page, 'the page of /');
    const route = await get('/settings/mqtt');
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(route, 'a console route (history fallback)');

    const asset = await get('/assets/index-AbC123.js');
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, 'a static asset');

    const json = await get('/api/system/status');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/application\/json/);
    expectSecurityHeaders(json, 'API JSON');

    const unauthorized = await get('/api/file/list');
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized, '401');

    const malformed = await get('/api/%zz');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'FST_ERR_BAD_URL', statusCode: 400 });
    expectSecurityHeaders(malformed, 'a URL that is not valid percent-encoding');

    const missing = await get('/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, '404');

    const broken = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/firmware/update',
      headers: { authorization: basicAuth(), 'content-type': 'multipart/form-data', host: 'dtu.local' },
      payload: 'no boundary',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expectSecurityHeaders(broken, 'an error from the error handler');

    const failed = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/firmware/update',
      headers: { authorization: basicAuth(), 'content-type': 'application/octet-stream', host: 'dtu.local' },
      payload: 'not a firmware file',
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(failed, 'a refused upload');

    const zones = await get('/zones.json');
    const notModified = await get('/zones.json', { 'if-none-match': String(zones.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expectSecurityHeaders(notModified, '304');
  });

  it('adds no CORS headers to API answers, so OpenDTU clients and proxied web apps see what they saw (CORP binds only no-cors loads)', async () => {
    const json = await get('/api/livedata/status', { origin: 'http://opendtu.local' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['access-control-allow-origin']).toBeUndefined();
    expect(json.headers['x-frame-options']).toBeUndefined();
  });

  it("isolates pages from other sites' windows (COOP) and keeps JSON answers out of their pages (CORP)", async () => {
    for (const url of ['/', '/settings/security']) {
      const page = await get(url);
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(page.headers['cross-origin-resource-policy'], url).toBeUndefined();
    }
    for (const url of ['/api/system/status', '/api/livedata/status', '/api/no-such-thing']) {
      const json = await get(url);
      expect(json.headers['content-type'], url).toMatch(/^application\/json/);
      expect(json.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(json.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    // A refused cross-origin change is JSON too.
    const refused = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/dtu/config',
      headers: { host: 'dtu.local', origin: 'http://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Metrics are text for Prometheus, scraped without a browser: nothing to isolate.
    const metrics = await get('/api/prometheus/metrics');
    expect(metrics.headers['cross-origin-resource-policy']).toBeUndefined();
  });

  it('gives each answer the connect-src of its own Host header, also when hosts alternate', async () => {
    const sockets = (host: string) => ["'self'", `ws://${host}`, `wss://${host}`];
    for (const [host, expected] of [
      ['dtu.local:8080', sockets('dtu.local:8080')],
      ['192.168.1.20', sockets('192.168.1.20')],
      ['dtu.local:8080', sockets('dtu.local:8080')],
      ['evil.example; script-src *', ["'self'"]],
      ['192.168.1.20', sockets('192.168.1.20')],
    ] as const) {
      const response = await env.gateway.http.inject({
        method: 'GET',
        url: '/api/system/status',
        headers: { host },
      });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('connect-src'), host).toEqual(expected);
      expect(csp.get('script-src'), host).toEqual(["'self'", THEME_HASH]);
    }
  });

  it('lets the console reach its own WebSockets on the host it was loaded from, and no other', () => {
    const csp = directives(contentSecurityPolicy('dtu.local:8080'));
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://dtu.local:8080', 'wss://dtu.local:8080']);
    expect(directives(contentSecurityPolicy('[::1]:8443')).get('connect-src')).toEqual([
      "'self'",
      'ws://[::1]:8443',
      'wss://[::1]:8443',
    ]);
    // A forged Host header cannot put sources of its own into the policy.
    for (const host of ['evil.example; script-src *', 'a b', undefined, 'x"y']) {
      expect(directives(contentSecurityPolicy(host)).get('connect-src')).toEqual(["'self'"]);
      expect(directives(contentSecurityPolicy(host)).get('script-src')).toEqual(["'self'"]);
      expect(contentSecurityPolicy(host).split(';')).toHaveLength(10);
    }
  });

  it("allows the built page's own inline scripts by hash, and nothing else inline", () => {
    expect(inlineScriptHashes(INDEX)).toEqual([THEME_HASH]);
    const page = [
      '<script>a()</script>',
      '<script type="text/javascript">b()</script>',
      '<script type="module">import "/x.js"</script>',
      '<script type="application/json">{"not":"run"}</script>',
      '<script type="application/ld+json">{}</script>',
      '<script src="/y.js"></script>',
      '<script>a()</script>',
    ].join('');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(page)).toEqual([hash('a()'), hash('b()'), hash('import "/x.js"')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it('keeps scripts strict: no inline scripts, no eval, and styles as the console needs them', () => {
    const csp = directives(contentSecurityPolicy('dtu.local'));
    const allSources = [...csp.values()].flat();
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(allSources).not.toContain("'unsafe-eval'");
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });
});
