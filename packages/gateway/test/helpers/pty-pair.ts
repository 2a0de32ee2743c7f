/**
 * A pseudo-terminal pair made by socat, standing in for a serial line: one end (`device`) is what the
 * gateway opens, as it would open /dev/ttyUSB0; the test writes what the meter would send into the other
 * (`peer`). Both ends are symlinks with fixed names, so a pair that is stopped (a USB head pulled out)
 * and started again comes back under the same names.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { join } from 'node:path';

export function socatPath(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v socat'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('socat not found: install it with "sudo apt-get install socat" to run the serial tests');
  }
}

export class PtyPair {
  readonly device: string;
  readonly peer: string;
  #child: ChildProcess | undefined;

  constructor(dir: string, name = 'meter') {
    this.device = join(dir, `${name}-tty`);
    this.peer = join(dir, `${name}-peer`);
  }

  /** Starts socat and resolves once both ends exist. */
  async start(): Promise<void> {
    const child = spawn(
      socatPath(),
      ['-d', '-d', `pty,raw,echo=0,link=${this.device}`, `pty,raw,echo=0,link=${this.peer}`],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      let text = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('starting data transfer loop')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`socat exited with ${code}: ${text}`)));
    });
  }

  /** Writes what the meter sends. */
  async write(bytes: Uint8Array): Promise<void> {
    const handle = await open(this.peer, 'w');
    try {
      await handle.write(bytes);
    } finally {
      await handle.close();
    }
  }

  /** Ends socat: both ends vanish, like a USB device pulled out. */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
