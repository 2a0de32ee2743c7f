/**
 * `npm run release`: packs the built gateway and console into dist-release/dtu-console-<version>.bin.gz
 * (format in docs/releases.md), the firmware-upgrade file, and from the same build into
 * dist-release/dtu-console-<version>.tgz, the owner's npm package (docs/install.md).
 * Options: --version <semver> (default: package.json), --out <dir>.
 * Builds the console and the gateway bundle first when their sources are newer (scripts/ensure-build.mjs).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { packRelease, RELEASE_NAME, releaseDirName } from '../packages/gateway/src/release/format';
import { packNpmPackage } from '../packages/gateway/src/release/npm-package';
import { RELEASE_MANIFEST_FILE, readBuildInfo } from '../packages/gateway/src/system/build-info';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What a release runs from: the gateway's bundle and sources (a release without the bundle runs them), what
 * they read at run time, and the built console.
 */
const INCLUDE = [
  'package.json',
  'tsconfig.base.json',
  'packages/contract/package.json',
  'packages/contract/tsconfig.json',
  'packages/contract/src',
  'packages/hoymiles/package.json',
  'packages/hoymiles/tsconfig.json',
  'packages/hoymiles/src',
  'packages/hoymiles/data',
  'packages/gateway/package.json',
  'packages/gateway/tsconfig.json',
  'packages/gateway/src',
  'packages/gateway/dist',
  'packages/gateway/assets',
  'packages/web/package.json',
  'packages/web/dist',
  'packages/web/src/i18n/locales',
];

async function collect(path: string): Promise<string[]> {
  const full = join(root, path);
  const entries = await readdir(full, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [path];
  const nested = await Promise.all(
    entries.map((entry) => collect(relative(root, join(full, entry.name)).split('\\').join('/'))),
  );
  return nested.flat();
}

async function main() {
  const { values } = parseArgs({ options: { version: { type: 'string' }, out: { type: 'string' } } });
  // A release must not carry a console or a gateway bundle older than its sources.
  execFileSync(process.execPath, [join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
  const build = readBuildInfo();
  const version = values.version ?? build.version;
  const out = resolve(values.out ?? join(root, 'dist-release'));
  const paths = (await Promise.all(INCLUDE.map(collect))).flat().sort();
  const files = await Promise.all(
    paths.map(async (path) => ({ path, data: await readFile(join(root, path)) })),
  );
  const meta = { name: RELEASE_NAME, version, gitHash: build.gitHash, createdAt: new Date().toISOString() };
  const releaseManifest = `${JSON.stringify(meta, null, 2)}\n`;
  files.push({ path: RELEASE_MANIFEST_FILE, data: Buffer.from(releaseManifest) });
  const packed = gzipSync(packRelease(meta, files), { level: 9 });
  await mkdir(out, { recursive: true });
  const file = join(out, `${releaseDirName(version)}.bin.gz`);
  await writeFile(file, packed);
  console.log(`${file}: ${files.length} files, ${packed.length} bytes`);
  const tgz = await packNpmPackage({ root, out, version, releaseManifest });
  console.log(`${tgz}: ${(await stat(tgz)).size} bytes`);
}

await main();
