/**
 * The open limit leases, kept in the data directory (`powerlimiter-leases.json`), so that a lease that runs
 * out while the gateway is down still ends in the fallback once the gateway is back (docs/limiter.md).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic';
import type { Logger } from '../system/logger';
import type { StoredLease } from './hand-limits';

export const LEASE_FILE = 'powerlimiter-leases.json';

function isLease(value: unknown): value is StoredLease {
  if (typeof value !== 'object' || value === null) return false;
  const lease = value as Record<string, unknown>;
  return (
    typeof lease.serial === 'string' &&
    typeof lease.value === 'number' &&
    Number.isFinite(lease.value) &&
    typeof lease.relative === 'boolean' &&
    typeof lease.until === 'number' &&
    Number.isFinite(lease.until)
  );
}

export class LeaseFile {
  readonly #path: string;
  readonly #log: Logger;
  #writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string, log: Logger) {
    this.#path = join(dataDir, LEASE_FILE);
    this.#log = log;
  }

  /** The leases of the last run; none when the file is missing or unreadable. */
  async load(): Promise<StoredLease[]> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.#path, 'utf8'));
      if (Array.isArray(parsed)) return parsed.filter(isLease);
      this.#log.warn(`${LEASE_FILE} is not a list: starting without leases`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.#log.warn({ err: error }, `${LEASE_FILE} unreadable: starting without leases`);
      }
    }
    return [];
  }

  /** Writes are queued one after the other; a failure is logged. */
  save(leases: readonly StoredLease[]): Promise<void> {
    const text = `${JSON.stringify(leases, null, 1)}\n`;
    this.#writing = this.#writing
      .then(() => writeFileAtomic(this.#path, text, { mode: 0o644 }))
      .catch((error: unknown) => this.#log.warn({ err: error }, `${LEASE_FILE} not written`));
    return this.#writing;
  }

  flushed(): Promise<void> {
    return this.#writing;
  }
}
