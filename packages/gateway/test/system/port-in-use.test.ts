import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PORT_IN_USE_EXIT_CODE, portInUseMessage } from '../../src/system/port-in-use';
import { bundledEntry } from '../helpers/gateway-bundle';
import { freePort } from '../helpers/ports';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs an entry to its end (at most 40 s) and gives its exit code and output. */
function run(entry: string[], port: number, dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...entry, '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not end: ${stdout}\n${stderr}`));
    }, 40_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a port another program listens on', () => {
  let other: Server | undefined;
  let dataDir = '';
  afterEach(async () => {
    await new Promise((resolve) => (other ? other.close(resolve) : resolve(undefined)));
    other = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Another web server on the port, answering every request (the launcher's health probe included). */
  async function occupy(): Promise<number> {
    const port = await freePort();
    other = createServer((_request, response) => response.end('someone else'));
    await new Promise<void>((resolve) => other?.listen(port, '127.0.0.1', resolve));
    dataDir = await mkdtemp(join(tmpdir(), 'dtu-port-in-use-'));
    return port;
  }

  it('makes the gateway say so in one line and end with its own exit code', async () => {
    const port = await occupy();
    const { code, stdout, stderr } = await run([bundledEntry('main')], port, dataDir);
    expect(code).toBe(PORT_IN_USE_EXIT_CODE);
    expect(stderr).toBe(
      `dtu-console: port ${port} is in use by another program: choose another with --port\n`,
    );
    expect(stdout).not.toMatch(/EADDRINUSE|at /);
  }, 60_000);

  it('makes the launcher say so once and end non-zero instead of starting the gateway again', async () => {
    const port = await occupy();
    const { code, stdout, stderr } = await run(
      ['--import', 'tsx', 'packages/gateway/src/launcher/main.ts'],
      port,
      dataDir,
    );
    expect(code).toBe(PORT_IN_USE_EXIT_CODE);
    expect(stderr).toBe(`[launcher] ${portInUseMessage(port)}\n`);
    // Started once, never again.
    expect(stdout.match(/\[launcher\] starting/g)).toHaveLength(1);
    expect(stdout).not.toMatch(/EADDRINUSE|starting again/);
  }, 60_000);
});
