/**
 * The owner's npm package (docs/install.md): `npm run release` stages it from a checkout whose console and
 * gateway bundle are built, and packs it with `npm pack` into dtu-console-<version>.tgz. It holds the
 * bundle, the built console, what the gateway reads at run time, the systemd unit, the Raspberry Pi device
 * profiles and the docs; a package.json whose dependencies are only what the bundle loads at run time
 * (packages/gateway/dist/external-packages.json, written by the bundler), at the versions of the
 * checkout's lockfile; and an npm-shrinkwrap.json pinning their whole tree to those versions, so an
 * owner installs what was tested.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RELEASE_MANIFEST_FILE } from '../system/build-info';

/** Files and folders of the checkout the package holds, at the same paths (src/paths.ts finds them). */
export const PACKAGE_INCLUDE = [
  'packages/gateway/dist',
  'packages/gateway/assets',
  'packages/web/dist',
  'packages/web/src/i18n/locales',
  'deploy/systemd/dtu-console.service',
  'deploy/raspberry-pi/pin_mapping.json',
  'docs',
];
/** Not for an owner's host: source maps (they point into the sources) and the bundler's own notes. */
const LEFT_OUT = [/\.map$/, /^packages\/gateway\/dist\/external-packages\.json$/];

/** The package's commands: name → bundled entry (packages/gateway/build.mjs). */
export const PACKAGE_BIN: Readonly<Record<string, string>> = {
  'dtu-console': 'packages/gateway/dist/launcher.js',
  'dtu-console-radio-check': 'packages/gateway/dist/radio-check.js',
  'dtu-console-setup': 'packages/gateway/dist/setup.js',
};

export const PACKAGE_NAME = 'dtu-console';
export const packageFileName = (version: string) => `${PACKAGE_NAME}-${version}.tgz`;

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [key: string]: unknown;
}
export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/**
 * Where the registry keeps a package's tarball. With it in the shrinkwrap, npm downloads each tarball
 * straight away instead of first reading every package's list of versions (the checkout's lockfile leaves
 * it out: `omit-lockfile-registry-resolved`). npm puts the owner's registry in its place when they use
 * another one (its `replace-registry-host`).
 */
export function registryTarball(name: string, version: string): string {
  return `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`;
}

/** The folder a lockfile path's package sits in for Node's module resolution: one level up. */
function parentOf(path: string): string {
  const at = path.lastIndexOf('/node_modules/');
  return at < 0 ? '' : path.slice(0, at);
}

/** Where `name` resolves from `from` (a lockfile path), as Node would look: nearest node_modules first. */
function resolveIn(lock: Lockfile, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const path = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[path]) return path;
    if (base === '') return undefined;
    base = parentOf(base);
  }
}

/**
 * The lockfile entries of `dependencies` and everything they need, from the checkout's lockfile, at the
 * paths a package installed alone has them. `workspace` is where the dependencies are declared
 * (packages/gateway): versions npm could not hoist sit below it and move to the package's top.
 */
export function dependencyTree(
  lock: Lockfile,
  workspace: string,
  dependencies: readonly string[],
): Record<string, LockEntry> {
  const found: Record<string, LockEntry> = {};
  const relocate = (path: string) =>
    path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : path;
  const visit = (from: string, name: string, optional: boolean) => {
    const path = resolveIn(lock, from, name);
    if (path === undefined) {
      if (optional) return;
      throw new Error(`${name} (needed by ${from || 'the package'}) is not in package-lock.json`);
    }
    const target = relocate(path);
    if (found[target]) return;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock.packages[path] as LockEntry;
    found[target] = { ...entry, resolved: entry.resolved ?? registryTarball(name, entry.version as string) };
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(path, dep, false);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(path, dep, true);
  };
  for (const name of dependencies) visit(workspace, name, false);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}

