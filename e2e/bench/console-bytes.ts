/**
 * Console bytes as the gateway serves them: the live view's first load per language and the first load of
 * every route, measured in real Chromium (bytes on the wire with headers, brotli), with the brotli and gzip
 * bodies of the same files beside them; and the whole console, every built file, both encodings.
 */
import { readdirSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join, relative } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';
import { consoleRoutes } from '../routes';
import { type BenchGateway, root } from './lib/gateway';
import type { Result, Section } from './lib/report';
import { KB } from './lib/stats';

/** The live view's first load (`/`, the heaviest language). */
const BUDGET_LIVE_VIEW_KB = 120;
/** The first load of every other route: a bookmark of a settings screen is a first load as well. */
const BUDGET_OTHER_ROUTE_KB = 165;
const BUDGET_WHOLE_CONSOLE_KB = 270;
export const LOCALES = ['en-US', 'de-DE', 'fr-FR'] as const;
const dist = join(root, 'packages/web/dist');
const ssrDir = join(dist, 'ssr', '');
const CONSOLE_TYPES = ['Document', 'Script', 'Stylesheet', 'Font'];

export interface FirstLoad {
  locale: string;
  /** Wire bytes (headers included) of the console's files, brotli. */
  bytes: number;
  entries: { url: string; type: string; bytes: number }[];
}

/** Body bytes as sent (fetch would decompress them), for one Accept-Encoding. */
function rawBodyBytes(
  url: string,
  encoding: 'br' | 'gzip',
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding, ...headers } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Routes of the console, read from its route table. */
/** One cold load in a fresh context: the console files it fetched until the network was idle. */
export async function coldLoad(
  browser: Browser,
  url: string,
  locale: string,
  signedIn = false,
): Promise<FirstLoad> {
  const context = await browser.newContext({ locale });
  if (signedIn) {
    await context.addInitScript(() => {
      localStorage.setItem('user', JSON.stringify({ username: 'admin', authdata: btoa('admin:openDTU42') }));
    });
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, { url: string; type: string }>();
  const entries: FirstLoad['entries'] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    seen.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other' });
  });
  cdp.on('Network.responseReceived', (event) => {
    const known = seen.get(event.requestId);
    seen.set(event.requestId, { url: event.response.url, type: event.type ?? known?.type ?? 'Other' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = seen.get(event.requestId);
    if (request && CONSOLE_TYPES.includes(request.type)) {
      entries.push({ url: request.url, type: request.type, bytes: event.encodedDataLength });
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine the entry can run for over 500 ms without a request before it asks for the screen's
  // chunk, and the load would end early: wait until a whole second brings no further file.
  for (let count = -1; count !== entries.length; ) {
    count = entries.length;
    await page.waitForTimeout(1000);
  }
  await context.close();
  return { locale, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), entries };
}

/** Brotli and gzip bodies of the files of a load (the page itself asked for in the load's language). */
async function bodies(load: FirstLoad): Promise<{ br: number; gzip: number }> {
  const headers = { 'accept-language': load.locale };
  let br = 0;
  let gzip = 0;
  for (const entry of load.entries) {
    br += await rawBodyBytes(entry.url, 'br', headers);
    gzip += await rawBodyBytes(entry.url, 'gzip', headers);
  }
  return { br, gzip };
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

export async function measureConsoleBytes(
  gateway: BenchGateway,
): Promise<{ section: Section; firstLoads: FirstLoad[] }> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const details: string[] = [];
  const firstLoads: FirstLoad[] = [];
  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  try {
    details.push(
      'Live view, first load per language (KB; wire = brotli with headers as Chromium counts it, then the bodies alone):',
      '',
      '| language | wire | brotli bodies | gzip bodies |',
      '|---|---|---|---|',
    );
    for (const locale of LOCALES) {
      const load = await coldLoad(browser, `${gateway.base}/`, locale);
      firstLoads.push(load);
      const body = await bodies(load);
      details.push(`| ${locale} | ${kb(load.bytes)} | ${kb(body.br)} | ${kb(body.gzip)} |`);
    }
    const heaviest = firstLoads.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    details.push('', `Heaviest first load (${heaviest.locale}):`, '');
    for (const entry of heaviest.entries) {
      details.push(`- ${kb(entry.bytes)} KB ${entry.type} \`${entry.url.replace(gateway.base, '')}\``);
    }

    details.push(
      '',
      'First load of each route (cold, en-US, signed in; KB):',
      '',
      '| route | wire | brotli bodies | gzip bodies |',
      '|---|---|---|---|',
    );
    const routeResults: Result[] = [];
    for (const { path } of consoleRoutes()) {
      const load = await coldLoad(browser, `${gateway.base}${path}`, 'en-US', true);
      const body = await bodies(load);
      details.push(`| \`${path}\` | ${kb(load.bytes)} | ${kb(body.br)} | ${kb(body.gzip)} |`);
      routeResults.push({
        name: `first load of \`${path}\` (en-US, signed in), brotli on the wire`,
        value: load.bytes / KB,
        unit: 'KB',
        budget: { op: '<=', limit: path === '/' ? BUDGET_LIVE_VIEW_KB : BUDGET_OTHER_ROUTE_KB },
      });
    }

    // dist/ssr/ is the gateway's first-paint bundle: run on the gateway, never sent to a browser.
    const served = files(dist).filter((path) => !/\.(br|gz)$/.test(path) && !path.startsWith(ssrDir));
    let wholeBr = 0;
    let wholeGzip = 0;
    for (const path of served) {
      const url = `${gateway.base}/${relative(dist, path).split('\\').join('/')}`;
      wholeBr += await rawBodyBytes(url, 'br');
      wholeGzip += await rawBodyBytes(url, 'gzip');
    }
    details.push(
      '',
      `Whole console: ${served.length} files (every route, all languages): ${kb(wholeBr)} KB brotli, ${kb(wholeGzip)} KB gzip.`,
    );
    return {
      firstLoads,
      section: {
        id: 'bytes',
        title: 'Console bytes',
        details,
        results: [
          {
            name: `live view first load, heaviest language (${heaviest.locale}), brotli on the wire`,
            value: heaviest.bytes / KB,
            unit: 'KB',
            budget: { op: '<=', limit: BUDGET_LIVE_VIEW_KB },
          },
          ...routeResults,
          {
            name: 'whole console, brotli',
            value: wholeBr / KB,
            unit: 'KB',
            budget: { op: '<=', limit: BUDGET_WHOLE_CONSOLE_KB },
          },
          { name: 'whole console, gzip', value: wholeGzip / KB, unit: 'KB' },
        ],
      },
    };
  } finally {
    await browser.close();
  }
}
