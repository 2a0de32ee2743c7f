import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A real Mosquitto broker on a free loopback port, for MQTT tests. */
export interface Broker {
  host: string;
  port: number;
  url: string;
  stop(): Promise<void>;
}

export function findMosquitto(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = join(dir, 'mosquitto');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  throw new Error(
    'mosquitto not found: install it with "sudo apt-get install mosquitto" to run the MQTT tests',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts mosquitto with a throw-away config. Mosquitto buffers its log when piped, so readiness is
 * detected by polling the port, not by reading its output.
 */
export async function startMosquitto(options: { timeoutMs?: number } = {}): Promise<Broker> {
  const binary = findMosquitto();
  const dir = await mkdtemp(join(tmpdir(), 'dtu-mosquitto-'));
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  await writeFile(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest none', ''].join(
      '\n',
    ),
  );
  const child: ChildProcess = spawn(binary, ['-c', config], { stdio: 'ignore' });
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await canConnect(port))) {
    if (exited !== null) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`mosquitto exited with code ${exited} before listening on port ${port}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not listen on port ${port} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    host: '127.0.0.1',
    port,
    url: `mqtt://127.0.0.1:${port}`,
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
