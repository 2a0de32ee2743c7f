/**
 * REST throughput and latency of GET /api/livedata/status on loopback (autocannon), alone and with 500
 * live clients connected.
 */
import autocannon from 'autocannon';
import type { BenchGateway } from './lib/gateway';
import { watchProcess } from './lib/gateway';
import { LiveClients } from './lib/live-clients';
import type { Result, Section } from './lib/report';
import { sleep } from './lib/stats';

const DURATION_S = Number(process.env.BENCH_REST_S ?? 10);
const CONNECTIONS = 10;
const BUDGET_RPS = 8000;
const BUDGET_P99_MS = 10;

async function run(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export async function measureRest(gateway: BenchGateway): Promise<Section> {
  const url = `${gateway.base}/api/livedata/status`;
  const details = [
    `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, from this process (it shares the machine's cores with the gateway).`,
    '',
    '| condition | req/s | p50 | p99 | errors | gateway CPU (% of one core) |',
    '|---|---|---|---|---|---|',
  ];
  const results: Result[] = [];
  // A short warm-up: the first requests of a run compile the route's code.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  for (const withClients of [false, true]) {
    const clients = withClients
      ? await LiveClients.open(`${gateway.base.replace('http', 'ws')}/livedata`, 500)
      : null;
    if (clients) await sleep(2000);
    const watch = watchProcess(gateway.pid);
    const measured = await run(url);
    const usage = watch.stop();
    const label = withClients ? 'with 500 live clients' : 'alone';
    details.push(
      `| ${label} | ${Math.round(measured.rps)} | ${measured.p50} ms | ${measured.p99} ms | ${measured.errors} | ${usage.cpuPercent.toFixed(1)} |`,
    );
    results.push(
      {
        name: `${label}: throughput`,
        value: measured.rps,
        unit: 'req/s',
        budget: { op: '>=', limit: BUDGET_RPS },
      },
      { name: `${label}: p99`, value: measured.p99, unit: 'ms', budget: { op: '<', limit: BUDGET_P99_MS } },
    );
    if (measured.errors > 0)
      results.push({
        name: `${label}: errors`,
        value: measured.errors,
        unit: 'count',
        budget: { op: '<=', limit: 0 },
      });
    await clients?.close();
  }
  return { id: 'rest', title: 'REST GET /api/livedata/status', results, details };
}
