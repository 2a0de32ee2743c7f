/** A real Mosquitto broker on a loopback port for the bench (/usr/sbin/mosquitto, or MOSQUITTO_PATH). */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './gateway';
import { sleep } from './stats';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startMosquitto(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dtu-bench-mqtt-'));
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(config, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const broker = spawn(process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto', ['-c', config], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => broker.once('exit', () => resolve()));
  for (let i = 0; i < 50 && !(await accepts(port)); i++) await sleep(100);
  if (!(await accepts(port))) {
    broker.kill('SIGKILL');
    throw new Error(`mosquitto did not listen on port ${port}`);
  }
  return {
    port,
    async stop() {
      broker.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
