import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { healthUrl, probe } from '../../src/launcher/health';
import { readReleaseState, writeReleaseState } from '../../src/release/state';
import { freePort } from '../helpers/ports';
import { makeTlsFiles, type TlsFiles } from '../helpers/tls-files';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
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

/**
 * A release whose bundle is an HTTPS server with the test's certificate, answering the status request as
 * a gateway with TLS on would (it ignores its arguments: --tls-cert, --tls-key, --port).
 */
async function httpsRelease(dataDir: string, name: string, tls: TlsFiles, port: number): Promise<void> {
  const dir = join(dataDir, 'releases', name);
  await mkdir(join(dir, 'packages/gateway/dist'), { recursive: true });
  const server = `const fs = require('node:fs');
require('node:https')
  .createServer(
    { key: fs.readFileSync(${JSON.stringify(tls.serverKeyFile)}), cert: fs.readFileSync(${JSON.stringify(tls.serverCertFile)}) },
    (request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ release: { current: ${JSON.stringify(name)}, previous: null } }));
    },
  )
  .listen(${port}, '127.0.0.1');
`;
  await writeFile(join(dir, 'packages/gateway/dist/main.js'), server);
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

  it('checks the health of a gateway that serves HTTPS over HTTPS, and keeps the healthy release', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dtu-launcher-'));
    PORT = await freePort();
    const tls = await makeTlsFiles();
    try {
      await httpsRelease(dataDir, 'dtu-console-9.9.9', tls, PORT);
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
          '--tls-cert',
          tls.serverCertFile,
          '--tls-key',
          tls.serverKeyFile,
        ],
        {
          cwd: root,
          stdio: 'ignore',
          env: { ...process.env, DTU_CONSOLE_HEALTH_TIMEOUT_MS: '20000', LOG_LEVEL: 'warn' },
        },
      );
      // Healthy over HTTPS: promoted to the release in use, nothing to fall back to.
      await expect
        .poll(() => readReleaseState(dataDir), { timeout: 25_000, interval: 200 })
        .toEqual({ current: 'dtu-console-9.9.9', previous: null, pending: null });
      expect(existsSync(join(dataDir, 'releases', 'dtu-console-9.9.9'))).toBe(true);
    } finally {
      await tls.cleanup();
    }
  }, 60_000);
});

describe('launcher health check (src/launcher/health.ts)', () => {
  it('asks over HTTPS when TLS is on, on the loopback address when listening on all', () => {
    expect(healthUrl({ host: '0.0.0.0', port: 8080 })).toBe('http://127.0.0.1:8080/api/system/status');
    expect(healthUrl({ host: '::1', port: 8443, tls: { mode: 'self-signed' } })).toBe(
      'https://[::1]:8443/api/system/status',
    );
    expect(
      healthUrl({ host: '192.168.1.5', port: 443, tls: { mode: 'files', certFile: '/c', keyFile: '/k' } }),
    ).toBe('https://192.168.1.5:443/api/system/status');
  });

  it('gets an answer from a server with a certificate it does not know, and none from nothing', async () => {
    const tls = await makeTlsFiles();
    const { createServer } = await import('node:https');
    const { readFile } = await import('node:fs/promises');
    const server = createServer(
      { key: await readFile(tls.serverKeyFile), cert: await readFile(tls.serverCertFile) },
      (_request, response) => {
        response.writeHead(401);
        response.end();
      },
    );
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      expect(await probe(`https://127.0.0.1:${port}/api/system/status`, 2000)).toBe(401);
      // Plain HTTP to an HTTPS port gets no HTTP answer.
      expect(await probe(`http://127.0.0.1:${port}/api/system/status`, 2000)).toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await tls.cleanup();
    }
    expect(await probe(`https://127.0.0.1:${port}/api/system/status`, 2000)).toBeUndefined();
  });
});
