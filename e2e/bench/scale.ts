/**
 * The `scale` part: one gateway per plant size (10, 50, 100 simulated HM-1500s with 4 strings each, polled
 * as fast as the DTU allows) and what each cost: gateway CPU and RSS with 100 live clients, WebSocket push
 * p99 to those clients, REST summary throughput, the live view's render time in Chromium, and the history
 * database's growth per day. Budgets: RSS ≤ 200 MB and push p99 ≤ 100 ms at 100 inverters, and every cost
 * growing at most linearly with the inverter count (cost at 100 / cost at 10 ≤ 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { INVERTER_CHANNEL, type MinuteRow } from '../../packages/gateway/src/history/minutes';
import { HistoryStore } from '../../packages/gateway/src/history/store';
import { CHROMIUM_ARGS, findChromium } from '../chromium';
import { type BenchGateway, benchSerial, startGateway, watchProcess } from './lib/gateway';
import { epochNow, LiveClients, latencySummary, readSamples } from './lib/live-clients';
import type { Result, Section } from './lib/report';
import { MB, median, sleep } from './lib/stats';
import { autocannonRun } from './rest';

export const SCALE_SIZES = [10, 50, 100] as const;
const CLIENTS = 100;
const STRINGS = 4;
const WARMUP_MS = Number(process.env.BENCH_SCALE_WARMUP_MS ?? 20_000);
const WINDOW_MS = Number(process.env.BENCH_SCALE_MS ?? 30_000);
const REST_S = Number(process.env.BENCH_SCALE_REST_S ?? 5);
const BUDGET_RSS_MB = 200;
const BUDGET_PUSH_P99_MS = 100;
/**
 * Linear growth from 10 to 100 inverters: a ratio of 10, and 5 % for granularity that is not load (SQLite
 * pages and one more B-tree level, the heap's and the socket buffers' steps).
 */
const BUDGET_RATIO = 10 * 1.05;
const DAY_S = 86_400;

interface Measured {
  inverters: number;
  cpuPercent: number;
  rssMb: number;
  pushP50: number;
  pushP99: number;
  pushMissed: number;
  restRps: number;
  renderMs: number;
  historyBytesPerDay: number;
}

/** The plant: the first start's two inverters replaced by `count` HM-1500s, polled every second. */
async function configure(gateway: BenchGateway, count: number): Promise<void> {
  for (const id of [0, 1]) await gateway.post('/api/inverter/del', { id });
  for (let i = 0; i < count; i++) {
    await gateway.post('/api/inverter/add', { serial: benchSerial(i), name: `Bench ${i}` });
  }
  const dtu = (await gateway.get('/api/dtu/config')) as Record<string, unknown>;
  const { country_def: _countries, ...settings } = dtu;
  await gateway.post('/api/dtu/config', { ...settings, pollinterval: 1 });
}

