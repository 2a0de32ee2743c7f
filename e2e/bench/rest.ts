/**
 * REST throughput and latency of GET /api/livedata/status on loopback (autocannon), alone and with 500
 * live clients connected.
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
function autocannonRun(url: string, durationS: number): Promise<autocannon.Result> {
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

export async function measureRest(gateway: BenchGateway): Promise<Section> {
  const url = `${gateway.base}/api/livedata/status`;
  const details = [
    `autocannon in its own process, ${CONNECTIONS} connections, ${DURATION_S} s each, on the same machine (it shares the cores with the gateway); the live clients run in the bench process. autocannon counts latency in whole milliseconds: 0 ms means under 1 ms.`,
    '',
    '| condition | req/s | p50 | p99 | errors | gateway CPU (% of one core) |',
    '|---|---|---|---|---|---|',
  ];
  const results: Result[] = [];
  // A short warm-up: the first requests of a run compile the route's code.
  await autocannonRun(url, 2);
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
