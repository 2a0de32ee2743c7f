/**
 * The radio in its own thread (`--radio model|hardware`): the engine keeps talking to a `Radio`, and this
 * proxy carries each call to a `worker_threads` worker (`entry.ts`) that owns the drivers, their SPI and
 * GPIO handles, their clock and, for `model`, the chip models, the virtual air and the virtual plant. So a
 * main loop busy with hundreds of clients never stands between a chip's interrupt and the FIFO read.
 *
 * A thread that crashes is said plainly (the chips' reason in the status, an error in the log), its
 * exchanges end in silence, and it is started again after a back-off; the gateway runs on.
 */

import { Worker } from 'node:worker_threads';
import type { Clock } from '@dtu-console/clock';
import { backoffDelay } from '@dtu-console/contract';
import type { Logger } from 'pino';
import type { ChipDiagnostics } from '../dual-radio';
import { type HardwareRadioOptions, readWiring, type WiringRead } from '../hardware-radio';
import { LoopDelay } from '../loop-delay';
import type { Radio, RadioMode, RadioRequest, RadioSettings, RadioStatus } from '../radio';
import type { Location } from '../simulated/physics';
import type { SimulatedInverterSpec } from '../simulated/virtual-plant';
import {
  type FromRadioThread,
  type RadioReport,
  type RadioThreadInit,
  type ToRadioThread,
  withRssiTags,
} from './protocol';
import { RADIO_THREAD } from './thread-file';

export interface WorkerRadioOptions {
  mode: Exclude<RadioMode, 'simulated'>;
  /** The gateway clock: a real-time clock (the thread runs on the host clock plus this clock's offset). */
  clock: Clock;
  seed: number | string;
  location: () => Location;
  /** Hardware: the active profile's wiring, read at every start of the thread. */
  wiring: HardwareRadioOptions['wiring'];
  log?: Logger;
  /** Restart back-off after a crash, ms: the first delay, doubled per crash up to `max` (tests shorten it). */
  restartDelayMs?: { first: number; max: number };
}

const RESTART_DELAY_MS = { first: 1000, max: 60_000 };
/** A thread that ran this long before crashing starts the back-off from the beginning again. */
const STABLE_MS = 60_000;
/** How long a stopping thread may take to close its devices before it is terminated. */
const STOP_GRACE_MS = 2000;
/** An exchange unanswered this long after its window means a stuck thread: it is terminated and restarted. */
const STUCK_MS = 10_000;
/** Offsets closer than this are the same clock (two host-clock reads apart). */
const OFFSET_TOLERANCE_MS = 2;

const STARTING = 'the radio thread is starting';

interface Pending {
  resolve(frames: Uint8Array[]): void;
  cancelWatchdog(): void;
}

export class WorkerRadio implements Radio {
  readonly name: string;
  readonly mode: Exclude<RadioMode, 'simulated'>;
  readonly #options: WorkerRadioOptions;
  readonly #mainLoop = new LoopDelay();
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | undefined;
  #settings: RadioSettings | undefined;
  #specs: SimulatedInverterSpec[] | undefined;
  #report: RadioReport | undefined;
  #nextId = 1;
  #offsetSent = 0;
  /** Between start() and stop(): a thread that ends now has crashed. */
  #running = false;
  /** Why the thread is not there while it should be (starting, crashed and waiting for its restart). */
  #down: string | undefined;
  /** Crashes in a row (a thread that ran long enough ends the row): the back-off's attempt. */
  #crashes = 0;
  #cancelRestart: (() => void) | undefined;
  #spawnedAt = 0;
  /** Why the running thread is ending: its uncaught error, or that it stopped answering. */
  #failure: unknown;
  #onStarted: (() => void) | undefined;
  #exited: Promise<void> | undefined;

  constructor(options: WorkerRadioOptions) {
    this.#options = options;
    this.mode = options.mode;
    this.name = options.mode;
  }

  /** The thread's id while it runs (tests check that none is left after stop). */
  get threadId(): number | undefined {
    return this.#worker?.threadId;
  }

  /** Throws an uncaught error inside the running thread (tests: a crash of the real thread). */
  injectCrash(message: string): void {
    this.#post({ type: 'fail', message });
  }

  configure(settings: RadioSettings): void {
    this.#settings = { ...settings };
    this.#post({ type: 'configure', settings: this.#settings, location: this.#options.location() });
  }

  /** The configured inverters (model: the virtual plant's; hardware: ignored by the thread). */
  setInverters(specs: readonly SimulatedInverterSpec[]): void {
    this.#specs = specs.map((spec) => ({ ...spec }));
    this.#post({ type: 'inverters', specs: this.#specs, location: this.#options.location() });
  }

