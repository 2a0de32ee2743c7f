/**
 * REST throughput and latency of GET /api/livedata/status on loopback (autocannon): the summary of all
 * inverters and one inverter in detail (`?inv=`), each alone and with 500 live clients connected.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type autocannon from 'autocannon';
import type { BenchGateway } from './lib/gateway';
import { watchProcess } from './lib/gateway';
import { LiveClients } from './lib/live-clients';
import type { Result, Section } from './lib/report';
import { sleep } from './lib/stats';

const DURATION_S = Number(process.env.BENCH_REST_S ?? 10);
const CONNECTIONS = 10;
const BUDGET_RPS = 8000;
const BUDGET_P99_MS = 10;

const cli = join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

/** autocannon in its own process, as a real client would be, not in the bench's event loop. */
export function autocannonRun(url: string, durationS: number): Promise<autocannon.Result> {
  const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(durationS), url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as autocannon.Result);
    });
  });
}

async function run(url: string) {
  const result = await autocannonRun(url, DURATION_S);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The two answers pollers ask for: the list of all inverters, and one inverter in detail. */
interface Endpoint {
  label: string;
  url: string;
}

export async function measureRest(gateway: BenchGateway): Promise<Section> {
  const list = `${gateway.base}/api/livedata/status`;
  // The first inverter of the plant, as the console asks for it first.
  const status = (await gateway.get('/api/livedata/status')) as { inverters: { serial: string }[] };
  const serial = status.inverters[0]?.serial;
  if (!serial) throw new Error('the bench plant has no inverter');
  const endpoints: Endpoint[] = [
    { label: 'summary', url: list },
    { label: 'detail', url: `${list}?inv=${serial}` },
  ];
  const details = [
    `autocannon in its own process, ${CONNECTIONS} connections, ${DURATION_S} s each, on the same machine (it shares the cores with the gateway); the live clients run in the bench process. autocannon counts latency in whole milliseconds: 0 ms means under 1 ms. The summary is the list of all inverters; the detail is \`?inv=${serial}\`.`,
    '',
    '| answer | condition | req/s | p50 | p99 | errors | gateway CPU (% of one core) |',
    '|---|---|---|---|---|---|---|',
  ];
  const results: Result[] = [];
  // A short warm-up: the first requests of a run compile the route's code.
  for (const endpoint of endpoints) await autocannonRun(endpoint.url, 2);
  for (const withClients of [false, true]) {
    const clients = withClients
      ? await LiveClients.open(`${gateway.base.replace('http', 'ws')}/livedata`, 500)
      : null;
    if (clients) await sleep(2000);
    const condition = withClients ? 'with 500 live clients' : 'alone';
    for (const endpoint of endpoints) {
      const watch = watchProcess(gateway.pid);
      const measured = await run(endpoint.url);
      const usage = watch.stop();
      details.push(
        `| ${endpoint.label} | ${condition} | ${Math.round(measured.rps)} | ${measured.p50} ms | ${measured.p99} ms | ${measured.errors} | ${usage.cpuPercent.toFixed(1)} |`,
      );
      // The summary keeps its result names from before the detail was measured.
      const label = endpoint.label === 'summary' ? condition : `${endpoint.label} ${condition}`;
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
    }
    await clients?.close();
  }
  return { id: 'rest', title: 'REST GET /api/livedata/status (summary and ?inv= detail)', results, details };
}
