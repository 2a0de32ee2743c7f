/**
 * The owner's install (docs/install.md), measured: `npm run release` packs dtu-console-<version>.tgz;
 * `npm install -g --prefix <empty>` installs it from the npm registry with an empty npm cache, as on a
 * fresh Pi; the installed `dtu-console` starts in a cgroup of 1/8 of one core and 400 MB, which a
 * Pi Zero 2 W's gateway has to spare. Measured: the package's size, the installed size, the install's peak
 * resident memory (all its processes together, sampled every 100 ms: the sum of their proportional sets,
 * in which a page shared by npm and its install scripts counts once; the sum of their RSS is reported
 * beside it), the time from the start to the
 * first live inverter value on /livedata, and the gateway's memory over a window (BENCH_INSTALL_MS,
 * default 10 minutes) with 10 inverters and 5 live clients. better-sqlite3's prebuilt binary, which an
 * owner's install downloads from GitHub, comes from the checkout here (no GitHub from this machine;
 * packages/gateway/test/helpers/prebuilt-binary.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { offerPrebuiltBinary } from '../../packages/gateway/test/helpers/prebuilt-binary';
import { type Cgroup, createCgroup, descendantsOf, pssOf, rssOf } from './lib/cgroup';
import { benchSerial, freePort, root, SIM_START } from './lib/gateway';
import { LiveClients } from './lib/live-clients';
import type { Section } from './lib/report';
import { MB, sleep } from './lib/stats';

const WINDOW_MS = Number(process.env.BENCH_INSTALL_MS ?? 600_000);
const CPU_CORES = 1 / 8;
const MEMORY_LIMIT = 400 * MB;
const BUDGET = { packageMb: 8, installedMb: 60, installRssMb: 250, gatewayRssMb: 150, firstValueMs: 20_000 };
const ADMIN = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Every process of the measured tree: the cgroup's, else the child and what it started. */
function treeOf(child: ChildProcess, group: Cgroup | undefined): number[] {
  return group ? group.pids() : [child.pid as number, ...descendantsOf(child.pid as number)];
}

function group(
  name: string,
  limits: Parameters<typeof createCgroup>[1],
  notes: string[],
): Cgroup | undefined {
  const made = createCgroup(`${name}-${process.pid}`, limits);
  if ('unavailable' in made) {
    notes.push(`**No cgroup for ${name}**: ${made.unavailable}; measured without limits, peak RSS sampled.`);
    return undefined;
  }
  return made;
}

/** ms from now until a /livedata frame brings a reachable inverter with AC values. */
async function untilFirstLiveValue(port: number, child: ChildProcess, startedAt: number): Promise<number> {
  const deadline = startedAt + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dtu-console exited with code ${child.exitCode}`);
    const at = await new Promise<number | undefined>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/livedata`);
      const done = (value: number | undefined) => {
        socket.terminate();
        resolve(value);
      };
      socket.on('error', () => done(undefined));
      socket.on('close', () => done(undefined));
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { inverters?: { reachable?: boolean; AC?: object }[] };
        const inverter = frame.inverters?.[0];
        if (inverter?.reachable && inverter.AC && Object.keys(inverter.AC).length > 0)
          done(performance.now());
      });
    });
    if (at !== undefined) return at - startedAt;
    await sleep(100);
  }
  throw new Error('no live value within 180 s');
}