  status(): RadioStatus {
    if (this.#down === undefined && this.#report) return this.#report.status;
    const reason = this.#down ?? STARTING;
    const nrfOn = this.#settings?.nrfEnabled === true;
    const cmtOn = this.#settings?.cmtEnabled === true;
    return {
      nrf: { configured: nrfOn, connected: false, pvariant: false, ...(nrfOn ? { reason } : {}) },
      cmt: { configured: cmtOn, connected: false, ...(cmtOn ? { reason } : {}) },
      simulated: false,
      mode: this.mode,
    };
  }

  /** The chips' counts since the thread started, its loop's delay, and the main loop's beside it. */
  diagnostics(): ChipDiagnostics {
    const main = this.#mainLoop.read();
    return { ...this.#report?.diagnostics, ...(main ? { mainLoopDelayMs: main } : {}) };
  }

  transmit(request: RadioRequest): Promise<Uint8Array[]> {
    const worker = this.#worker;
    // No thread (crashed, not started): silence, as the air would be; the reason is in the status.
    if (worker === undefined || !this.#running) return Promise.resolve([]);
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const cancelWatchdog = this.#options.clock.setTimer(request.windowMs + STUCK_MS, () => {
        if (this.#worker !== worker) return;
        this.#failure = new Error(`it did not answer for ${STUCK_MS / 1000} s`);
        void worker.terminate();
      });
      this.#pending.set(id, { resolve, cancelWatchdog });
      this.#post({ type: 'transmit', id, request });
    });
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#mainLoop.start();
    await this.#spawn();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#cancelRestart?.();
    this.#cancelRestart = undefined;
    this.#mainLoop.stop();
    const worker = this.#worker;
    const exited = this.#exited;
    if (worker === undefined || exited === undefined) return;
    worker.postMessage({ type: 'stop' } satisfies ToRadioThread);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), STOP_GRACE_MS);
    });
    // The thread closes its devices and ends by itself; one that does not is ended.
    if ((await Promise.race([exited, grace])) === 'late') await worker.terminate();
    clearTimeout(timer);
    await exited;
  }

  async #spawn(): Promise<void> {
    this.#down = STARTING;
    const wiring: WiringRead =
      this.mode === 'hardware' ? await readWiring(this.#options.wiring) : { kind: 'none' };
    if (!this.#running) return;
    const offsetMs = this.#offset();
    const init: RadioThreadInit = {
      mode: this.mode,
      seed: this.#options.seed,
      offsetMs,
      location: this.#options.location(),
      ...(RADIO_THREAD.sourceEntry ? { sourceEntry: RADIO_THREAD.sourceEntry } : {}),
    };
    let worker: Worker;
    try {
      worker = new Worker(RADIO_THREAD.file, { workerData: init, name: 'radio' });
    } catch (error) {
      this.#crashed(error);
      return;
    }
    this.#worker = worker;
    this.#offsetSent = offsetMs;
    this.#spawnedAt = performance.now();
    this.#failure = undefined;
    const started = new Promise<void>((resolve) => {
      this.#onStarted = resolve;
    });
    this.#exited = new Promise((resolve) => {
      worker.on('exit', (code) => {
        this.#ended(worker, this.#failure ?? new Error(`it exited with code ${code}`));
        resolve();
      });
    });
    worker.on('message', (message: FromRadioThread) => this.#receive(message));
    worker.on('error', (error) => {
      this.#failure = error;
    });
    // The thread is new: it learns everything the radio has been told so far, in the order the engine told it.
    if (this.#settings) this.configure(this.#settings);
    if (this.#specs) this.setInverters(this.#specs);
    this.#post({ type: 'start', wiring });
    await started;
  }

  #receive(message: FromRadioThread): void {
    switch (message.type) {
      case 'started':
        this.#report = message.report;
        this.#down = undefined;
        this.#onStarted?.();
        this.#onStarted = undefined;
        return;
      case 'answer': {
        this.#report = message.report;
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        pending?.cancelWatchdog();
        pending?.resolve(withRssiTags(message.frames, message.rssi));
        return;
      }
      case 'report':
        this.#report = message.report;
        return;
      case 'stopped':
        return;
    }
  }

  #ended(worker: Worker, failure: unknown): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    for (const pending of this.#pending.values()) {
      pending.cancelWatchdog();
      pending.resolve([]);
    }
    this.#pending.clear();
    this.#onStarted?.();
    this.#onStarted = undefined;
    if (this.#running) this.#crashed(failure);
  }

  /** The thread ended while it should run: say so, and start it again after the back-off. */
  #crashed(failure: unknown): void {
    if (this.#spawnedAt > 0 && performance.now() - this.#spawnedAt >= STABLE_MS) this.#crashes = 0;
    const delay = restartDelayMs(this.#crashes, this.#options.restartDelayMs);
    this.#crashes++;
    const why = failure instanceof Error ? failure.message : String(failure);
    this.#down = `the radio thread stopped (${why}); it restarts in ${formatSeconds(delay)}`;
    this.#options.log?.error({ err: failure }, `Radio: ${this.#down}`);
    this.#cancelRestart = this.#options.clock.setTimer(delay, () => {
      this.#cancelRestart = undefined;
      if (!this.#running) return;
      void this.#spawn().then(() => {
        if (this.#worker && this.#down === undefined)
          this.#options.log?.info('Radio: the radio thread runs again');
      });
    });
  }

  #post(message: ToRadioThread): void {
    const worker = this.#worker;
    if (worker === undefined) return;
    // The thread keeps the gateway's time (a manual time set, SNTP) as an offset to the host clock.
    const offsetMs = this.#offset();
    if (Math.abs(offsetMs - this.#offsetSent) > OFFSET_TOLERANCE_MS) {
      this.#offsetSent = offsetMs;
      worker.postMessage({ type: 'clock', offsetMs } satisfies ToRadioThread);
    }
    worker.postMessage(message);
  }

  #offset(): number {
    return this.#options.clock.now() - Date.now();
  }
}

/** The wait before restarting after `crashes` earlier crashes in a row (0: the first): doubled per crash, capped. */
export function restartDelayMs(
  crashes: number,
  limits: { first: number; max: number } = RESTART_DELAY_MS,
): number {
  return backoffDelay(crashes, { base: limits.first, max: limits.max });
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
