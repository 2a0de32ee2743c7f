/**
 * Reads the corpus of real captures (test/captures, index in its README) for the protocol's own tests:
 * the answer frames of one exchange and their joined payload, by the `.json` entry's line range.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CAPTURES_DIR = join(import.meta.dirname, '../captures');

export interface CaptureExchange {
  request: string;
  lines: [number, number];
  answer_bytes_5_8: string | null;
  expected: Record<string, unknown>;
}

export interface CaptureIndexEntry {
  family: 'HM' | 'HMS' | 'HMT' | 'MI';
  serial: string | null;
  inverter_address: string;
  dtu_address: string | null;
  exchanges: CaptureExchange[];
}

export function readEntry(stem: string): CaptureIndexEntry {
  return JSON.parse(readFileSync(join(CAPTURES_DIR, `${stem}.json`), 'utf8')) as CaptureIndexEntry;
}

/** The hex bytes after the last `-->`, `|` or `:` of a frame line (a trailing `| -80 dBm` is dropped). */
function lineBytes(line: string): Uint8Array | undefined {
  const body = line.replace(/\|\s*-?\d+\s*dBm\s*$/, '');
  const match = /(?:-->|\||:)\s*((?:[0-9A-Fa-f]{2}\s*){11,})$/.exec(body.trimEnd());
  if (!match) return undefined;
  return Uint8Array.from(match[1]!.trim().split(/\s+/), (hex) => Number.parseInt(hex, 16));
}

/** The answer frames (command byte with bit 7 set) within an exchange's lines, in capture order. */
export function answerFrames(stem: string, exchange: CaptureExchange): Uint8Array[] {
  const lines = readFileSync(join(CAPTURES_DIR, `${stem}.log`), 'utf8').split(/\r?\n/);
  const frames: Uint8Array[] = [];
  for (let n = exchange.lines[0]; n <= exchange.lines[1]; n++) {
    const text = lines[n - 1] ?? '';
    if (!/\bRX\b|Received|>>/.test(text)) continue;
    const bytes = lineBytes(text);
    if (bytes && (bytes[0]! & 0x80) !== 0) frames.push(bytes);
  }
  return frames;
}

/** Fragments joined by their number (byte 9 & 0x7F), each counted once: the answer's payload with CRC16. */
export function joinedPayload(frames: Uint8Array[]): Uint8Array {
  const byNumber = new Map<number, Uint8Array>();
  for (const frame of frames) {
    const number = frame[9]! & 0x7f;
    if (!byNumber.has(number)) byNumber.set(number, frame.subarray(10, frame.length - 1));
  }
  const parts = [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, data]) => data);
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}
