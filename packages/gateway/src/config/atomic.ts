import { copyFile, link, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** fsync of the directory makes the renames themselves durable (ext4 and friends need it). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface AtomicWriteOptions {
  /** Keep the file being replaced under this name (e.g. config.json.bak). */
  backupPath?: string;
  /** Secrets live in the config: readable by the gateway's user only. */
  mode?: number;
}

/**
 * Replaces `path` so a crash at any moment leaves either the old or the new content, never a torn file:
 * write `<path>.tmp`, fsync, (keep the old file as the backup via a hard link, so `path` never disappears),
 * rename over `path`, fsync the directory.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(path);
  const tmp = `${path}.tmp`;
  await rm(tmp, { force: true });
  const handle = await open(tmp, 'wx', options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (options.backupPath) await keepBackup(path, options.backupPath);
  await rename(tmp, path);
  await syncDirectory(dir);
}

async function keepBackup(path: string, backupPath: string): Promise<void> {
  const staging = join(dirname(backupPath), `.${basename(backupPath)}.tmp`);
  await rm(staging, { force: true });
  try {
    await link(path, staging);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // nothing to keep yet
    // Filesystems without hard links get a copy instead.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    await copyFile(path, staging);
  }
  await rename(staging, backupPath);
}