export interface PackageManifest {
  name: string;
  version: string;
  description: string;
  license: string;
  type: 'module';
  engines: Record<string, string>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * The package.json and npm-shrinkwrap.json of the package: `external` are the bundle's run-time packages,
 * optional where the gateway declares them optional (koffi: no radio hardware without it, a start still).
 */
export function packageFiles(input: {
  version: string;
  rootManifest: { description?: string; license?: string; engines?: Record<string, string> };
  gatewayManifest: { optionalDependencies?: Record<string, string> };
  lock: Lockfile;
  external: readonly string[];
}): { manifest: PackageManifest; shrinkwrap: Lockfile & { name: string; version: string; requires: true } } {
  const { version, rootManifest, gatewayManifest, lock, external } = input;
  const tree = dependencyTree(lock, 'packages/gateway', external);
  const exact = (names: string[]) =>
    Object.fromEntries(names.map((name) => [name, tree[`node_modules/${name}`]?.version as string]));
  const optional = external.filter((name) => name in (gatewayManifest.optionalDependencies ?? {}));
  const required = external.filter((name) => !optional.includes(name));
  const manifest: PackageManifest = {
    name: PACKAGE_NAME,
    version,
    description: rootManifest.description ?? '',
    license: rootManifest.license ?? 'MIT',
    type: 'module',
    engines: rootManifest.engines ?? {},
    bin: { ...PACKAGE_BIN },
    dependencies: exact(required),
    ...(optional.length > 0 ? { optionalDependencies: exact(optional) } : {}),
  };
  const { name: _name, version: _version, type: _type, description: _d, ...rootEntry } = manifest;
  return {
    manifest,
    shrinkwrap: {
      name: PACKAGE_NAME,
      version,
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: PACKAGE_NAME, version, ...rootEntry }, ...tree },
    },
  };
}

/** Every file below `path` (relative to `root`), or `path` itself when it is a file. */
async function filesOf(root: string, path: string): Promise<string[]> {
  const entries = await readdir(join(root, path), { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [path];
  const nested = await Promise.all(entries.map((entry) => filesOf(root, `${path}/${entry.name}`)));
  return nested.flat();
}

/** The checkout's files the package holds (PACKAGE_INCLUDE without LEFT_OUT), sorted. */
export async function packageFileList(root: string): Promise<string[]> {
  const all = (await Promise.all(PACKAGE_INCLUDE.map((path) => filesOf(root, path)))).flat();
  return all.filter((path) => !LEFT_OUT.some((pattern) => pattern.test(path))).sort();
}

/**
 * Stages the package from the checkout `root` (its console and bundle built) in `<out>/.package`, packs it
 * with `npm pack` and returns the .tgz's path. `releaseManifest` is the release.json of the same build.
 */
export async function packNpmPackage(input: {
  root: string;
  out: string;
  version: string;
  releaseManifest: string;
}): Promise<string> {
  const { root, out, version } = input;
  const json = async (path: string) => JSON.parse(await readFile(join(root, path), 'utf8'));
  const { manifest, shrinkwrap } = packageFiles({
    version,
    rootManifest: await json('package.json'),
    gatewayManifest: await json('packages/gateway/package.json'),
    lock: await json('package-lock.json'),
    external: await json('packages/gateway/dist/external-packages.json'),
  });
  const stage = join(out, '.package');
  await rm(stage, { recursive: true, force: true });
  for (const path of await packageFileList(root)) {
    await mkdir(dirname(join(stage, path)), { recursive: true });
    await copyFile(join(root, path), join(stage, path));
  }
  await writeFile(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(stage, 'npm-shrinkwrap.json'), `${JSON.stringify(shrinkwrap, null, 2)}\n`);
  await writeFile(join(stage, RELEASE_MANIFEST_FILE), input.releaseManifest);
  // What npm shows for the package: the owner's page.
  await copyFile(join(root, 'docs/install.md'), join(stage, 'README.md'));
  const file = join(out, packageFileName(version));
  await rm(file, { force: true });
  execFileSync('npm', ['pack', '--ignore-scripts', '--loglevel=warn', '--pack-destination', out, stage], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await rm(stage, { recursive: true, force: true });
  return file;
}
