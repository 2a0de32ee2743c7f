import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readReleaseState, writeReleaseState } from '../src/release/state';
import { freePort } from './helpers/ports';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let PORT = 0;

/**
 * A release folder whose gateway never answers (it just keeps running). Each entry leaves a mark in the
 * data directory when started, so a test can tell the bundle from the sources.
 */
async function deadRelease(dataDir: string, name: string, withBundle = false): Promise<void> {
  const dir = join(dataDir, 'releases', name);
  const entry = (mark: string) =>
    `require('node:fs').writeFileSync(${JSON.stringify(join(dataDir, mark))}, '');\nsetInterval(() => {}, 1000);\n`;
  await mkdir(join(dir, 'packages/gateway/src'), { recursive: true });
  await writeFile(join(dir, 'packages/gateway/src/main.ts'), entry('started-sources'));
  if (withBundle) {
    await mkdir(join(dir, 'packages/gateway/dist'), { recursive: true });
    // CommonJS in a .js file: the folder has no package.json saying "module".
    await writeFile(join(dir, 'packages/gateway/dist/main.js'), entry('started-bundle'));
  }
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'));
}

async function answers(): Promise<unknown> {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/system/status`);
      if (response.ok) return response.json();
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the launcher never brought a gateway up');
}

describe('launcher (src/launcher/main.ts)', () => {
  let launcher: ChildProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    if (launcher && launcher.exitCode === null) {
      const ended = new Promise((resolve) => launcher?.once('exit', resolve));
      launcher.kill('SIGTERM');
      await ended;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('falls back when a new release does not answer in time, and never tries it again', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dtu-launcher-'));
    PORT = await freePort();
    await deadRelease(dataDir, 'dtu-console-9.9.9', true);
    await writeReleaseState(dataDir, { current: null, previous: null, pending: 'dtu-console-9.9.9' });
    launcher = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/gateway/src/launcher/main.ts',
        '--host',
        '127.0.0.1',
        '--port',
        String(PORT),
        '--data-dir',
        dataDir,
      ],
      {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, DTU_CONSOLE_HEALTH_TIMEOUT_MS: '2000', LOG_LEVEL: 'warn' },
      },
    );
    const status = (await answers()) as { release: { current: string | null } };
    // The source checkout answers: the failed release is no longer pending, and was cleaned up.
    expect(status.release.current).toBeNull();
    await expect
      .poll(() => readReleaseState(dataDir))
      .toEqual({ current: null, previous: null, pending: null });
    await expect.poll(() => readdir(join(dataDir, 'releases'))).toEqual(['state.json']);
    // The release was started from its bundle, not through the TypeScript loader.
    expect(existsSync(join(dataDir, 'started-bundle'))).toBe(true);
    expect(existsSync(join(dataDir, 'started-sources'))).toBe(false);
  }, 60_000);
});
