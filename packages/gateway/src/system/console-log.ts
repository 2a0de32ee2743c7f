import { Writable } from 'node:stream';

/** How many recent lines a newly opened console sees, and the most a slow client may lag behind. */
export const CONSOLE_HISTORY_LINES = 200;

const LEVEL_LETTERS: Record<number, string> = { 10: 'T', 20: 'D', 30: 'I', 40: 'W', 50: 'E', 60: 'F' };

/** One log record as a console line: level letter, component, message (the console adds the time). */
export function formatConsoleLine(record: Record<string, unknown>): string {
  const level = LEVEL_LETTERS[Number(record.level)] ?? '?';
  const component = typeof record.component === 'string' ? `[${record.component}] ` : '';
  const message = typeof record.msg === 'string' ? record.msg : '';
  const error = record.err as { message?: unknown } | undefined;
  const detail = error && typeof error.message === 'string' ? `: ${error.message}` : '';
  return `${level} ${component}${message}${detail}`;
}

type LineListener = (line: string) => void;

/**
 * The gateway's log as the web console (/console WebSocket) shows it: a pino destination that keeps
 * the last lines in a ring and hands new ones to subscribers. It lives across in-process reboots.
 */
export class ConsoleLog {
  readonly #ring: string[] = [];
  readonly #listeners = new Set<LineListener>();
  readonly #capacity: number;

  constructor(capacity = CONSOLE_HISTORY_LINES) {
    this.#capacity = capacity;
  }

  /** A writable stream for pino.multistream: one JSON record per write. */
  stream(): Writable {
    return new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        for (const text of chunk.toString().split('\n')) {
          if (!text) continue;
          try {
            this.push(formatConsoleLine(JSON.parse(text) as Record<string, unknown>));
          } catch {
            this.push(text);
          }
        }
        done();
      },
    });
  }

  push(line: string): void {
    this.#ring.push(line);
    if (this.#ring.length > this.#capacity) this.#ring.shift();
    for (const listener of this.#listeners) listener(line);
  }

  recent(): string[] {
    return [...this.#ring];
  }

  subscribe(listener: LineListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * Per-client outbox: a slow reader never makes the gateway hold unbounded memory; the oldest lines are
 * dropped and the client is told how many it missed.
 */
export class BoundedLineQueue {
  readonly #lines: string[] = [];
  #dropped = 0;

  constructor(readonly capacity = CONSOLE_HISTORY_LINES) {}

  push(line: string): void {
    this.#lines.push(line);
    if (this.#lines.length > this.capacity) {
      this.#lines.shift();
      this.#dropped++;
    }
  }

  /** Takes everything queued; a note about dropped lines comes first. */
  drain(): string[] {
    const out =
      this.#dropped > 0
        ? [`… ${this.#dropped} lines skipped (slow connection)`, ...this.#lines]
        : [...this.#lines];
    this.#lines.length = 0;
    this.#dropped = 0;
    return out;
  }

  get size(): number {
    return this.#lines.length;
  }
}
