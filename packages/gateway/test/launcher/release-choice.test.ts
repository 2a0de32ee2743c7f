import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { candidates, forgetFailed, forPackage, promote } from '../../src/launcher/release-choice';
import { readReleaseState, releasesDir, writeReleaseState } from '../../src/release/state';

let dataDir = '';
const release = (name: string) => mkdir(join(releasesDir(dataDir), name), { recursive: true });

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dtu-release-choice-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the launcher’s release choice', () => {
  it('tries pending, current, previous (each once, only when its folder exists), then the checkout', async () => {
    await release('a');
    await release('b');
    expect(candidates(dataDir, { pending: 'a', current: 'b', previous: 'gone' })).toEqual(['a', 'b', null]);
    expect(candidates(dataDir, { pending: 'b', current: 'b', previous: 'a' })).toEqual(['b', 'a', null]);
    expect(candidates(dataDir, { pending: null, current: null, previous: null })).toEqual([null]);
  });

  it('after a healthy start keeps it and its predecessor, and deletes every other release', async () => {
    await release('old');
    await release('cur');
    await release('new');
    await writeReleaseState(dataDir, { pending: 'new', current: 'cur', previous: 'old' });
    await promote(dataDir, readReleaseState(dataDir), 'new');
    expect(readReleaseState(dataDir)).toEqual({ pending: null, current: 'new', previous: 'cur' });
    expect(existsSync(join(releasesDir(dataDir), 'old'))).toBe(false);
    expect(existsSync(join(releasesDir(dataDir), 'cur'))).toBe(true);
  });

  it('forgets a release that did not come up, wherever it stood', async () => {
    await writeReleaseState(dataDir, { pending: 'new', current: 'cur', previous: 'old' });
    await forgetFailed(dataDir, 'new');
    expect(readReleaseState(dataDir)).toEqual({ pending: null, current: 'cur', previous: 'old' });
    await forgetFailed(dataDir, 'cur');
    expect(readReleaseState(dataDir)).toEqual({ pending: null, current: 'old', previous: null });
  });

  it('sets uploaded releases aside when another npm package was installed since, and keeps the mark', async () => {
    await release('up');
    await writeReleaseState(dataDir, {
      pending: null,
      current: 'up',
      previous: null,
      installation: '1.0.0 a',
    });
    // The same package: nothing changes.
    const same = await forPackage(dataDir, readReleaseState(dataDir), '1.0.0 a');
    expect(candidates(dataDir, same)).toEqual(['up', null]);
    // Another package (update or rollback): the package itself runs; its healthy start deletes the rest.
    const other = await forPackage(dataDir, readReleaseState(dataDir), '1.1.0 b');
    expect(other).toEqual({ pending: null, current: null, previous: null, installation: '1.1.0 b' });
    expect(candidates(dataDir, other)).toEqual([null]);
    expect(readReleaseState(dataDir)).toEqual(other);
    await promote(dataDir, other, null);
    expect(existsSync(join(releasesDir(dataDir), 'up'))).toBe(false);
    // An upload to the new package keeps the mark through pending and promotion.
    await release('next');
    await writeReleaseState(dataDir, { ...readReleaseState(dataDir), pending: 'next' });
    await promote(dataDir, readReleaseState(dataDir), 'next');
    expect(readReleaseState(dataDir)).toEqual({
      pending: null,
      current: 'next',
      previous: null,
      installation: '1.1.0 b',
    });
    await forgetFailed(dataDir, 'next');
    expect(readReleaseState(dataDir).installation).toBe('1.1.0 b');
  });

  it('leaves a checkout’s state alone (no package, no mark)', async () => {
    const state = { pending: 'a', current: 'b', previous: null };
    expect(await forPackage(dataDir, state, null)).toBe(state);
  });
});
