/**
 * Which installation the launcher starts, and what it writes down after a start: the release state of
 * docs/releases.md (`pending`, `current`, `previous`) and the release folders it keeps.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { INSTALL_ROOT } from '../paths';
import { type ReleaseState, readReleaseState, releasesDir, writeReleaseState } from '../release/state';

/** The folder a release runs from; null is the source checkout. */
export function folderOf(dataDir: string, release: string | null): string {
  return release === null ? INSTALL_ROOT : join(releasesDir(dataDir), release);
}

/** Newest first: a pending install, the last healthy release, its predecessor, the checkout. */
export function candidates(dataDir: string, state: ReleaseState): (string | null)[] {
  const list = [state.pending, state.current, state.previous].filter(
    (name): name is string => name !== null && existsSync(folderOf(dataDir, name)),
  );
  return [...new Set(list), null];
}

/** After a healthy start: remember it and the one to fall back to; delete releases no longer needed. */
export async function promote(dataDir: string, state: ReleaseState, release: string | null): Promise<void> {
  const next: ReleaseState =
    release === state.current
      ? { ...state, pending: null }
      : {
          ...state,
          current: release,
          previous: state.current === release ? state.previous : state.current,
          pending: null,
        };
  if (JSON.stringify(next) !== JSON.stringify(state)) await writeReleaseState(dataDir, next);
  const keep = new Set([next.current, next.previous, 'state.json']);
  for (const entry of await readdir(releasesDir(dataDir)).catch(() => [] as string[])) {
    if (!keep.has(entry) && !entry.endsWith('.tmp') && !entry.endsWith('.partial')) {
      await rm(join(releasesDir(dataDir), entry), { recursive: true, force: true });
    }
  }
}

/** A release that did not come up is never tried again by itself. */
export async function forgetFailed(dataDir: string, release: string): Promise<void> {
  const now = readReleaseState(dataDir);
  await writeReleaseState(dataDir, {
    ...now,
    current: now.current === release ? now.previous : now.current,
    previous: now.current === release ? null : now.previous === release ? null : now.previous,
    pending: now.pending === release ? null : now.pending,
  });
}

/**
 * The state to start from: as it is, unless the owner installed another npm package since the last start
 * (`installation` differs; docs/install.md). The package just installed is what the owner chose, update or
 * rollback: the releases uploaded to the one before are set aside (and deleted after its healthy start).
 */
export async function forPackage(
  dataDir: string,
  state: ReleaseState,
  installation: string | null,
): Promise<ReleaseState> {
  if (installation === null || state.installation === installation) return state;
  const next: ReleaseState = { current: null, previous: null, pending: null, installation };
  await writeReleaseState(dataDir, next);
  return next;
}
