/**
 * Where each HMS/HMT was last found off the DTU frequency (frequency-search.ts), kept in
 * `<dataDir>/cmt-frequencies.json` ({"<serial>": <Hz>}) so a search after a restart tries there first.
 * A file that cannot be read is taken as empty: the memory only orders the search.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrequencyMemory } from './frequency-search';

export const FREQUENCY_MEMORY_FILE = 'cmt-frequencies.json';

export class FileFrequencyMemory implements FrequencyMemory {
  readonly #path: string;
  readonly #found = new Map<string, number>();

  constructor(dataDir: string) {
    this.#path = join(dataDir, FREQUENCY_MEMORY_FILE);
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.#path, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null) {
        for (const [serial, hz] of Object.entries(parsed)) {
          if (typeof hz === 'number' && Number.isInteger(hz) && hz > 0) this.#found.set(serial, hz);
        }
      }
    } catch {
      // None yet, or unreadable: start empty.
    }
  }

  get(serial: string): number | undefined {
    return this.#found.get(serial);
  }

  set(serial: string, frequencyHz: number): void {
    if (this.#found.get(serial) === frequencyHz) return;
    this.#found.set(serial, frequencyHz);
    const tmp = `${this.#path}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(Object.fromEntries(this.#found), null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, this.#path);
    } catch {
      // A read-only data directory: the memory lasts until the restart.
    }
  }
}
