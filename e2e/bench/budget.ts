/**
 * `npm run bench`: measures the console's weight as bytes on the wire, the way the gateway serves it
 * (brotli), against the project's size budgets:
 * - first load of the live view (HTML + JS + CSS + fonts) ≤ 108 KB, measured in real Chromium;
 * - the whole console, every file of every route and all three languages, ≤ 216 KB;
 * - time to first value: the first inverter value on screen over an emulated 1 Mbit/s link with 100 ms
 *   round trips (median of 5 cold loads per language), at most the first load's bytes on that link plus
 *   four round trips; and a cached second load under 300 ms on the same link.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';

const KB = 1024;
const BUDGET_FIRST_LOAD = 108 * KB;
const BUDGET_WHOLE_CONSOLE = 216 * KB;
/** The emulated garden Wi-Fi: 1 Mbit/s both ways, 100 ms round trip. */
const LINK_BYTES_PER_S = 1_000_000 / 8;
const ROUND_TRIP_MS = 100;
const COLD_LOADS = 5;
const BUDGET_CACHED_MS = 300;
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'packages/web/dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the gateway did not answer ${url} within 60 s`);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Body bytes as sent (fetch would decompress them), asking for brotli like a browser. */
function rawBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Milliseconds from navigation start until the first inverter value (a channel field) is on screen. */
async function timeToFirstValue(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const field = document.querySelector('.channel-fields dd');
      return field && /\d/.test(field.textContent ?? '') ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function main(): Promise<void> {
  execFileSync('node', [join(root, 'scripts/ensure-console-build.mjs')], { stdio: 'inherit' });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dtu-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const gateway = spawn(
    'node',
    [
      '--import',
      'tsx',
      'packages/gateway/src/main.ts',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      // Midsummer noon: the plant produces, so there is a first value to wait for.
      '--sim-start',
      '2026-06-21T12:00:00+02:00',
    ],
    { cwd: root, stdio: 'ignore', env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' } },
  );
  try {
    await waitFor(`${base}/api/system/status`, gateway);

    // 1. First load of the live view in Chromium, once per language (each language is its own chunk):
    //    the encoded bytes of document, scripts, styles and fonts.
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const firstLoads: {
      locale: string;
      bytes: number;
      entries: { url: string; type: string; bytes: number }[];
    }[] = [];
    for (const locale of ['en-US', 'de-DE', 'fr-FR']) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const types = new Map<string, string>();
      const urls = new Map<string, string>();
      const entries: { url: string; type: string; bytes: number }[] = [];
      cdp.on('Network.responseReceived', (event) => {
        types.set(event.requestId, event.type);
        urls.set(event.requestId, event.response.url);
      });
      cdp.on('Network.loadingFinished', (event) => {
        const type = types.get(event.requestId) ?? 'Other';
        if (['Document', 'Script', 'Stylesheet', 'Font'].includes(type)) {
          entries.push({ url: urls.get(event.requestId) ?? '?', type, bytes: event.encodedDataLength });
        }
      });
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await context.close();
      firstLoads.push({ locale, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), entries });
    }

    // 3. Time to first value on the emulated link: cold loads (a fresh context has an empty cache), then
    //    one cached second load in the same context. Measured in the page from navigation start.
    const ttfv: { locale: string; medianMs: number; boundMs: number; cachedMs: number }[] = [];
    for (const load of firstLoads) {
      const times: number[] = [];
      let cachedMs = Number.NaN;
      // One load first that is not counted: the gateway's first answers of a run (JIT, file cache) are not
      // what an owner's phone meets on a gateway that has been up for days.
      for (let i = -1; i < COLD_LOADS; i++) {
        const context = await browser.newContext({ locale: load.locale });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: ROUND_TRIP_MS,
          downloadThroughput: LINK_BYTES_PER_S,
          uploadThroughput: LINK_BYTES_PER_S,
        });
        const ms = await timeToFirstValue(page, base);
        if (i >= 0) times.push(ms);
        if (i === COLD_LOADS - 1) cachedMs = await timeToFirstValue(page, base);
        await context.close();
      }
      times.sort((a, b) => a - b);
      ttfv.push({
        locale: load.locale,
        medianMs: times[Math.floor(times.length / 2)] as number,
        boundMs: (load.bytes / LINK_BYTES_PER_S) * 1000 + 4 * ROUND_TRIP_MS,
        cachedMs,
      });
    }
    await browser.close();
    const heaviest = firstLoads.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const firstLoadBytes = heaviest.bytes;
    const firstLoad = heaviest.entries;

    // 2. The whole console: every built file as the gateway serves it to a brotli-capable browser.
    let wholeBytes = 0;
    const served = files(dist).filter((path) => !/\.(br|gz)$/.test(path));
    for (const path of served) {
      const url = `${base}/${relative(dist, path).split('\\').join('/')}`;
      wholeBytes += await rawBodyBytes(url);
    }

    for (const load of firstLoads) console.log(`First load in ${load.locale}: ${kb(load.bytes)}`);
    console.log(`\nHeaviest first load (${heaviest.locale}), bytes on the wire with headers:`);
    for (const entry of firstLoad)
      console.log(
        `  ${kb(entry.bytes).padStart(9)}  ${entry.type.padEnd(10)} ${entry.url.replace(base, '')}`,
      );
    const results = [
      {
        name: 'first load of the live view (heaviest language)',
        bytes: firstLoadBytes,
        budget: BUDGET_FIRST_LOAD,
      },
      {
        name: `whole console (${served.length} files, all routes and languages)`,
        bytes: wholeBytes,
        budget: BUDGET_WHOLE_CONSOLE,
      },
    ];
    console.log('');
    for (const result of results) {
      const verdict = result.bytes <= result.budget ? 'ok' : 'OVER BUDGET';
      console.log(`${result.name}: ${kb(result.bytes)} of ${kb(result.budget)} — ${verdict}`);
    }
    let failed = results.some((result) => result.bytes > result.budget);
    console.log('\nTime to first value at 1 Mbit/s, 100 ms round trip (median of 5 cold loads):');
    for (const result of ttfv) {
      const ratio = result.medianMs / result.boundMs;
      const cachedOk = result.cachedMs < BUDGET_CACHED_MS;
      failed ||= ratio > 1 || !cachedOk;
      console.log(
        `  ${result.locale}: ${Math.round(result.medianMs)} ms of ${Math.round(result.boundMs)} ms bound ` +
          `(ratio ${ratio.toFixed(2)}) — ${ratio <= 1 ? 'ok' : 'TOO SLOW'}; cached second load ` +
          `${Math.round(result.cachedMs)} ms of ${BUDGET_CACHED_MS} ms — ${cachedOk ? 'ok' : 'TOO SLOW'}`,
      );
    }
    if (failed) process.exitCode = 1;
  } finally {
    gateway.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
