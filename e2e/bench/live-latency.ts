/**
 * Live update latency: from a radio sample (the gateway logs when the live model takes it, BENCH_SAMPLE_LOG)
 * to the console's DOM showing it, in real Chromium on the live view, with the bench plant of 10 inverters
 * polled at 1 Hz. The page notes when each /livedata message arrived (a wrapped WebSocket) and when the
 * totals or the shown inverter's fields changed (a MutationObserver).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../chromium';
import type { BenchGateway } from './lib/gateway';
import { epochNow, readSamples } from './lib/live-clients';
import type { Section } from './lib/report';
import { percentile, sleep } from './lib/stats';

const WINDOW_MS = Number(process.env.BENCH_LATENCY_MS ?? 60_000);
const BUDGET_P99_MS = 50;

/**
 * Runs in the page before the console: notes each /livedata message (a wrapped WebSocket whose listener,
 * added in the constructor, runs before the console's own) and each DOM change of a shown value.
 * A string, so the bench's TypeScript loader adds no helpers the page does not have.
 */
const PAGE_PROBE = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__bench = { messages: [], changes: [] };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        const match = typeof event.data === 'string' ? /"serial":"(\\w+)"/.exec(event.data) : null;
        if (match) window.__bench.messages.push([match[1], now()]);
      });
    }
  };
  new MutationObserver((records) => {
    const shown = records.some((record) => {
      const node = record.target.nodeType === Node.TEXT_NODE ? record.target.parentElement : record.target;
      return Boolean(node && node.closest && node.closest('.totals, .channel-fields'));
    });
    if (shown) window.__bench.changes.push(now());
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

declare global {
  interface Window {
    /** [serial, epoch ms] of each message, and epoch ms of each DOM change of a shown value. */
    __bench: { messages: [string, number][]; changes: number[] };
  }
}

export async function measureLiveLatency(gateway: BenchGateway, sampleLog: string): Promise<Section> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    await page.goto(`${gateway.base}/`);
    await page.locator('.channel-fields dd').first().waitFor();
    await sleep(2000);
    const from = epochNow();
    await sleep(WINDOW_MS);
    const to = epochNow() - 2000;
    const { messages, changes } = await page.evaluate(() => window.__bench);
    await context.close();

    const toDom: number[] = [];
    const toSocket: number[] = [];
    let unchanged = 0;
    let missed = 0;
    const samples = readSamples(sampleLog).filter((sample) => sample.at >= from && sample.at <= to);
    for (const sample of samples) {
      const index = messages.findIndex(([serial, at]) => serial === sample.serial && at >= sample.at);
      const message = messages[index];
      if (!message || message[1] - sample.at > 5000) {
        missed++;
        toDom.push(Number.POSITIVE_INFINITY);
        continue;
      }
      toSocket.push(message[1] - sample.at);
      const nextMessageAt = messages[index + 1]?.[1] ?? Number.POSITIVE_INFINITY;
      const change = changes.find((at) => at >= message[1] && at < nextMessageAt);
      // A sample that changed no shown digit (same rounded total) has nothing to time on screen.
      if (change === undefined) unchanged++;
      else toDom.push(change - sample.at);
    }
    const shownSamples = toDom.length;
    return {
      id: 'live-latency',
      title: 'Live update latency (radio sample → DOM)',
      details: [
        `10 simulated inverters polled at 1 Hz, the live view open in Chromium for ${WINDOW_MS / 1000} s: ` +
          `${samples.length} samples, ${shownSamples} timed on screen, ${unchanged} changed no shown value, ${missed} never arrived.`,
        `Sample → message at the page: p50 ${percentile(toSocket, 50).toFixed(1)} ms, p99 ${percentile(toSocket, 99).toFixed(1)} ms.`,
      ],
      results: [
        { name: 'p50', value: percentile(toDom, 50), unit: 'ms' },
        { name: 'p99', value: percentile(toDom, 99), unit: 'ms', budget: { op: '<=', limit: BUDGET_P99_MS } },
      ],
    };
  } finally {
    await browser.close();
  }
}
