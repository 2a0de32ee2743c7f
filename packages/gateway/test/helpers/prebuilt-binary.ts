/**
 * better-sqlite3's prebuilt binary for an `npm install` of the owner's package into a throw-away prefix.
 * An owner's install downloads it from the better-sqlite3 project's GitHub releases (its install step,
 * prebuild-install); this machine reaches only the npm registry, where the install step would compile
 * SQLite instead (minutes, and the compiler's memory). Here the binary comes from the checkout's own
 * better-sqlite3, of the same version and Node ABI, packed as the release download is and offered as a
 * "local prebuild" through a `.prebuild-installrc` in the prefix (prebuild-install reads it from the
 * folders above the package). Only this one file is provided: every package still comes from the
 * registry (or npm's cache of it), and every install script runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = fileURLToPath(new URL('../../../../', import.meta.url));

/** Puts the binary and the `.prebuild-installrc` that names it into `prefix`; returns the binary's file. */
export function offerPrebuiltBinary(prefix: string): string {
  const moduleDir = join(checkout, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const dir = join(prefix, 'prebuilds');
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-czf', join(dir, name), '-C', moduleDir, 'build/Release/better_sqlite3.node']);
  writeFileSync(join(prefix, '.prebuild-installrc'), `local-prebuilds=${dir}\n`);
  return join(dir, name);
}
