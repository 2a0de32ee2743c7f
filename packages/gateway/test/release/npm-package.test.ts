/**
 * The owner's npm package (src/release/npm-package.ts): the dependency tree taken from the lockfile, and
 * the real thing packed from a staged checkout, installed with npm into an empty prefix and run from there.
 * The staged checkout has the real bundle (the one this test run built), the real assets, texts, unit,
 * profiles and docs, and a one-page console (the real console's build is the bench's: `BENCH_ONLY=install`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packRelease } from '../../src/release/format';
import {
  dependencyTree,
  type Lockfile,
  packageFiles,
  packNpmPackage,
  registryTarball,
} from '../../src/release/npm-package';
import { bundleDir } from '../helpers/gateway-bundle';
import { multipart } from '../helpers/multipart';
import { freePort } from '../helpers/ports';
import { offerPrebuiltBinary } from '../helpers/prebuilt-binary';

const checkout = fileURLToPath(new URL('../../../../', import.meta.url));

describe('the package’s dependencies (dependencyTree, packageFiles)', () => {
  const lock: Lockfile = {
    lockfileVersion: 3,
    packages: {
      '': { name: 'dtu-console' },
      'packages/gateway': { version: '0.1.0' },
      'node_modules/native': {
        version: '1.2.3',
        dependencies: { helper: '^2' },
        optionalDependencies: { 'native-arm': '1.2.3', 'native-mips': '1.2.3' },
      },
      'node_modules/native-arm': { version: '1.2.3', optional: true, cpu: ['arm'] },
      'node_modules/helper': { version: '2.0.0', dev: true, dependencies: { tiny: '^1' } },
      'node_modules/helper/node_modules/tiny': { version: '1.0.0' },
      'node_modules/tiny': { version: '3.0.0' },
      'packages/gateway/node_modules/pinned': { version: '0.9.0' },
      'node_modules/pinned': { version: '5.0.0' },
      'node_modules/unrelated': { version: '9.9.9' },
    },
  };

  const at = (name: string, version: string) => `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz`;

  it('takes what the run-time packages need, as Node resolves it, moved to the package’s top, with the registry’s tarball', () => {
    expect(dependencyTree(lock, 'packages/gateway', ['native', 'pinned'])).toEqual({
      'node_modules/helper': {
        version: '2.0.0',
        dependencies: { tiny: '^1' },
        resolved: at('helper', '2.0.0'),
      },
      'node_modules/helper/node_modules/tiny': { version: '1.0.0', resolved: at('tiny', '1.0.0') },
      'node_modules/native': { ...lock.packages['node_modules/native'], resolved: at('native', '1.2.3') },
      'node_modules/native-arm': {
        version: '1.2.3',
        optional: true,
        cpu: ['arm'],
        resolved: at('native-arm', '1.2.3'),
      },
      'node_modules/pinned': { version: '0.9.0', resolved: at('pinned', '0.9.0') },
    });
  });

  it('names a scoped package’s tarball without its scope', () => {
    expect(registryTarball('@koromix/koffi-linux-arm', '3.3.4')).toBe(
      'https://registry.npmjs.org/@koromix/koffi-linux-arm/-/koffi-linux-arm-3.3.4.tgz',
    );
  });

  it('refuses a run-time package the lockfile does not have', () => {
    expect(() => dependencyTree(lock, 'packages/gateway', ['missing'])).toThrow(
      /missing .*package-lock\.json/,
    );
  });

  it('pins exact versions and keeps optional what the gateway declares optional', () => {
    const { manifest, shrinkwrap } = packageFiles({
      version: '1.2.3',
      rootManifest: { description: 'd', license: 'MIT', engines: { node: '>=20.19' } },
      gatewayManifest: { optionalDependencies: { pinned: '^0.9' } },
      lock,
      external: ['native', 'pinned'],
    });
    expect(manifest).toMatchObject({
      name: 'dtu-console',
      version: '1.2.3',
      engines: { node: '>=20.19' },
      dependencies: { native: '1.2.3' },
      optionalDependencies: { pinned: '0.9.0' },
      bin: { 'dtu-console': 'packages/gateway/dist/launcher.js' },
    });
    expect(shrinkwrap.packages['']).toMatchObject({
      name: 'dtu-console',
      version: '1.2.3',
      dependencies: { native: '1.2.3' },
    });
    expect(Object.keys(shrinkwrap.packages)).not.toContain('node_modules/unrelated');
  });
});

describe('the package packed, installed with npm and run', () => {
  const work = mkdtempSync(join(tmpdir(), 'dtu-npm-package-'));
  const stage = join(work, 'checkout');
  const prefix = join(work, 'prefix');
  let tgz = '';
  let listing: string[] = [];
  const bin = (name: string) => join(prefix, 'bin', name);

  beforeAll(() => {
    // A checkout with its builds: the real bundle built into it, the console one page.
    for (const path of [
      'package.json',
      'package-lock.json',
      'packages/gateway/package.json',
      'packages/gateway/assets',
      'packages/web/src/i18n/locales',
      'deploy',
      'docs',
    ]) {
      cpSync(join(checkout, path), join(stage, path), { recursive: true });
    }
    // The run's own bundle (test/global-setup.ts), built as `npm start` builds dist/.
    cpSync(bundleDir(), join(stage, 'packages/gateway/dist'), { recursive: true });
    mkdirSync(join(stage, 'packages/web/dist'), { recursive: true });
    writeFileSync(join(stage, 'packages/web/dist/index.html'), '<!doctype html><title>dtu-console</title>\n');
    const releaseManifest = `${JSON.stringify({ name: 'dtu-console', version: '7.8.9', gitHash: 'g1234567', createdAt: '2026-11-28T12:00:00.000Z' })}\n`;
    return packNpmPackage({ root: stage, out: work, version: '7.8.9', releaseManifest }).then((file) => {
      tgz = file;
      listing = execFileSync('tar', ['-tzf', tgz], { encoding: 'utf8' }).trim().split('\n');
      // As an owner installs it, from the registry (npm's cache of it first); the SQLite binary as the
      // download an owner's install makes (helpers/prebuilt-binary.ts).
      mkdirSync(prefix);
      offerPrebuiltBinary(prefix);
      execFileSync(
        'npm',
        [
          'install',
          '-g',
          '--prefix',
          prefix,
          tgz,
          '--prefer-offline',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
        ],
        { stdio: 'ignore' },
      );
    });
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is dtu-console-<version>.tgz and holds no sources, tests, source maps or node_modules', () => {
    expect(tgz).toBe(join(work, 'dtu-console-7.8.9.tgz'));
    expect(
      listing.filter((path) =>
        /\.(ts|tsx|map)$|\/node_modules\/|\/(test|tests|src)\/(?!i18n\/locales\/)/.test(path),
      ),
    ).toEqual([]);
    expect(listing).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/npm-shrinkwrap.json',
        'package/release.json',
        'package/packages/gateway/dist/main.js',
        'package/packages/gateway/dist/launcher.js',
        'package/packages/gateway/assets/zones.json',
        'package/packages/web/dist/index.html',
        'package/packages/web/src/i18n/locales/de.json',
        'package/deploy/systemd/dtu-console.service',
        'package/deploy/raspberry-pi/pin_mapping.json',
        'package/docs/install.md',
      ]),
    );
  });

  it('installs only the native packages beside the bundle', () => {
    const installed = join(prefix, 'lib/node_modules/dtu-console');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).sort()).toEqual([
      'better-sqlite3',
      'koffi',
      'serialport',
    ]);
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('answers --version and --help from the installed commands', () => {
    expect(execFileSync(bin('dtu-console'), ['--version'], { encoding: 'utf8' })).toBe(
      'dtu-console 7.8.9 (g1234567)\n',
    );
    expect(execFileSync(bin('dtu-console'), ['--help'], { encoding: 'utf8' })).toMatch(
      /^Usage: dtu-console[\s\S]*\/var\/lib\/dtu-console when installed/,
    );
    expect(execFileSync(bin('dtu-console-radio-check'), ['--help'], { encoding: 'utf8' })).toMatch(
      /dtu-console-radio-check/,
    );
    expect(execFileSync(bin('dtu-console-setup'), ['--help'], { encoding: 'utf8' })).toMatch(
      /^Usage: sudo dtu-console-setup/,
    );
  });

  /** The installed dtu-console on a free port; resolves once /api/system/status answers. */
  async function startInstalled(dataDir: string) {
    const port = await freePort();
    const child: ChildProcess = spawn(
      bin('dtu-console'),
      ['--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir],
      { stdio: 'ignore', env: { ...process.env, LOG_LEVEL: 'warn', DTU_CONSOLE_HEALTH_TIMEOUT_MS: '30000' } },
    );
    const status = async () =>
      fetch(`http://127.0.0.1:${port}/api/system/status`).then(
        (response) => (response.ok ? (response.json() as Promise<Status>) : undefined),
        () => undefined,
      );
    const until = async (wanted: (status: Status) => boolean) => {
      for (let i = 0; i < 240; i++) {
        const now = await status();
        if (now && wanted(now)) return now;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('the installed gateway did not get there within 60 s');
    };
    await until(() => true);
    return {
      port,
      until,
      async stop() {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      },
    };
  }
  type Status = { git_hash?: string; release?: { current: string | null } };

  it('starts with --data-dir, serves the console and the status, and keeps its data there', async () => {
    const dataDir = join(work, 'data');
    const gateway = await startInstalled(dataDir);
    try {
      expect(await gateway.until(() => true)).toMatchObject({
        git_hash: 'g1234567',
        release: { current: null },
      });
      expect(await (await fetch(`http://127.0.0.1:${gateway.port}/`)).text()).toContain('dtu-console');
      expect(readFileSync(join(dataDir, 'config.json'), 'utf8')).toContain('"dtu"');
    } finally {
      await gateway.stop();
    }
  }, 60_000);

  it('takes a firmware-upgrade release of the same build and restarts into it, its dependencies the package’s', async () => {
    const installed = join(prefix, 'lib/node_modules/dtu-console');
    const paths = execFileSync('find', ['.', '-type', 'f', '-not', '-path', './node_modules/*'], {
      cwd: installed,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .map((path) => path.slice(2))
      .filter((path) => path !== 'release.json');
    const meta = {
      name: 'dtu-console',
      version: '7.9.0',
      gitHash: 'g7654321',
      createdAt: '2026-11-28T13:00:00.000Z',
    };
    const files = [
      ...paths.map((path) => ({ path, data: readFileSync(join(installed, path)) })),
      // The upload check asks for the gateway's sources too (docs/releases.md).
      {
        path: 'packages/gateway/src/main.ts',
        data: readFileSync(join(checkout, 'packages/gateway/src/main.ts')),
      },
      { path: 'release.json', data: Buffer.from(JSON.stringify(meta)) },
    ];
    const upload = gzipSync(packRelease(meta, files));
    const gateway = await startInstalled(join(work, 'data-upgrade'));
    try {
      const body = multipart([
        { name: 'MD5', content: createHash('md5').update(upload).digest('hex') },
        { name: 'firmware', filename: 'dtu-console-7.9.0.bin.gz', content: upload },
      ]);
      const response = await fetch(`http://127.0.0.1:${gateway.port}/api/firmware/update`, {
        method: 'POST',
        headers: {
          ...body.headers,
          authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`,
        },
        body: body.payload,
      });
      expect(response.status).toBe(200);
      expect(await gateway.until((status) => status.release?.current === 'dtu-console-7.9.0')).toMatchObject({
        git_hash: 'g7654321',
      });
    } finally {
      await gateway.stop();
    }
  }, 90_000);
});
