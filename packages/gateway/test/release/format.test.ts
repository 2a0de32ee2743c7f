import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packRelease, REQUIRED_FILES, readRelease } from '../../src/release/format';
import { releaseInfo, releaseSwitchPending, writeReleaseState } from '../../src/release/state';

const meta = { name: 'dtu-console', version: '1.2.3', gitHash: 'gabc', createdAt: '2026-01-01T00:00:00Z' };
const required = REQUIRED_FILES.map((path) => ({ path, data: Buffer.from(path) }));

describe('release container', () => {
  it('round-trips a manifest and its files', () => {
    const read = readRelease(
      packRelease(meta, [...required, { path: 'a/b.txt', data: Buffer.from('hello') }]),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.manifest).toMatchObject({ name: 'dtu-console', version: '1.2.3', gitHash: 'gabc' });
    expect(read.value.files.get('a/b.txt')?.toString()).toBe('hello');
  });

  it.each(['../evil', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b', './a'])('refuses the path %j', (path) => {
    const read = readRelease(packRelease(meta, [...required, { path, data: Buffer.from('x') }]));
    expect(read).toMatchObject({ ok: false, reason: expect.stringMatching(/invalid file path/) });
  });

  it('refuses other products, bad versions, incomplete releases and trailing bytes', () => {
    expect(readRelease(packRelease({ ...meta, name: 'opendtu' }, required))).toMatchObject({ ok: false });
    expect(readRelease(packRelease({ ...meta, version: 'latest' }, required))).toMatchObject({
      ok: false,
      reason: 'Release manifest has no valid version',
    });
    expect(readRelease(packRelease(meta, required.slice(1)))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Release is incomplete/),
    });
    const packed = packRelease(meta, required);
    expect(readRelease(Buffer.concat([packed, Buffer.from('x')]))).toMatchObject({ ok: false });
    expect(readRelease(Buffer.from('PK\x03\x04 a zip file'))).toMatchObject({
      ok: false,
      reason: 'Not a dtu-console release',
    });
  });
});

describe('release state', () => {
  it('names the running release and the one a failed start falls back to', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-release-state-'));
    try {
      expect(releaseInfo(dir, {})).toEqual({ current: null, previous: null });
      await writeReleaseState(dir, {
        current: 'dtu-console-2.0.0',
        previous: 'dtu-console-1.0.0',
        pending: null,
      });
      const env = { DTU_CONSOLE_RELEASE: 'dtu-console-2.0.0' };
      expect(releaseInfo(dir, env)).toEqual({ current: 'dtu-console-2.0.0', previous: 'dtu-console-1.0.0' });
      expect(releaseSwitchPending(dir, { DTU_CONSOLE_LAUNCHER: '1' })).toBe(false);
      await writeReleaseState(dir, {
        current: 'dtu-console-2.0.0',
        previous: null,
        pending: 'dtu-console-3.0.0',
      });
      expect(releaseSwitchPending(dir, { DTU_CONSOLE_LAUNCHER: '1' })).toBe(true);
      // Without the launcher nobody would start the new release: the in-process restart stays.
      expect(releaseSwitchPending(dir, {})).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
