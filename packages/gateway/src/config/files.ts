/** The files of the data directory the config owns: names, reads, writes and deletes. */
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic';

export const CONFIG_FILE = 'config.json';
export const CONFIG_BACKUP_FILE = 'config.json.bak';
/** Where an unreadable config.json is moved, for a human to look at; the next one replaces it. */
export const CONFIG_BROKEN_FILE = 'config.json.broken';
export const PIN_MAPPING_FILE = 'pin_mapping.json';

export function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Writes config.json atomically; the file it replaces becomes config.json.bak. */
export function writeConfigFile(dataDir: string, text: string): Promise<void> {
  return writeFileAtomic(join(dataDir, CONFIG_FILE), text, { backupPath: join(dataDir, CONFIG_BACKUP_FILE) });
}

/** Deletes config.json and its backup. */
export async function deleteConfigFiles(dataDir: string): Promise<void> {
  await rm(join(dataDir, CONFIG_FILE), { force: true });
  await rm(join(dataDir, CONFIG_BACKUP_FILE), { force: true });
}

/** Deletes every trace of the configuration (pin_mapping.json survives). */
export async function deleteAllConfigFiles(dataDir: string): Promise<void> {
  for (const name of [CONFIG_FILE, CONFIG_BACKUP_FILE, CONFIG_BROKEN_FILE, `${CONFIG_FILE}.tmp`]) {
    await rm(join(dataDir, name), { force: true });
  }
}

/** pin_mapping.json as stored, or undefined without one. */
export async function readPinMappingFile(dataDir: string): Promise<Buffer | undefined> {
  try {
    return await readFile(join(dataDir, PIN_MAPPING_FILE));
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

export async function writePinMappingFile(dataDir: string, content: Uint8Array): Promise<void> {
  await writeFileAtomic(join(dataDir, PIN_MAPPING_FILE), content, { mode: 0o644 });
}

/** False when there was no pin_mapping.json to delete. */
export async function deletePinMappingFile(dataDir: string): Promise<boolean> {
  try {
    await rm(join(dataDir, PIN_MAPPING_FILE));
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** The files /api/file/list shows, with their sizes on disk. */
export async function listDataFiles(dataDir: string): Promise<{ name: string; size: number }[]> {
  const files: { name: string; size: number }[] = [];
  for (const name of [CONFIG_FILE, PIN_MAPPING_FILE]) {
    try {
      files.push({ name, size: (await stat(join(dataDir, name))).size });
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
    }
  }
  return files;
}
