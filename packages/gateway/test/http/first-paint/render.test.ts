import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleTextsReader } from '../../../src/http/console-language';
import { consoleStatic } from '../../../src/http/console-static';
import { basic } from '../../helpers/api';
import { type PlantGateway, plantGateway } from '../../helpers/plant-gateway';

const INDEX =
  '<!doctype html><html><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/app.css"></head>' +
  '<body><div id="root"></div></body></html>';
const CSS = 'body{margin:0}.used{color:red}.unused{color:blue}';
/** The rules of the first paint, as the console's build cuts them (web/scripts/first-paint-css.ts). */
const FIRST_PAINT_CSS = 'body{margin:0}.used{color:red}';
/** The build manifest's entries for the language chunks. */
const MANIFEST = {
  'src/i18n/locales/en.json': { file: 'assets/en-1.js' },
  'src/i18n/locales/de.json': { file: 'assets/de-2.js' },
  'src/i18n/locales/fr.json': { file: 'assets/fr-3.js' },
};
/** Stands in for the console's SSR bundle: shows what it was given. */
const BUNDLE = `export function renderFirstPaint({ language, texts, status }) {
  return '<p class="used" data-lang="' + language + '">' + texts.home.title + ' ' + status.total.Power.v + '</p>';
}`;

async function webRootWith(bundle: string | null, firstPaintCss: string | null = FIRST_PAINT_CSS) {
  const webRoot = await mkdtemp(join(tmpdir(), 'dtu-ssr-'));
  await mkdir(join(webRoot, 'assets'));
  await mkdir(join(webRoot, '.vite'));
  await mkdir(join(webRoot, 'ssr'));
  await writeFile(join(webRoot, 'index.html'), INDEX);
  await writeFile(join(webRoot, 'assets', 'app.css'), CSS);
  await writeFile(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (bundle !== null) await writeFile(join(webRoot, 'ssr', 'entry-server.js'), bundle);
  if (firstPaintCss !== null) await writeFile(join(webRoot, 'ssr', 'first-paint.css'), firstPaintCss);
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

  it("from the page's own snapshot, in the visitor's language, with its rules inline", async () => {
    const body = (await page({ 'accept-language': 'fr-FR,fr' })).body;
    const snapshot = JSON.parse(
      /<script id="live-snapshot" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
    );
    expect(rootOf(body)).toBe(
      `<div id="root" data-ssr="fr"><p class="used" data-lang="fr">Vue en direct ${snapshot.total.Power.v}</p></div>`,
    );
    expect(/<head>.*<style>(.*?)<\/style>.*<\/head>/s.exec(body)?.[1]).toBe(FIRST_PAINT_CSS);
    expect(body).toMatch(/<html lang="fr" data-texts="fr">/);
  });

  it('links the whole stylesheet after the markup, with no script of its own', async () => {
    const body = (await page()).body;
    // Painted once the rendered markup is all there, not piece by piece as it arrives.
    expect(body).toContain('<link rel="expect" href="#first-paint-end" blocking="render"><style>');
    // The stylesheet and the data for the scripts follow the markup: the paint waits for neither.
    expect(body).toMatch(
      /<\/head>.*<div id="root" data-ssr="en">.*<\/div><template id="first-paint-end"><\/template><link rel="stylesheet" crossorigin href="\/assets\/app.css"><script id="console-texts" type="application\/json">.*<\/script><script id="live-snapshot" type="application\/json">.*<\/script><\/body>/s,
    );
    expect(body).not.toMatch(/<head>.*rel="stylesheet".*<\/head>/s);
    expect(body).not.toMatch(/\sonload=|document\.cookie/);
    // The page carries its texts: no language chunk to preload.
    expect(body).not.toContain('modulepreload');
  });

  it("serves the other screens with the blocking stylesheet and their language's chunk preloaded", async () => {
    const other = await env.gateway.http.inject({
      method: 'GET',
      url: '/settings/inverter',
      headers: { cookie: 'locale=de', 'accept-language': 'fr' },
    });
    expect(other.body).toMatch(/<html lang="de">/);
    expect(other.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(other.body).toContain('<link rel="modulepreload" crossorigin href="/assets/de-2.js"></head>');
    expect(other.body).not.toContain('<style>');
    expect(other.body).not.toContain('data-ssr');
    expect(other.headers.vary).toContain('Accept-Language');
  });

  it('renders nothing of the live data when reading it needs a login', async () => {
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
    try {
      const anonymous = (await page()).body;
      expect(rootOf(anonymous)).toBe('<div id="root"></div>');
      expect(anonymous).not.toContain('<style>');
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
    ['without its stylesheet', BUNDLE, /did not load/, null],
    ['not loading', 'export const x = ;', /did not load/],
    ['without the export', 'export const x = 1;', /did not load/],
    ['throwing', 'export function renderFirstPaint() { throw new Error("boom"); }', /failed to render/],
  ])(
    '%s: the page has its snapshot and no markup, and the log says why',
    async (_case, bundle, reason, css?) => {
      const { app, lines } = await standalone(
        await webRootWith(bundle, css === undefined ? FIRST_PAINT_CSS : css),
      );
      try {
        const body = (await app.inject({ method: 'GET', url: '/' })).body;
        expect(rootOf(body)).toBe('<div id="root"></div>');
        expect(body).toContain('<script id="live-snapshot"');
        expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
        expect(lines.join('')).toMatch(reason);
      } finally {
        await app.close();
      }
    },
  );
});

describe('the SSR bundle, its stylesheet and the build manifest', () => {
  it('are not served to browsers', async () => {
    const { app } = await standalone(await webRootWith(BUNDLE));
    try {
      const response = await app.inject({ method: 'GET', url: '/ssr/entry-server.js' });
      expect(response.body).not.toContain('renderFirstPaint');
      expect((await app.inject({ method: 'GET', url: '/ssr/first-paint.css' })).body).not.toContain('.used');
      expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).body).not.toContain('"file"');
    } finally {
      await app.close();
    }
  });
});
