/**
 * The gateway as its own process, started the way `npm start` runs it (node on the esbuild bundle, built
 * for the test run by test/global-setup.ts) on
 * a data directory of the test's choice: for kill -9 and for measuring its memory from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basic } from '../../helpers/api';
import { bundledEntry } from '../../helpers/gateway-bundle';
import { freePort } from '../../helpers/ports';

const GATEWAY_DIR = fileURLToPath(new URL('../../..', import.meta.url));

export interface ChildGateway {
  process: ChildProcess;
  port: number;
  url: string;
  /** Exit code or signal once it has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Resident set size in bytes, from /proc/<pid>/status. */
  rss(): Promise<number>;
  /** SIGKILL: no shutdown, no flush, as a power cut leaves the files. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChildGateway(
  dataDir: string,
  options: { timeoutMs?: number; logLevel?: string; args?: string[] } = {},
): Promise<ChildGateway> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      bundledEntry('main'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--web-root',
      join(dataDir, 'no-web-root'),
      '--log-level',
      options.logLevel ?? 'warn',
      ...(options.args ?? []),
    ],
    { cwd: GATEWAY_DIR, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PORT: undefined } },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (gone) throw new Error(`the gateway exited before answering: ${stderr}`);
    try {
      const response = await fetch(`${url}/api/system/status`, { headers: { authorization: basic() } });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the gateway did not answer in time: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    process: child,
    port,
    url,
    exited,
    async rss() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      if (kb === undefined) throw new Error('no VmRSS in /proc/<pid>/status');
      return Number(kb) * 1024;
    },
    async kill9() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
