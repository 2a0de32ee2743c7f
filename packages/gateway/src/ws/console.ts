/**
 * WebSocket /console: the gateway's log lines as text frames, each line ending in "\n".
 * A new client first gets the recent lines (the console page is useful at once, unlike the reference,
 * which only sends what is logged after connecting), then new ones, batched per event-loop turn.
 *
 * Every client has its own bounded queue: while its connection is backed up (bufferedAmount over the
 * limit) lines wait there, the oldest are dropped when it is full, and the client is told how many it
 * missed. A slow reader is never disconnected and never makes the gateway hold more than
 * max clients × queue lines × line length.
 */
import type { EventBus } from '../bus';
import { BoundedLineQueue, CONSOLE_HISTORY_LINES, type ConsoleLog } from '../system/console-log';
import { OPEN, type SocketClient } from './clients';
import { HubClients } from './hub';

/** Above this many unsent bytes a client's lines wait in its queue. */
export const CONSOLE_MAX_BUFFERED_BYTES = 64 * 1024;
/** How soon a held-back client is tried again. */
export const CONSOLE_RETRY_MS = 250;
/** Longer lines are cut (the reference cuts at 255 bytes); bounds a queue's memory. */
export const CONSOLE_LINE_MAX_CHARS = 1000;

export interface ConsoleHubOptions {
  consoleLog: Pick<ConsoleLog, 'recent' | 'subscribe'>;
  bus: EventBus;
  maxClients?: number;
  queueLines?: number;
  maxBufferedBytes?: number;
  /** Runs `callback` after `ms` (0: after the current turn); returns a cancel function. Real timers by default. */
  schedule?: (ms: number, callback: () => void) => () => void;
}

function realSchedule(ms: number, callback: () => void): () => void {
  if (ms <= 0) {
    const immediate = setImmediate(callback);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

function clip(line: string): string {
  return line.length > CONSOLE_LINE_MAX_CHARS ? `${line.slice(0, CONSOLE_LINE_MAX_CHARS - 1)}…` : line;
}

/** The /console line service: closes every client when stopped. */
export class ConsoleHub {
  readonly name = 'console';
  readonly #consoleLog: Pick<ConsoleLog, 'recent' | 'subscribe'>;
  readonly #clients: HubClients<BoundedLineQueue>;
  readonly #queueLines: number;
  readonly #maxBuffered: number;
  readonly #schedule: (ms: number, callback: () => void) => () => void;
  #unsubscribeLog: (() => void) | undefined;
  #pending: (() => void) | undefined;
  #pendingIsRetry = false;

  constructor(options: ConsoleHubOptions) {
    this.#consoleLog = options.consoleLog;
    this.#clients = new HubClients({
      bus: options.bus,
      maxClients: options.maxClients,
      idle: () => this.#idle(),
    });
    this.#queueLines = options.queueLines ?? CONSOLE_HISTORY_LINES;
    this.#maxBuffered = options.maxBufferedBytes ?? CONSOLE_MAX_BUFFERED_BYTES;
    this.#schedule = options.schedule ?? realSchedule;
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  /** Lines waiting for `client` (tests). */
  queued(client: SocketClient): number {
    return this.#clients.entries().find(([c]) => c === client)?.[1].size ?? 0;
  }

  add(client: SocketClient): void {
    const queue = new BoundedLineQueue(this.#queueLines);
    for (const line of this.#consoleLog.recent()) queue.push(clip(line));
    if (!this.#clients.add(client, queue)) return;
    // Only listen to the log while someone is watching.
    this.#unsubscribeLog ??= this.#consoleLog.subscribe((line) => this.#onLine(line));
    this.#flushSoon(0);
  }

  remove(client: SocketClient): void {
    this.#clients.remove(client);
  }

  closeAll(code: number, reason: string): void {
    this.#clients.closeAll(code, reason);
  }

  /** Nothing to start: lines flow from the first client on. */
  start(): void {}

  stop(): void {
    this.#clients.stop();
  }

  /** Sends what every client's connection can take now. Public for tests. */
  flush(): void {
    let heldBack = false;
    for (const [client, queue] of this.#clients.entries()) {
      if (!this.#send(client, queue)) heldBack = true;
    }
    if (heldBack) this.#flushSoon(CONSOLE_RETRY_MS);
  }

  /** Sends the client's queue as one frame if its connection can take it; false when held back. */
  #send(client: SocketClient, queue: BoundedLineQueue): boolean {
    if (queue.size === 0 || client.readyState !== OPEN) return true;
    if (client.bufferedAmount > this.#maxBuffered) return false;
    const lines = queue.drain();
    client.send(lines.map((line) => `${line}\n`).join(''));
    return true;
  }

  #onLine(line: string): void {
    const clipped = clip(line);
    for (const [client, queue] of this.#clients.entries()) {
      queue.push(clipped);
      // A burst within one turn must not cost a client that keeps up any lines: send a full queue now.
      if (queue.size >= queue.capacity) this.#send(client, queue);
    }
    this.#flushSoon(0);
  }

  /** One pending flush at a time; a prompt one replaces a pending retry. */
  #flushSoon(ms: number): void {
    if (this.#pending && (ms > 0 || !this.#pendingIsRetry)) return;
    this.#pending?.();
    this.#pendingIsRetry = ms > 0;
    this.#pending = this.#schedule(ms, () => {
      this.#pending = undefined;
      this.flush();
    });
  }

  /** Only listen to the log while someone is watching. */
  #idle(): void {
    this.#unsubscribeLog?.();
    this.#unsubscribeLog = undefined;
    this.#pending?.();
    this.#pending = undefined;
  }
}
