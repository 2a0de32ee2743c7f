/**
 * Which installed releases exist for what (docs/releases.md): <data>/releases/state.json, written
 * atomically. `null` stands for the source checkout the launcher was started from.
 * The gateway writes `pending` after installing; the launcher (src/launcher/) promotes or drops it.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReleaseInfo } from '@dtu-console/contract/system/api';
import { writeFileAtomic } from '../config/atomic';

export const RELEASES_DIR = 'releases';
const STATE_FILE = 'state.json';
/** Set by the launcher for the gateway it starts: which release runs (empty for the checkout). */
export const LAUNCHER_ENV = 'DTU_CONSOLE_LAUNCHER';
export const RELEASE_ENV = 'DTU_CONSOLE_RELEASE';

export interface ReleaseState {
  /** The release that last came up healthy. */
  current: string | null;
  /** What a failing `current` falls back to. */
  previous: string | null;
  /** Installed and checked, to be tried at the next start. */
  pending: string | null;
  /**
   * The npm package installation the releases were uploaded to (its version and build time,
   * `installationId()`); absent in a checkout. Another package installed over it sets them aside.
   */
  installation?: string;
}

export const releasesDir = (dataDir: string) => join(dataDir, RELEASES_DIR);

export function readReleaseState(dataDir: string): ReleaseState {
  try {
    const raw = JSON.parse(
      readFileSync(join(releasesDir(dataDir), STATE_FILE), 'utf8'),
    ) as Partial<ReleaseState>;
    const name = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return {
      current: name(raw.current),
      previous: name(raw.previous),
      pending: name(raw.pending),
      ...(typeof raw.installation === 'string' ? { installation: raw.installation } : {}),
    };
  } catch {
    return { current: null, previous: null, pending: null };
  }
}

export async function writeReleaseState(dataDir: string, state: ReleaseState): Promise<void> {
  await mkdir(releasesDir(dataDir), { recursive: true });
  await writeFileAtomic(join(releasesDir(dataDir), STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}

/** For the system status: the release running now and the one a failed start would fall back to. */
export function releaseInfo(dataDir: string, env: NodeJS.ProcessEnv = process.env): ReleaseInfo {
  const running = env[RELEASE_ENV] || null;
  const state = readReleaseState(dataDir);
  return { current: running, previous: running === state.current ? state.previous : state.current };
}

/** A restart must end the process when the launcher is to start a newly installed release. */
export function releaseSwitchPending(dataDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return env[LAUNCHER_ENV] === '1' && readReleaseState(dataDir).pending !== null;
}
