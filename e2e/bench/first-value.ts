/**
 * Time to first value: the first inverter value on screen over an emulated 1 Mbit/s link with 100 ms
 * round trips (median of 5 cold loads per language), against the first load's bytes on that link plus
 * four round trips; and a cached second load under 300 ms on the same link.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';
import type { FirstLoad } from './console-bytes';
import type { BenchGateway } from './lib/gateway';
import type { Result, Section } from './lib/report';
import { median } from './lib/stats';

/** The emulated garden Wi-Fi: 1 Mbit/s both ways, 100 ms round trip. */
const LINK_BYTES_PER_S = 1_000_000 / 8;
const ROUND_TRIP_MS = 100;
const COLD_LOADS = 5;
const BUDGET_CACHED_MS = 300;

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

async function emulatedPage(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: ROUND_TRIP_MS,
    downloadThroughput: LINK_BYTES_PER_S,
    uploadThroughput: LINK_BYTES_PER_S,
  });
  return { context, page };
}

export async function measureFirstValue(
  gateway: BenchGateway,
  firstLoads: readonly FirstLoad[],
): Promise<Section> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const results: Result[] = [];
  const details = [
    `Cold loads at ${(LINK_BYTES_PER_S * 8) / 1e6} Mbit/s and ${ROUND_TRIP_MS} ms round trips (Chromium network emulation), ` +
      `median of ${COLD_LOADS}; bound = first-load bytes on that link + 4 round trips.`,
    '',
    '| language | cold loads (ms) | median | bound | ratio | cached second load |',
    '|---|---|---|---|---|---|',
  ];
  try {
    for (const load of firstLoads) {
      const times: number[] = [];
      let cachedMs = Number.NaN;
      // One load first that is not counted: the gateway's first answers of a run (JIT, file cache) are not
      // what an owner's phone meets on a gateway that has been up for days.
      for (let i = -1; i < COLD_LOADS; i++) {
        const { context, page } = await emulatedPage(browser, load.locale);
        const ms = await timeToFirstValue(page, gateway.base);
        if (i >= 0) times.push(ms);
        if (i === COLD_LOADS - 1) cachedMs = await timeToFirstValue(page, gateway.base);
        await context.close();
      }
      const medianMs = median(times);
      const boundMs = (load.bytes / LINK_BYTES_PER_S) * 1000 + 4 * ROUND_TRIP_MS;
      const ratio = medianMs / boundMs;
      details.push(
        `| ${load.locale} | ${times.map(Math.round).join(', ')} | ${Math.round(medianMs)} | ${Math.round(boundMs)} | ` +
          `${ratio.toFixed(2)} | ${Math.round(cachedMs)} ms |`,
      );
      results.push(
        {
          name: `${load.locale}: median ÷ bound`,
          value: ratio,
          unit: 'ratio',
          budget: { op: '<=', limit: 1 },
        },
        {
          name: `${load.locale}: cached second load`,
          value: cachedMs,
          unit: 'ms',
          budget: { op: '<', limit: BUDGET_CACHED_MS },
        },
      );
    }
  } finally {
    await browser.close();
  }
  return { id: 'first-value', title: 'Time to first value', results, details };
}
