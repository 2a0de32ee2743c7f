/**
 * The corpus of real captures (packages/hoymiles/test/captures): each `<stem>.log` holds the lines an
 * owner published, each `<stem>.json` where and when, the device, and the values to expect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CAPTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../hoymiles/test/captures');

export type Family = 'HM' | 'HMS' | 'HMT' | 'MI';

export interface CapturedExchangeEntry {
  request: string;
  /** First and last line (1-based) of the request and its answers in the `.log`. */
  lines: [number, number];
  complete: boolean;
  /** What the answer frames carry in bytes 5..8. */
  answer_bytes_5_8: 'inverter' | 'dtu' | 'other' | null;
  expected: Record<string, unknown>;
  expected_source: 'poster' | 'hand';
  derivation: string;
}

export interface CaptureEntry {
  stem: string;
  source: {
    url: string;
    comment_by: string;
    /** The post's date, where the thread shows it. */
    published: string | null;
    /** Else the day the log was taken, from a data request's time stamp. */
    captured?: string;
    /** Else why neither is known. */
    date_note?: string;
    where: string;
  };
  format: string;
  family: Family;
  model: string;
  serial: string | null;
  inverter_address: string;
  dtu_address: string | null;
  firmware: string | null;
  exchanges: CapturedExchangeEntry[];
  /** Lines the replay reports as failing their checks (a poster's damaged frame), if any. */
  expected_problems?: string[];
  notes?: string;
}

export function readCorpus(): CaptureEntry[] {
  return readdirSync(CAPTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const stem = name.slice(0, -'.json'.length);
      const entry = JSON.parse(readFileSync(join(CAPTURES_DIR, name), 'utf8')) as Omit<CaptureEntry, 'stem'>;
      return { stem, ...entry };
    });
}

export function readCaptureLog(entry: CaptureEntry): string {
  return readFileSync(join(CAPTURES_DIR, `${entry.stem}.log`), 'utf8');
}
