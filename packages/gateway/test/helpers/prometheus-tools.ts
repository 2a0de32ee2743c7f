/**
 * Prometheus' own tools for tests: `promtool` (metric and rule checks) and a real `prometheus` server on a
 * free loopback port. Both come with Debian's `prometheus` package; tests that need them skip with a
 * clear reason when they are missing.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from './ports';

/** The path of an executable on PATH (or /usr/bin, /usr/sbin), or null. */
export function findBinary(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/sbin', '/usr/local/bin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return null;
}

export const PROMTOOL = findBinary('promtool');
export const PROMETHEUS = findBinary('prometheus');
export const MISSING_PROMETHEUS =
  'promtool/prometheus not found: install Debian\'s "prometheus" package (.ci/run does) to run these tests';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs promtool with `args`, `input` on stdin. */
export function promtool(args: readonly string[], input?: string): ToolRun {
  if (!PROMTOOL) throw new Error(MISSING_PROMETHEUS);
  const run = spawnSync(PROMTOOL, args, { input, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * `promtool check metrics` findings as `<metric> <problem>` lines. promtool prints them on stdout or
 * stderr depending on its version, so both are read.
 */
export function checkMetrics(text: string): string[] {
  const run = promtool(['check', 'metrics'], text);
  return `${run.stdout}\n${run.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export interface PrometheusServer {
  port: number;
  url: string;
  /** An instant query; the `data.result` vector. */
  query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop(): Promise<void>;
}

/** Starts Prometheus on a free loopback port, scraping `targets` (host:port) every second. */
export async function startPrometheus(
  targets: readonly string[],
  metricsPath = '/api/prometheus/metrics',
): Promise<PrometheusServer> {
  if (!PROMETHEUS) throw new Error(MISSING_PROMETHEUS);
  const dir = await mkdtemp(join(tmpdir(), 'dtu-prometheus-'));
  const port = await freePort();
  const config = join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: dtu',
      `    metrics_path: ${metricsPath}`,
      '    static_configs:',
      `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=error',
    ],
    { stdio: 'ignore' },
  );
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    async query(expr) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
      const body = (await response.json()) as { status: string; data?: { result: never[] }; error?: string };
      if (body.status !== 'success')
        throw new Error(`query ${expr} failed: ${body.error ?? response.status}`);
      return body.data?.result ?? [];
    },
    async stop() {
      if (exited === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
