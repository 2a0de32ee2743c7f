/**
 * WebSocket fan-out: 100, 200 and 500 live clients on /livedata (in this process), the bench plant's
 * samples pushed to all of them: p99 from a radio sample to a client's receipt, and the gateway's CPU and
 * RSS meanwhile.
 */
import type { BenchGateway } from './lib/gateway';
import { watchProcess } from './lib/gateway';
import { epochNow, LiveClients, latencySummary, readSamples } from './lib/live-clients';
import type { Result, Section } from './lib/report';
import { MB, sleep } from './lib/stats';

export const FANOUT_CLIENTS = [100, 200, 500] as const;
const WINDOW_MS = Number(process.env.BENCH_FANOUT_MS ?? 30_000);
const BUDGET_P99_MS = 100;

export async function measureFanout(gateway: BenchGateway, sampleLog: string): Promise<Section> {
  const results: Result[] = [];
  const details = [
    `10 inverters polled at 1 Hz; each step holds its clients for ${WINDOW_MS / 1000} s. Latency: radio sample → a client ` +
      "received the inverter's next message (every client counts; one that got none counts as infinitely late).",
    '',
    '| clients | samples × clients | p50 | p99 | max | missed | closed by the gateway | gateway CPU (% of one core) | gateway RSS (max) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const url = `${gateway.base.replace('http', 'ws')}/livedata`;
  for (const count of FANOUT_CLIENTS) {
    const clients = await LiveClients.open(url, count);
    await sleep(3000);
    const watch = watchProcess(gateway.pid);
    const from = epochNow();
    await sleep(WINDOW_MS);
    const usage = watch.stop();
    const to = epochNow() - 1000;
    await sleep(1000);
    const latencies = clients.latencies(readSamples(sampleLog), from, to);
    const summary = latencySummary(latencies);
    details.push(
      `| ${count} | ${latencies.length} | ${summary.p50.toFixed(1)} ms | ${summary.p99.toFixed(1)} ms | ${summary.max.toFixed(1)} ms | ` +
        `${summary.missed} | ${clients.closedByServer} | ${usage.cpuPercent.toFixed(1)} | ${(usage.maxRssBytes / MB).toFixed(1)} MB |`,
    );
    results.push({
      name: `${count} clients, p99 push latency`,
      value: summary.p99,
      unit: 'ms',
      ...(count === 500 ? { budget: { op: '<=' as const, limit: BUDGET_P99_MS } } : {}),
    });
    if (count === 500) {
      results.push(
        { name: '500 clients, gateway CPU', value: usage.cpuPercent, unit: '%' },
        { name: '500 clients, gateway RSS', value: usage.maxRssBytes / MB, unit: 'MB' },
      );
    }
    await clients.close();
    await sleep(1000);
  }
  return { id: 'fanout', title: 'WebSocket fan-out', results, details };
}
