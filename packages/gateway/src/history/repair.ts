import { renameSync } from 'node:fs';
import type { Logger } from '../system/logger';
import { HistoryStore } from './store';

/**
 * Opens the history database. An unreadable one (damaged, or of a newer format after a downgrade) must not
 * keep the gateway from starting: it is moved aside as history.sqlite.broken (for a human, or a later
 * release) and a new one begins.
 */
export function openHistoryStore(file: string, log: Logger): HistoryStore {
  try {
    return new HistoryStore(file);
  } catch (error) {
    if (file === ':memory:') throw error;
    log.error({ err: error }, `History database unreadable: moved to ${file}.broken, starting a new one`);
    for (const suffix of ['', '-wal', '-shm']) {
      try {
        renameSync(file + suffix, `${file}.broken${suffix}`);
      } catch {
        // absent
      }
    }
    return new HistoryStore(file);
  }
}
