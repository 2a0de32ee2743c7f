/**
 * `npm start`, and `dtu-console` of the owner's npm package: the launcher (docs/releases.md). Starts the
 * newest installed release that is pending or last came up healthy, else the installation itself (the
 * source checkout or the package); a start that does not answer within a minute is
 * stopped and the previous one started instead. When the gateway ends on its own (a restart into a newly
 * installed release, or --reboot-exits), the choice is made again (`release-choice.ts`). Arguments go to
 * the gateway unchanged. Bundled to dist/launcher.js (build.mjs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { OptionsError, parseOptions } from '../options';
import { LAUNCHER_ENV, RELEASE_ENV, readReleaseState } from '../release/state';
import { installationId } from '../system/build-info';
import { GATEWAY_NODE_FLAGS, GATEWAY_PROCESS_ENV, gatewayEntry } from '../system/node-process';
import { exitIfPortInUse } from '../system/port-in-use';
import { healthUrl, probe } from './health';
import { candidates, folderOf, forgetFailed, forPackage, promote } from './release-choice';

/** How long a new start may take to answer before it counts as failed. */
const HEALTH_TIMEOUT_MS = Number(process.env.DTU_CONSOLE_HEALTH_TIMEOUT_MS ?? 60_000);
const HEALTH_POLL_MS = 500;
const STOP_GRACE_MS = 5000;

const args = process.argv.slice(2);
let options: ReturnType<typeof parseOptions>;
try {
  options = parseOptions(args, process.env);
} catch (error) {
  if (!(error instanceof OptionsError)) throw error;
  (error.exitCode === 0 ? process.stdout : process.stderr).write(`${error.message.trimEnd()}\n`);
  process.exit(error.exitCode);
}
const { dataDir } = options;
// The gateway runs in the release's folder: a relative data directory must keep meaning the same place.
const gatewayArgs = [...withoutDataDir(args), '--data-dir', dataDir];
// Over HTTPS when the gateway serves it (health.ts).
const statusUrl = healthUrl(options);

let child: ChildProcess | undefined;
let stopping = false;
/**
 * Ctrl-C reaches the whole process group, the gateway included, and a second signal would make it skip
 * its orderly shutdown: pass a signal on only when the gateway has not ended on its own a while later
 * (it was sent to the launcher alone).
 */
const SIGNAL_FORWARD_MS = 3000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    const target = child;
    setTimeout(() => {
      if (target && target.exitCode === null && target.signalCode === null) target.kill(signal);
    }, SIGNAL_FORWARD_MS).unref();
  });
}

function withoutDataDir(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const arg = list[i] as string;
    if (arg === '--data-dir') i++;
    else if (!arg.startsWith('--data-dir=')) out.push(arg);
  }
  return out;
}

function start(release: string | null): ChildProcess {
  console.log(`[launcher] starting ${release ?? 'the source checkout'}`);
  const folder = folderOf(dataDir, release);
  return spawn(process.execPath, [...GATEWAY_NODE_FLAGS, ...gatewayEntry(folder), ...gatewayArgs], {
    cwd: folder,
    stdio: 'inherit',
    env: { ...GATEWAY_PROCESS_ENV, ...process.env, [LAUNCHER_ENV]: '1', [RELEASE_ENV]: release ?? '' },
  });
}

const exited = (proc: ChildProcess) =>
  new Promise<number>((resolve) => {
    if (proc.exitCode !== null) resolve(proc.exitCode);
    else proc.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/**
 * Resolves true once the gateway answers, false when it exits first or the minute passes. The last
 * candidate has nothing to fall back to: it gets all the time it needs.
 */
async function healthy(proc: ChildProcess, last: boolean): Promise<boolean> {
  if (options.port === 0) return true; // nothing to poll: trust it
  let ended = false;
  void exited(proc).then(() => {
    ended = true;
  });
  const deadline = last ? Number.POSITIVE_INFINITY : Date.now() + HEALTH_TIMEOUT_MS;
  while (!ended && !stopping && Date.now() < deadline) {
    const status = await probe(statusUrl, 2000);
    // Any answer from our HTTP server counts (401 when read-only access is off); none: not listening yet.
    if (status !== undefined && status < 500) return true;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  return false;
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
  await exited(proc);
  clearTimeout(timer);
}

async function launch(): Promise<ChildProcess | undefined> {
  const state = await forPackage(dataDir, readReleaseState(dataDir), installationId());
  const list = candidates(dataDir, state);
  for (const [index, release] of list.entries()) {
    if (stopping) return undefined;
    const proc = start(release);
    child = proc;
    if (await healthy(proc, index === list.length - 1)) {
      if (release !== null || state.current !== null || state.pending !== null)
        await promote(dataDir, state, release);
      return proc;
    }
    if (stopping) {
      // Asked to stop while it was starting: not a failure of the release.
      await stop(proc);
      return undefined;
    }
    // Another program on the port: no release can do better, and this one is not to blame.
    exitIfPortInUse(proc.exitCode, options.port);
    console.error(`[launcher] ${release ?? 'the source checkout'} did not come up; falling back`);
    await stop(proc);
    if (release !== null) await forgetFailed(dataDir, release);
  }
  return undefined;
}

while (!stopping) {
  const proc = await launch();
  if (!proc) process.exit(stopping ? 0 : 1);
  const code = await exited(proc);
  if (stopping) process.exit(code);
  exitIfPortInUse(code, options.port);
  if (code !== 0) {
    console.error(`[launcher] the gateway ended with code ${code}; starting again`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
