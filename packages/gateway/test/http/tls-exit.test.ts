import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../helpers/gateway-bundle';
import { makeTlsFiles, type TlsFiles } from '../helpers/tls-files';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs the gateway's bundle (as `npm start` does) and collects how it ended. */
function runGateway(args: string[]): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [bundledEntry('main'), '--host', '127.0.0.1', '--port', '0', ...args],
      { cwd: root, env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info' } },
    );
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    // A gateway that came up would run on: stop it, the test then fails on the exit code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('a bad TLS key or certificate ends the start with one line', () => {
  let files: TlsFiles;
  let dir = '';
  beforeAll(async () => {
    files = await makeTlsFiles();
    dir = await mkdtemp(join(tmpdir(), 'dtu-tls-exit-'));
    await writeFile(join(dir, 'garbage.pem'), 'this is not a certificate\n');
  });
  afterAll(async () => {
    await files.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('says which file and why, without a stack trace, and exits non-zero', async () => {
    const cases = [
      {
        args: ['--tls-cert', join(dir, 'missing.pem'), '--tls-key', files.serverKeyFile],
        says: `Cannot read the TLS certificate ${join(dir, 'missing.pem')}: no such file`,
      },
      {
        args: ['--tls-cert', join(dir, 'garbage.pem'), '--tls-key', files.serverKeyFile],
        says: `TLS certificate ${join(dir, 'garbage.pem')} holds no PEM certificate`,
      },
      {
        args: ['--tls-cert', files.serverCertFile, '--tls-key', join(files.dir, 'client.key')],
        says: `TLS private key ${join(files.dir, 'client.key')} does not belong to the certificate ${files.serverCertFile}`,
      },
      {
        args: ['--tls-cert', files.serverCertFile, '--tls-key', join(dir, 'garbage.pem')],
        says: `TLS private key ${join(dir, 'garbage.pem')} holds no PEM private key`,
      },
    ];
    const results = await Promise.all(
      cases.map((entry, index) => runGateway([...entry.args, '--data-dir', join(dir, `data-${index}`)])),
    );
    for (const [index, result] of results.entries()) {
      const { says } = cases[index] as (typeof cases)[number];
      expect(result.code, says).toBe(1);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, says).toHaveLength(1);
      expect(lines[0], says).toContain(`dtu-console: ${says}`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).not.toMatch(/Console ready/);
    }
  }, 60_000);

  it('refuses half a pair and an unknown mode before starting (exit 2)', async () => {
    const half = await runGateway(['--tls-cert', files.serverCertFile, '--data-dir', join(dir, 'half')]);
    expect(half.code).toBe(2);
    expect(half.stderr.trim()).toBe('dtu-console: --tls-cert needs --tls-key (the private key)');
  }, 30_000);
});
