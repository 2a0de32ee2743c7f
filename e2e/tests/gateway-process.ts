/** A gateway of a spec's own: the built launcher on a free-standing port with a fresh data directory. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAUNCHER = fileURLToPath(new URL('../../packages/gateway/dist/launcher.js', import.meta.url));
/**
 * Every test gateway's clock starts at a summer noon and runs on: the simulated inverters produce whatever
 * the hour of the test run (at night real and simulated inverters are dark, and the live-view tests need
 * production).
 */
export const SIM_START = '2026-06-21T12:00:00+02:00';

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built gateway on `port` with a fresh data directory (seeded by `seed`) and `extra` flags
 * after the common ones; ready when it answers.
 */
export async function startGateway(
  port: number,
  extra: string[],
  seed?: (dir: string) => void,
): Promise<Gateway> {
  const dir = mkdtempSync(join(tmpdir(), 'dtu-e2e-own-'));
  seed?.(dir);
  const args = ['--host', '127.0.0.1', '--port', String(port), '--data-dir', dir, '--sim-start', SIM_START];
  const child: ChildProcess = spawn(process.execPath, [LAUNCHER, ...args, ...extra], {
    env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A worker that ends early (a timeout) must not leave its gateway behind on the port.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the gateway (${extra.join(' ')}) exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/system/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the gateway (${extra.join(' ')}) did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      process.off('exit', orphanGuard);
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
