/**
 * Start-up recovery of config.json: the file, else its backup, else defaults. An unreadable file is
 * moved aside (config.json.broken) so the next save cannot make it the backup and lose the good one.
 */
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../system/logger';
import { createDefaults } from './defaults';
import { CONFIG_BACKUP_FILE, CONFIG_BROKEN_FILE, CONFIG_FILE, errnoCode } from './files';
import { type ParseResult, parseConfigText } from './parse';
import { hashPassword } from './password';
import type { GatewayConfig } from './schema';

/** How config.json was obtained at start. */
export type LoadSource = 'file' | 'backup' | 'defaults' | 'first-start';

export interface LoadContext {
  chipId: number;
  /** Admin password of a first start; only its hash is stored. */
  defaultPassword: string;
}

export interface Loaded {
  config: GatewayConfig;
  source: LoadSource;
  /** Whether the loaded config must be written as config.json at once (migrated, recovered or new). */
  write: boolean;
}

type Candidate =
  | { kind: 'ok'; result: Extract<ParseResult, { ok: true }> }
  | { kind: 'missing' }
  | { kind: 'invalid'; reason: string };

async function readCandidate(path: string, context: LoadContext): Promise<Candidate> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { kind: 'missing' };
    return { kind: 'invalid', reason: (error as Error).message };
  }
  const result = await parseConfigText(text, context);
  return result.ok ? { kind: 'ok', result } : { kind: 'invalid', reason: result.reason };
}

function logNotes(log: Logger, result: Extract<ParseResult, { ok: true }>): void {
  for (const note of result.notes) log.info(`${CONFIG_FILE}: ${note}`);
}

export async function loadConfig(dataDir: string, log: Logger, context: LoadContext): Promise<Loaded> {
  const main = join(dataDir, CONFIG_FILE);
  const backup = join(dataDir, CONFIG_BACKUP_FILE);
  // A temp file left by a crash mid-save is incomplete by definition; the rename never happened.
  await rm(`${main}.tmp`, { force: true });

  const fromMain = await readCandidate(main, context);
  if (fromMain.kind === 'ok') {
    logNotes(log, fromMain.result);
    // A migrated file is written back in the current format (the original stays as the backup).
    return { config: fromMain.result.config, source: 'file', write: fromMain.result.notes.length > 0 };
  }
  if (fromMain.kind === 'invalid') {
    log.warn({ reason: fromMain.reason }, `${CONFIG_FILE} is unreadable; trying ${CONFIG_BACKUP_FILE}`);
    await rename(main, join(dataDir, CONFIG_BROKEN_FILE)).catch(() => {});
  }

  // Whatever is loaded from here on becomes config.json again (a first start writes its defaults).
  const fromBackup = await readCandidate(backup, context);
  if (fromBackup.kind === 'ok') {
    log.warn(`Configuration restored from ${CONFIG_BACKUP_FILE}`);
    logNotes(log, fromBackup.result);
    return { config: fromBackup.result.config, source: 'backup', write: true };
  }
  const firstStart = fromMain.kind === 'missing' && fromBackup.kind === 'missing';
  if (fromBackup.kind === 'invalid') {
    log.warn({ reason: fromBackup.reason }, `${CONFIG_BACKUP_FILE} is unreadable too`);
  }
  if (!firstStart) log.warn('No readable configuration: starting with defaults');
  else log.info('First start: writing the default configuration');
  const config = createDefaults({
    chipId: context.chipId,
    passwordHash: await hashPassword(context.defaultPassword),
    withInverters: true,
  });
  return { config, source: firstStart ? 'first-start' : 'defaults', write: true };
}
