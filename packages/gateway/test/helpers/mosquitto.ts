import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from './ports';

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

/** A TLS listener: PEM files of the CA, the server certificate and its key. */
export interface BrokerTls {
  caFile: string;
  certFile: string;
  keyFile: string;
  /** Clients must log in with a certificate signed by the CA. */
  requireCertificate?: boolean;
}

export interface BrokerOptions {
  timeoutMs?: number;
  tls?: BrokerTls;
}

/** A real Mosquitto broker on a free loopback port; `restart()` brings it back on the same port. */
export interface RestartableBroker extends Broker {
  /**
   * Stops the broker (clients lose their connection) and starts it again on the same port; SIGKILL kills
   * it without a goodbye to its clients.
   */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

async function waitForPort(port: number, deadline: number, exited: () => number | null): Promise<void> {
  while (!(await canConnect(port))) {
    const code = exited();
    if (code !== null) throw new Error(`mosquitto exited with code ${code} before listening on port ${port}`);
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on port ${port} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts mosquitto with a throw-away config. Mosquitto buffers its log when piped, so readiness is
 * detected by polling the port, not by reading its output.
 */
export async function startMosquitto(options: BrokerOptions = {}): Promise<RestartableBroker> {
  const binary = findMosquitto();
  const dir = await mkdtemp(join(tmpdir(), 'dtu-mosquitto-'));
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  const tls = options.tls;
  await writeFile(
    config,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'log_dest none',
      ...(tls
        ? [
            `cafile ${tls.caFile}`,
            `certfile ${tls.certFile}`,
            `keyfile ${tls.keyFile}`,
            `require_certificate ${tls.requireCertificate ? 'true' : 'false'}`,
          ]
        : []),
      '',
    ].join('\n'),
  );
  let child: ChildProcess;
  let exited: number | null = null;
  const launch = async () => {
    exited = null;
    child = spawn(binary, ['-c', config], { stdio: 'ignore' });
    child.once('exit', (code) => {
      exited = code ?? -1;
    });
    await waitForPort(port, Date.now() + (options.timeoutMs ?? 10_000), () => exited);
  };
  const halt = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (exited === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await gone;
    }
  };
  try {
    await launch();
  } catch (error) {
    if (exited === null) child!.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    host: '127.0.0.1',
    port,
    url: `${tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${port}`,
    async restart(signal) {
      await halt(signal);
      await launch();
    },
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
