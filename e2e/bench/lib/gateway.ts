/** Starting a real gateway process for the bench, configuring it over its API, and watching its CPU and RSS. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GATEWAY_NODE_FLAGS,
  GATEWAY_PROCESS_ENV,
  gatewayEntry,
} from '../../../packages/gateway/src/system/node-process';
import { freePort as anyFreePort } from '../../../packages/gateway/test/helpers/ports';

export const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Midsummer noon: the simulated plant produces whatever the hour of the bench run. */
export const SIM_START = '2026-06-21T12:00:00+02:00';
const ADMIN = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

let nextPinnedPort = Number(process.env.BENCH_PORT_BASE ?? 0);

/** A free loopback port, or the next of BENCH_PORT_BASE, BENCH_PORT_BASE + 1, … when that is set. */
export function freePort(): Promise<number> {
  return nextPinnedPort > 0 ? Promise.resolve(nextPinnedPort++) : anyFreePort();
}

export interface ProcessUsage {
  /** User + system CPU time so far, ms. */
  cpuMs: number;
  rssBytes: number;
}

const CLOCK_TICKS_PER_S = 100;

/** CPU time and resident memory of a process, from /proc (Linux). */
export function processUsage(pid: number): ProcessUsage {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_S, rssBytes: rssKb * 1024 };
}

/** Samples a process once a second: CPU in % of one core over the window and the highest RSS. */
export function watchProcess(pid: number): { stop(): { cpuPercent: number; maxRssBytes: number } } {
  const start = processUsage(pid);
  const startedAt = performance.now();
  let maxRss = start.rssBytes;
  const timer = setInterval(() => {
    maxRss = Math.max(maxRss, processUsage(pid).rssBytes);
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      const end = processUsage(pid);
      maxRss = Math.max(maxRss, end.rssBytes);
      const wallMs = performance.now() - startedAt;
      return { cpuPercent: ((end.cpuMs - start.cpuMs) / wallMs) * 100, maxRssBytes: maxRss };
    },
  };
}

export interface BenchGateway {
  base: string;
  port: number;
  pid: number;
  dataDir: string;
  /** POSTs `data=<json>` as the admin, like the console; throws unless the answer is a success. */
  post(path: string, data: unknown): Promise<unknown>;
  get(path: string): Promise<unknown>;
  stop(): Promise<void>;
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

/** The real gateway, run as `npm start` runs it (its bundle), on a throw-away data directory. */
export async function startGateway(
  options: { env?: Record<string, string>; args?: string[] } = {},
): Promise<BenchGateway> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dtu-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    'node',
    [
      // Started as the launcher (gateway/src/launcher/main.ts) starts it (npm start).
      ...GATEWAY_NODE_FLAGS,
      // BENCH_CPU_PROF=1: a V8 CPU profile of each gateway, written when it stops (open it in Chrome's DevTools).
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'e2e/bench/out/profiles')}`]
        : []),
      ...gatewayEntry(root),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--sim-start',
      SIM_START,
      ...(options.args ?? []),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...GATEWAY_PROCESS_ENV, ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...options.env },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(`${base}/api/system/status`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: ADMIN, ...(init.headers as Record<string, string>) },
    });
    const body = (await response.json()) as { type?: string; message?: string };
    if (!response.ok || body.type === 'danger' || body.type === 'warning') {
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
    }
    return body;
  };
  return {
    base,
    port,
    pid: child.pid as number,
    dataDir,
    get: (path) => request(path),
    post: (path, data) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
      }),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timeout);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** HM-300-class serials beside the two first-start inverters: nRF answers come at once, no frequency search. */
export function benchSerial(index: number): string {
  return `1161000001${String(index).padStart(2, '0')}`;
}

/**
 * The bench plant: `count` simulated inverters (the two of a first start plus HM-300s) at poll interval 1 s,
 * the DTU's fastest: the polling rounds then follow each other as fast as the radio allows (docs/scale.md).
 */
export async function configurePlant(gateway: BenchGateway, count: number): Promise<void> {
  for (let i = 2; i < count; i++) {
    await gateway.post('/api/inverter/add', { serial: benchSerial(i), name: `Bench ${i}` });
  }
  const dtu = (await gateway.get('/api/dtu/config')) as Record<string, unknown>;
  const { country_def: _countries, ...settings } = dtu;
  await gateway.post('/api/dtu/config', { ...settings, pollinterval: 1 });
}