/** ms from navigation start until the selector shows every inverter; the median of three loads. */
async function renderTime(gateway: BenchGateway, count: number): Promise<number> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${gateway.base}/`);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[role="tablist"] [role="tab"]').length >= n,
        count,
        { polling: 'raf', timeout: 30_000 },
      );
      times.push(await page.evaluate(() => performance.now()));
    }
    return median(times);
  } finally {
    await browser.close();
  }
}

/**
 * Bytes one day adds to the history database: a day of 1-minute rows (inverter + strings, night minutes
 * as 0 W, as the service stores them) and the day's energy, written through the store's own path.
 */
function historyGrowthPerDay(count: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'dtu-bench-history-'));
  const store = new HistoryStore(join(dir, 'history.sqlite'));
  try {
    const serials = Array.from({ length: count }, (_, i) => benchSerial(i));
    const channels = [INVERTER_CHANNEL, ...Array.from({ length: STRINGS }, (_, c) => c)];
    const start = Math.floor(Date.UTC(2026, 5, 1) / 1000);
    const writeDay = (d: number) => {
      const dayStart = start + d * DAY_S;
      const minutes: MinuteRow[] = [];
      for (const [i, serial] of serials.entries()) {
        for (const channel of channels) {
          for (let t = dayStart; t < dayStart + DAY_S; t += 60) {
            const hour = (t % DAY_S) / 3600;
            const sun = Math.max(0, Math.sin(((hour - 5) / 15) * Math.PI));
            minutes.push({ serial, channel, t, w: Math.round(sun * (300 + i + channel) * 10) / 10, s: 60 });
          }
        }
      }
      const day = 20260601 + d;
      store.write({
        minutes,
        days: serials.flatMap((serial) => channels.map((channel) => ({ serial, channel, day, wh: 2000 }))),
      });
      store.checkpoint();
    };
    // The first day pays for the file's fixed overhead; the growth is what further days add.
    writeDay(0);
    const after1 = store.sizeBytes();
    writeDay(1);
    writeDay(2);
    return (store.sizeBytes() - after1) / 2;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureSize(count: number): Promise<Measured> {
  const sampleLog = join(tmpdir(), `dtu-bench-scale-${process.pid}-${count}.log`);
  const gateway = await startGateway({ env: { BENCH_SAMPLE_LOG: sampleLog } });
  let clients: LiveClients | undefined;
  try {
    await configure(gateway, count);
    await sleep(WARMUP_MS);
    clients = await LiveClients.open(`${gateway.base.replace('http', 'ws')}/livedata`, CLIENTS);
    await sleep(3000);
    const watch = watchProcess(gateway.pid);
    const from = epochNow();
    await sleep(WINDOW_MS);
    const usage = watch.stop();
    const to = epochNow() - 1000;
    await sleep(1000);
    const push = latencySummary(clients.latencies(readSamples(sampleLog), from, to));
    await clients.close();
    clients = undefined;
    const rest = await autocannonRun(`${gateway.base}/api/livedata/status`, REST_S);
    const renderMs = await renderTime(gateway, count);
    return {
      inverters: count,
      cpuPercent: usage.cpuPercent,
      rssMb: usage.maxRssBytes / MB,
      pushP50: push.p50,
      pushP99: push.p99,
      pushMissed: push.missed,
      restRps: rest.requests.average,
      renderMs,
      historyBytesPerDay: historyGrowthPerDay(count),
    };
  } finally {
    await clients?.close();
    await gateway.stop();
    rmSync(sampleLog, { force: true });
  }
}

export async function measureScale(): Promise<Section> {
  const measured: Measured[] = [];
  for (const count of SCALE_SIZES) {
    console.log(`  scale: ${count} inverters…`);
    measured.push(await measureSize(count));
  }
  const small = measured[0] as Measured;
  const large = measured.at(-1) as Measured;
  const details = [
    `One fresh gateway per size: HM-1500s (${STRINGS} strings) on the simulated radio, poll interval 1 s (a round of ` +
      `polls then takes the radio time it needs: 100 × 500 ms at 100 inverters), ${WARMUP_MS / 1000} s warm-up, then ` +
      `${CLIENTS} live clients for ${WINDOW_MS / 1000} s (CPU, RSS, push latency: radio sample → a client received the ` +
      `inverter's next message), then GET /api/livedata/status with autocannon for ${REST_S} s, then the live view in ` +
      'Chromium (navigation start → the selector lists every inverter, median of 3 loads). History: bytes a day of ' +
      '1-minute rows and day energies adds to the database, written through the store in this process.',
    '',
    '| inverters | CPU (% of one core) | RSS | push p50 | push p99 | missed | REST summary req/s | render | history per day |',
    '|---|---|---|---|---|---|---|---|---|',
    ...measured.map(
      (m) =>
        `| ${m.inverters} | ${m.cpuPercent.toFixed(1)} | ${m.rssMb.toFixed(1)} MB | ${m.pushP50.toFixed(1)} ms | ` +
        `${m.pushP99.toFixed(1)} ms | ${m.pushMissed} | ${Math.round(m.restRps)} | ${m.renderMs.toFixed(0)} ms | ` +
        `${(m.historyBytesPerDay / 1024).toFixed(0)} KiB |`,
    ),
    '',
    'Ratios 100 / 10 are of costs: for the REST summary the time per request (10-inverter req/s ÷ 100-inverter req/s). ' +
      `Linear growth is a ratio of 10; the budget is ${BUDGET_RATIO.toFixed(1)} (5 % for page, index and heap granularity).`,
  ];
  const ratio = (name: string, a: number, b: number): Result => ({
    name: `${name}, cost ratio 100 / 10`,
    value: b / a,
    unit: 'ratio',
    budget: { op: '<=', limit: BUDGET_RATIO },
  });
  const results: Result[] = [
    {
      name: 'RSS at 100 inverters',
      value: large.rssMb,
      unit: 'MB',
      budget: { op: '<=', limit: BUDGET_RSS_MB },
    },
    {
      name: `push p99 at 100 inverters, ${CLIENTS} clients`,
      value: large.pushP99,
      unit: 'ms',
      budget: { op: '<=', limit: BUDGET_PUSH_P99_MS },
    },
    { name: 'CPU at 100 inverters', value: large.cpuPercent, unit: '%' },
    { name: 'REST summary at 100 inverters', value: large.restRps, unit: 'req/s' },
    { name: 'live view render at 100 inverters', value: large.renderMs, unit: 'ms' },
    { name: 'history growth per day at 100 inverters', value: large.historyBytesPerDay / MB, unit: 'MB' },
    ratio('CPU', small.cpuPercent, large.cpuPercent),
    ratio('RSS', small.rssMb, large.rssMb),
    ratio('push p99', small.pushP99, large.pushP99),
    ratio('REST summary', 1 / small.restRps, 1 / large.restRps),
    ratio('live view render', small.renderMs, large.renderMs),
    ratio('history growth', small.historyBytesPerDay, large.historyBytesPerDay),
  ];
  return { id: 'scale', title: 'Scale (10 / 50 / 100 inverters)', results, details };
}
