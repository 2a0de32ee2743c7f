/**
 * A serial line that stays open: opened with `serialport` (8 data bits, 1 stop bit), and when the device
 * is missing, refused or vanishes (a USB read head pulled out) it says why and opens it again every
 * `PowerMeterLimits.serialReopenMs` until it is back. The native binding is loaded on the first open, so a
 * host without it reports that plainly instead of failing the gateway's start.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { PowerMeterLimits } from '@dtu-console/contract';
import type { SerialPort } from 'serialport';
import { MeterError } from './problems';
import type { MeterProblem } from './types';

export interface SerialLineOptions {
  device: string;
  baudRate: number;
  parity?: 'none' | 'even' | 'odd';
  onData: (chunk: Buffer) => void;
  onProblem: (problem: MeterProblem) => void;
  /** Time between two attempts to open a missing device, ms. */
  reopenMs?: number;
}

/** Why a device cannot be opened, before serialport is asked (its errors do not carry the errno). */
export async function deviceProblem(device: string): Promise<MeterError | undefined> {
  try {
    await access(device, constants.R_OK | constants.W_OK);
    return undefined;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EACCES' || code === 'EPERM')
      return new MeterError(
        'device-permission',
        `No permission to open ${device} (add the gateway's user to the dialout group)`,
      );
    return new MeterError('device-missing', `Serial device ${device} not found`);
  }
}

export class SerialLine {
  readonly #options: SerialLineOptions;
  #port: SerialPort | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #opened = false;
  /** How often the line was opened (the first open and every reopen after a loss). */
  opens = 0;

  constructor(options: SerialLineOptions) {
    this.#options = options;
  }

  start(): void {
    this.#running = true;
    void this.#open();
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    const port = this.#port;
    this.#port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  get isOpen(): boolean {
    return this.#port?.isOpen === true;
  }

  /** Sends `bytes` on the open line (a device that answers only when asked); rejects while it is not open. */
  write(bytes: Uint8Array): Promise<void> {
    const port = this.#port;
    if (!port?.isOpen) return Promise.reject(new Error(`${this.#options.device} is not open`));
    return new Promise((resolve, reject) => {
      port.write(Buffer.from(bytes), (error) => {
        if (error) return reject(error);
        port.drain((drained) => (drained ? reject(drained) : resolve()));
      });
    });
  }

  #retry(): void {
    if (!this.#running) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => void this.#open(),
      this.#options.reopenMs ?? PowerMeterLimits.serialReopenMs,
    );
  }

  async #open(): Promise<void> {
    if (!this.#running) return;
    const { device, baudRate, parity = 'none' } = this.#options;
    const missing = await deviceProblem(device);
    if (missing) {
      this.#options.onProblem(missing.problem);
      return this.#retry();
    }
    let Port: typeof SerialPort;
    try {
      ({ SerialPort: Port } = await import('serialport'));
    } catch (error) {
      this.#options.onProblem({
        code: 'device-missing',
        detail: `Serial support is not available on this host: ${(error as Error).message}`,
      });
      return;
    }
    if (!this.#running) return;
    const port = new Port({ path: device, baudRate, dataBits: 8, stopBits: 1, parity, autoOpen: false });
    this.#port = port;
    port.on('data', (chunk: Buffer) => this.#options.onData(chunk));
    port.on('error', (error: Error) => {
      if (this.#port === port)
        this.#options.onProblem({ code: 'device-lost', detail: `${device}: ${error.message}` });
    });
    port.on('close', () => {
      if (this.#port !== port || !this.#running) return;
      this.#port = undefined;
      this.#opened = false;
      this.#options.onProblem({ code: 'device-lost', detail: `Serial device ${device} went away` });
      this.#retry();
    });
    port.open((error) => {
      if (this.#port !== port) {
        if (!error) port.close();
        return;
      }
      if (error) {
        this.#port = undefined;
        this.#options.onProblem({
          code: 'device-missing',
          detail: `Cannot open ${device}: ${error.message}`,
        });
        this.#retry();
        return;
      }
      this.#opened = true;
      this.opens++;
      this.#watch(port);
    });
  }

  /**
   * A USB adapter pulled out does not always close the port at once (the file stays open until a read
   * fails): while open, check every reopen period that the device still exists, and close it when not.
   */
  #watch(port: SerialPort): void {
    const check = async () => {
      if (this.#port !== port || !this.#running) return;
      if (await deviceProblem(this.#options.device)) {
        if (port.isOpen) port.close();
        return;
      }
      this.#timer = setTimeout(() => void check(), this.#options.reopenMs ?? PowerMeterLimits.serialReopenMs);
    };
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void check(), this.#options.reopenMs ?? PowerMeterLimits.serialReopenMs);
  }

  /** Whether the line has been opened and not lost since. */
  get opened(): boolean {
    return this.#opened;
  }
}
