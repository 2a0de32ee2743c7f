import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleTextsReader } from '../src/http/console-language';
import { consoleStatic } from '../src/http/console-static';
import { criticalCss, selectorClasses } from '../src/http/first-paint/critical-css';
import { loadFirstPaintRenderer } from '../src/http/first-paint/renderer';
import { DEFAULT_WEB_ROOT } from '../src/paths';
import { basic } from './helpers/api';
import { type PlantGateway, plantGateway } from './helpers/plant-gateway';

const INDEX =
  '<!doctype html><html><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/app.css"></head>' +
  '<body><div id="root"></div></body></html>';
const CSS =
  ':root{--x:1}body{margin:0}.used{color:red}.unused{color:blue}.used:not(.absent){top:0}' +
  '@media (min-width:1px){.used{left:0}.unused{left:1px}}@media print{.used{display:none}}' +
  '@keyframes pulse{0%{opacity:0}to{opacity:1}}';
/** Stands in for the console's SSR bundle: shows what it was given. */
const BUNDLE = `export function renderFirstPaint({ language, texts, status }) {
  return '<p class="used" data-lang="' + language + '">' + texts.home.title + ' ' + status.total.Power.v + '</p>';
}`;

async function webRootWith(bundle: string | null): Promise<string> {
  const webRoot = await mkdtemp(join(tmpdir(), 'dtu-ssr-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), INDEX);
  await writeFile(join(webRoot, 'assets', 'app.css'), CSS);
  if (bundle !== null) {
    await mkdir(join(webRoot, 'ssr'));
    await writeFile(join(webRoot, 'ssr', 'entry-server.js'), bundle);
  }
  return webRoot;
}

function rootOf(html: string): string | undefined {
  return /<div id="root"[^>]*>(.*?)<\/div>/s.exec(html)?.[0];
}

describe('the gateway renders the live view into the page of /', () => {
  let env: PlantGateway;
  beforeAll(async () => {
    env = await plantGateway({ webRoot: await webRootWith(BUNDLE) });
    await env.advance(60_000);
  });
  afterAll(() => env.cleanup());
  const page = (headers: Record<string, string> = {}) =>
    env.gateway.http.inject({ method: 'GET', url: '/', headers });

  it("from the page's own snapshot, in the visitor's language, with the critical CSS inline", async () => {
    const body = (await page({ 'accept-language': 'fr-FR,fr' })).body;
    const snapshot = JSON.parse(
      /<script id="live-snapshot" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
    );
    expect(rootOf(body)).toBe(
      `<div id="root" data-ssr="fr"><p class="used" data-lang="fr">Vue en direct ${snapshot.total.Power.v}</p></div>`,
    );
    const css = /<style id="first-paint-css">(.*?)<\/style>/s.exec(body)?.[1];
    expect(css).toBe(
      ':root{}body{margin:0}.used{color:red}.used:not(.absent){top:0}@media (min-width:1px){.used{left:0}}' +
        '@keyframes pulse{0%{opacity:0}to{opacity:1}}',
    );
  });

  it('loads the whole stylesheet after the inline rules without holding the paint back, and notes it', async () => {
    const body = (await page()).body;
    const loaded = "document.cookie='css=/assets/app.css;path=/;max-age=31536000;samesite=lax'";
    expect(body).toContain(
      `</style><link rel="preload" as="style" crossorigin href="/assets/app.css" onload="this.onload=null;this.rel='stylesheet';${loaded}">` +
        '<noscript><link rel="stylesheet" crossorigin href="/assets/app.css"></noscript>',
    );
    // Painted once the rendered markup is all there, not piece by piece as it arrives.
    expect(body).toContain(
      '<link rel="expect" href="#first-paint-end" blocking="render"><style id="first-paint-css">',
    );
    // The data for the scripts follows the markup, so the paint does not wait for its bytes.
    expect(body).toMatch(
      /<\/head>.*<div id="root" data-ssr="en">.*<\/div><template id="first-paint-end"><\/template><script id="console-texts" type="application\/json">.*<\/script><script id="live-snapshot" type="application\/json">.*<\/script><\/body>/s,
    );
    // The page's inline script leaves its warm-up work until after the first paint of a rendered page.
    expect(body).toMatch(/<html data-first-paint[ >]/);
    // Pages without a first paint keep the blocking stylesheet: nothing painted would be unstyled.
    const other = await env.gateway.http.inject({ method: 'GET', url: '/settings/inverter' });
    expect(other.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(other.body).not.toContain('first-paint-css');
    expect(other.body).not.toContain('data-first-paint');
  });

  it('links the stylesheet the browser holds instead of inlining its rules', async () => {
    const held = (await page({ cookie: 'locale=en; css=/assets/app.css' })).body;
    expect(held).toContain(
      '<link rel="expect" href="#first-paint-end" blocking="render"><link rel="stylesheet" crossorigin href="/assets/app.css">',
    );
    expect(held).not.toContain('first-paint-css');
    expect(held).not.toContain('rel="preload"');
    expect(rootOf(held)).toContain('data-ssr="en"');
    // A stylesheet of an older release in the cookie: the rules inline again.
    const older = (await page({ cookie: 'css=/assets/app-old.css' })).body;
    expect(older).toContain('<style id="first-paint-css">');
  });

  it('renders nothing of the live data when reading it needs a login', async () => {
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
    try {
      const anonymous = (await page()).body;
      expect(rootOf(anonymous)).toBe('<div id="root"></div>');
      expect(anonymous).not.toContain('first-paint-css');
      expect(anonymous).not.toContain('data-first-paint');
      expect(anonymous).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
      expect(rootOf((await page({ authorization: basic() })).body)).toContain('data-ssr="en"');
    } finally {
      await env.gateway.ctx.config.patch('security', { allow_readonly: true });
    }
  });
});

/** A console-static app on its own, with a log that is kept. */
async function standalone(webRoot: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  const status = { total: { Power: { v: 1, u: 'W', d: 0 } }, hints: {}, inverters: [] };
  await app.register(consoleStatic, {
    webRoot,
    firstPaint: async () => status,
    consoleTexts: consoleTextsReader(),
  });
  return { app, lines };
}

describe('without a working SSR bundle the page is served as before', () => {
  it.each([
    ['missing', null, /No first-paint bundle/],
    ['not loading', 'export const x = ;', /did not load/],
    ['without the export', 'export const x = 1;', /did not load/],
    ['throwing', 'export function renderFirstPaint() { throw new Error("boom"); }', /failed to render/],
  ])('%s: the page has its snapshot and no markup, and the log says why', async (_case, bundle, reason) => {
    const { app, lines } = await standalone(await webRootWith(bundle));
    try {
      const body = (await app.inject({ method: 'GET', url: '/' })).body;
      expect(rootOf(body)).toBe('<div id="root"></div>');
      expect(body).toContain('<script id="live-snapshot"');
      expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
      expect(lines.join('')).toMatch(reason);
    } finally {
      await app.close();
    }
  });
});

describe('critical CSS', () => {
  it('counts only the classes a selector requires', () => {
    expect(selectorClasses('.a.b > .c:hover')).toEqual(['a', 'b', 'c']);
    expect(selectorClasses('.a:not(.b):is(.c, .d)')).toEqual(['a']);
    expect(selectorClasses('.a[href$=".pdf"]::before')).toEqual(['a']);
    expect(selectorClasses('.g-md-3 .w-100')).toEqual(['g-md-3', 'w-100']);
  });

  it('keeps a rule list when one of its selectors applies, in the stylesheet order', () => {
    const css = criticalCss('.x,.y .z{a:1}.q{b:2}h1,.h1{c:3}table{d:4}body,*{e:5}', ['q']);
    expect(css.for('<h1 class="x"></h1>')).toBe('.x,.y .z{a:1}.q{b:2}h1,.h1{c:3}body,*{e:5}');
    expect(css.for('<b class="y h1"></b>')).toBe('.q{b:2}h1,.h1{c:3}body,*{e:5}');
  });

  it('leaves out the custom properties nothing picked reads', () => {
    const css = criticalCss(
      ':root{--a:1;--b:var(--c);--c:2;--d:3;--e:"x;y"}.x{color:var(--b)}.y{color:var(--d)}.z{--f:1}',
    );
    expect(css.for('<i class="x z" style="top:var(--e)"></i>')).toBe(
      ':root{--b:var(--c);--c:2;--e:"x;y"}.x{color:var(--b)}.z{}',
    );
  });

  it('keeps a critical rule in every group it applies in, and nothing of print', () => {
    const css = criticalCss(
      ':root{--a:1;--b:2}.x{color:var(--a)}.y{color:blue}.x{top:0}.x{color:green}.y{margin:0}.x{margin-top:1px}' +
        '.x{--b:3}@media (min-width:1px){.y{float:left}.x{float:none}}@media print{.x{color:black}}',
    );
    expect(css.for('<i class="x"></i>')).toBe(
      ':root{--a:1;}.x{color:var(--a)}.x{top:0}.x{color:green}.x{margin-top:1px}.x{}' +
        '@media (min-width:1px){.x{float:none}}',
    );
  });

  it('leaves out what a page just painted cannot show: hover, focus, print', () => {
    const css = criticalCss('.x:hover{a:1}.x:disabled{b:2}.x:focus,.x.on{c:3}@media print{.x{d:4}}');
    expect(css.for('<i class="x on"></i>')).toBe('.x:disabled{b:2}.x:focus,.x.on{c:3}');
  });
});

// The console's own bundle, when it is built (npm run build): the real first paint, cheaply.
describe.skipIf(!existsSync(join(DEFAULT_WEB_ROOT, 'ssr', 'entry-server.js')))('the built console', () => {
  it('renders the totals and the first inverter in every language, in a few milliseconds', async () => {
    const env = await plantGateway({ webRoot: DEFAULT_WEB_ROOT });
    try {
      await env.advance(60_000);
      for (const language of ['en', 'de', 'fr']) {
        const response = await env.gateway.http.inject({
          method: 'GET',
          url: '/',
          headers: { 'accept-language': language },
        });
        const html = response.body;
        expect(html).toContain(`data-ssr="${language}"`);
        expect(html).toMatch(/data-testid="total-power"[^>]*>[^<]*\d[^<]* W</);
        expect(html).toContain('class="card inverter-panel"');
        expect(html).toContain('data-testid="inverter-limit"');
        const br = brotliCompressSync(Buffer.from(html)).length;
        console.info(`first paint: / in ${language} is ${html.length} B, ${br} B brotli`);
      }
      // The cost of a render that is not cached (each snapshot differs), on this machine.
      const index = readFileSync(join(DEFAULT_WEB_ROOT, 'index.html'), 'utf8');
      const renderer = await loadFirstPaintRenderer(DEFAULT_WEB_ROOT, index, { warn() {}, info() {} });
      const texts = consoleTextsReader()('de') as string;
      const status = (await env.gateway.http.inject({ method: 'GET', url: '/api/livedata/status' })).json();
      for (let i = 0; i < 30; i++) {
        const changed = { ...status, total: { ...status.total, Power: { v: i, u: 'W', d: 1 } } };
        expect(renderer?.render('de', texts, changed, JSON.stringify(changed))).not.toBeNull();
      }
      const times = [...(renderer?.renderTimes ?? [])].slice(5).sort((a, b) => a - b);
      console.info(
        `first paint: render median ${times[times.length >> 1]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms`,
      );
    } finally {
      await env.cleanup();
    }
  });
});

describe('the SSR bundle', () => {
  it('is not served to browsers', async () => {
    const { app } = await standalone(await webRootWith(BUNDLE));
    try {
      const response = await app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
      expect(response.body).not.toContain('renderFirstPaint');
    } finally {
      await app.close();
    }
  });
});
