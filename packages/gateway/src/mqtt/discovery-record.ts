/**
 * The discovery config topics this gateway has published with content, kept in the data directory, so an
 * entity that disappears (inverter deleted, serial changed, prefix changed) is removed from the broker
 * even when the gateway restarted in between.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic';
import type { Logger } from '../system/logger';

export const DISCOVERY_RECORD_FILE = 'mqtt-discovery.json';

export class DiscoveryRecord {
  readonly #path: string;
  readonly #log: Logger;
  #writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string, log: Logger) {
    this.#path = join(dataDir, DISCOVERY_RECORD_FILE);
    this.#log = log;
  }

  /** The recorded topics; none when the file is missing or unreadable (nothing to remove then). */
  async load(): Promise<Set<string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.#path, 'utf8'));
      if (Array.isArray(parsed)) return new Set(parsed.filter((t): t is string => typeof t === 'string'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#log.warn({ err: error }, `${DISCOVERY_RECORD_FILE} unreadable: starting without it`);
      }
    }
    return new Set();
  }

  /** Writes are queued, one after the other; a failure is logged (the record is an aid, not a must). */
  save(topics: ReadonlySet<string>): Promise<void> {
    const text = `${JSON.stringify([...topics].sort(), null, 1)}\n`;
    this.#writing = this.#writing
      .then(() => writeFileAtomic(this.#path, text, { mode: 0o644 }))
      .catch((error: unknown) => this.#log.warn({ err: error }, `${DISCOVERY_RECORD_FILE} not written`));
    return this.#writing;
  }

  /** Resolves when every queued write has finished. */
  flushed(): Promise<void> {
    return this.#writing;
  }
}
