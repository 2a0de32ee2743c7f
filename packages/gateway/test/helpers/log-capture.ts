import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../../src/system/logger';

/** A logger at `level` whose JSON lines are kept in memory, to assert on what was (not) logged. */
export function capturedLogger(level = 'debug'): { log: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(line);
      done();
    },
  });
  const log = pino({ level }, stream);
  return { log, lines, text: () => lines.join('\n') };
}

export function records(lines: string[]): { level: number; msg?: string; [key: string]: unknown }[] {
  return lines.map((line) => JSON.parse(line) as { level: number; msg?: string });
}