async function api(port: number, path: string, data?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: data === undefined ? 'GET' : 'POST',
    headers: { authorization: ADMIN, 'content-type': 'application/x-www-form-urlencoded' },
    ...(data === undefined ? {} : { body: new URLSearchParams({ data: JSON.stringify(data) }).toString() }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

export async function measureInstall(): Promise<Section> {
  const work = mkdtempSync(join(tmpdir(), 'dtu-bench-install-'));
  const notes: string[] = [];
  let gateway: ChildProcess | undefined;
  let runGroup: Cgroup | undefined;
  let clients: LiveClients | undefined;
  try {
    // 1. The package, from the build the bench runs on.
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
      .version;
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/release.ts'), '--out', work], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tgz = join(work, `dtu-console-${version}.tgz`);
    const packageBytes = statSync(tgz).size;

    // 2. The install, from the registry with an empty cache.
    const prefix = join(work, 'prefix');
    mkdirSync(prefix);
    offerPrebuiltBinary(prefix);
    const installGroup = group('dtu-bench-install', {}, notes);
    const [command, args] = (
      installGroup?.wrap ?? ((c: string, a: string[]) => [c, a] as [string, string[]])
    )('npm', [
      'install',
      '-g',
      '--prefix',
      prefix,
      tgz,
      '--cache',
      join(work, 'npm-cache'),
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ]);
    const installStarted = performance.now();
    const npm = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    let installPeak = 0;
    let installRssSum = 0;
    const sampler = setInterval(() => {
      const tree = treeOf(npm, installGroup);
      installPeak = Math.max(
        installPeak,
        tree.reduce((sum, pid) => sum + pssOf(pid), 0),
      );
      installRssSum = Math.max(
        installRssSum,
        tree.reduce((sum, pid) => sum + rssOf(pid), 0),
      );
    }, 100);
    await exited(npm);
    clearInterval(sampler);
    const installMs = performance.now() - installStarted;
    const groupPeak = installGroup?.peakBytes();
    installGroup?.remove();
    if (npm.exitCode !== 0) throw new Error(`npm install ended with code ${npm.exitCode}`);
    const installed = join(prefix, 'lib/node_modules/dtu-console');
    const installedKb = Number(execFileSync('du', ['-sk', installed], { encoding: 'utf8' }).split('\t')[0]);

    // 3. The installed dtu-console under the limits of a small gateway.
    runGroup = group('dtu-bench-run', { cpuCores: CPU_CORES, memoryBytes: MEMORY_LIMIT }, notes);
    const port = await freePort();
    const dataDir = join(work, 'data');
    const [runCommand, runArgs] = (
      runGroup?.wrap ?? ((c: string, a: string[]) => [c, a] as [string, string[]])
    )(join(prefix, 'bin/dtu-console'), [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--sim-start',
      SIM_START,
    ]);
    const startedAt = performance.now();
    gateway = spawn(runCommand, runArgs, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
    });
    const firstValueMs = await untilFirstLiveValue(port, gateway, startedAt);

    // 4. Ten inverters at the default poll interval, five live clients, the window.
    for (let i = 2; i < 10; i++)
      await api(port, '/api/inverter/add', { serial: benchSerial(i), name: `Bench ${i}` });
    clients = await LiveClients.open(`ws://127.0.0.1:${port}/livedata`, 5);
    const launcherPid = gateway.pid as number;
    const gatewayPid = () =>
      descendantsOf(launcherPid).find((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/main.js'),
      );
    let gatewayMax = 0;
    let gatewayLast = 0;
    let launcherMax = 0;
    const windowEnd = performance.now() + WINDOW_MS;
    while (performance.now() < windowEnd) {
      await sleep(Math.min(5000, Math.max(0, windowEnd - performance.now())));
      const pid = gatewayPid();
      gatewayLast = pid === undefined ? 0 : rssOf(pid);
      gatewayMax = Math.max(gatewayMax, gatewayLast);
      launcherMax = Math.max(launcherMax, rssOf(launcherPid));
    }
    const open = clients.open;
    const status = (await api(port, '/api/livedata/status')) as { inverters: { reachable: boolean }[] };
    const reachable = status.inverters.filter((inverter) => inverter.reachable).length;

    notes.unshift(
      `The package: ${(packageBytes / MB).toFixed(2)} MB; installed with \`npm install -g --prefix\` from the registry with an empty npm cache in ${(installMs / 1000).toFixed(1)} s` +
        `${installGroup ? ` (${installGroup.description}, no limits; its peak charge with page cache ${((groupPeak ?? 0) / MB).toFixed(0)} MB)` : ''}; ` +
        `peak resident memory ${(installPeak / MB).toFixed(0)} MB as proportional sets, ${(installRssSum / MB).toFixed(0)} MB as the sum of the processes' RSS; ` +
        `better-sqlite3's prebuilt binary offered locally in place of its GitHub download.`,
      `Started \`dtu-console\` (the launcher, then the gateway) in ${runGroup?.description ?? 'no cgroup'}; the first live value is the first /livedata frame with a reachable inverter's AC values (sim start ${SIM_START}).`,
      `Then 10 inverters at the default poll interval and 5 live clients for ${WINDOW_MS / 60_000} min: gateway RSS sampled every 5 s, ${(gatewayLast / MB).toFixed(1)} MB at the end; the launcher beside it at most ${(launcherMax / MB).toFixed(1)} MB; ${reachable} of 10 inverters reachable, ${open} of 5 clients still open.`,
    );
    return {
      id: 'install',
      title: 'Owner’s install',
      details: notes,
      results: [
        {
          name: 'package size (.tgz)',
          value: packageBytes / MB,
          unit: 'MB',
          budget: { op: '<=', limit: BUDGET.packageMb },
        },
        {
          name: 'installed size, dependencies included',
          value: installedKb / 1024,
          unit: 'MB',
          budget: { op: '<=', limit: BUDGET.installedMb },
        },
        {
          name: 'peak resident memory of the install (PSS, all its processes)',
          value: installPeak / MB,
          unit: 'MB',
          budget: { op: '<=', limit: BUDGET.installRssMb },
        },
        {
          name: `gateway RSS over ${WINDOW_MS / 60_000} min, 10 inverters + 5 clients (highest)`,
          value: gatewayMax / MB,
          unit: 'MB',
          budget: { op: '<=', limit: BUDGET.gatewayRssMb },
        },
        {
          name: 'start to first live value at 1/8 core',
          value: firstValueMs,
          unit: 'ms',
          budget: { op: '<=', limit: BUDGET.firstValueMs },
        },
        {
          name: 'inverters reachable at the end',
          value: reachable,
          unit: 'count',
          budget: { op: '>=', limit: 10 },
        },
      ],
    };
  } finally {
    await clients?.close();
    if (gateway && gateway.exitCode === null) {
      gateway.kill('SIGTERM');
      const timer = setTimeout(() => gateway?.kill('SIGKILL'), 15_000);
      await exited(gateway);
      clearTimeout(timer);
    }
    // The launcher's gateway ends with it; the group is empty a moment later.
    for (let i = 0; i < 50 && runGroup && runGroup.pids().length > 0; i++) await sleep(100);
    try {
      runGroup?.remove();
    } catch (error) {
      console.error(`bench: the cgroup could not be removed: ${(error as Error).message}`);
    }
    rmSync(work, { recursive: true, force: true });
  }
}
