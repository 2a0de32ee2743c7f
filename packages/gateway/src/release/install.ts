/**
 * Installing an uploaded release (docs/releases.md): everything is checked first (container, manifest,
 * every checksum); only then is it unpacked beside the running release, under a temporary name renamed
 * into place, and marked pending for the launcher. A rejected file changes nothing.
 */
import { mkdir, readdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { uploadRefusalText } from '@dtu-console/contract';
import { INSTALL_MODULES } from '../paths';
import { isEspImageHeader } from './esp-image';
import { type Checked, isReleaseHeader, type ReleaseManifest, readRelease, releaseDirName } from './format';
import { RELEASE_ENV, readReleaseState, releasesDir, writeReleaseState } from './state';

/** What the upload's (inflated) bytes are, with the message a user can act on. */
export function identify(head: Uint8Array): Checked<'release'> {
  if (isReleaseHeader(head)) return { ok: true, value: 'release' };
  if (isEspImageHeader(head)) {
    return {
      ok: false,
      reason: uploadRefusalText('espImage'),
    };
  }
  return { ok: false, reason: uploadRefusalText('notRelease') };
}

export async function installRelease(
  container: Buffer,
  dataDir: string,
  modulesDir = INSTALL_MODULES,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Checked<ReleaseManifest>> {
  const checked = readRelease(container);
  if (!checked.ok) return checked;
  const { manifest, files } = checked.value;
  const name = releaseDirName(manifest.version);
  if (env[RELEASE_ENV] === name) {
    return { ok: false, reason: uploadRefusalText('releaseRunning', { release: name }) };
  }

  const root = releasesDir(dataDir);
  const partial = join(root, `${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  try {
    for (const [path, data] of files) {
      const target = join(partial, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, data);
    }
    await linkModules(partial, modulesDir);
    const final = join(root, name);
    await rm(final, { recursive: true, force: true });
    await rename(partial, final);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  await writeReleaseState(dataDir, { ...readReleaseState(dataDir), pending: name });
  return { ok: true, value: manifest };
}

/**
 * The release's node_modules: links to the installation's packages, except our own workspace packages,
 * which point into the release itself so it runs its own contract and protocol code.
 */
async function linkModules(releaseRoot: string, modulesDir: string): Promise<void> {
  const modules = join(releaseRoot, 'node_modules');
  await mkdir(modules, { recursive: true });
  const own = new Map<string, string>();
  for (const dir of await readdir(join(releaseRoot, 'packages')).catch(() => [] as string[])) {
    try {
      const pkg = JSON.parse(await readFile(join(releaseRoot, 'packages', dir, 'package.json'), 'utf8'));
      if (typeof pkg.name === 'string') own.set(pkg.name, join(releaseRoot, 'packages', dir));
      // Packages nested under a workspace (versions that could not be hoisted) come from the installation.
      const nested = join(modulesDir, '..', 'packages', dir, 'node_modules');
      await symlink(await realpath(nested), join(releaseRoot, 'packages', dir, 'node_modules')).catch(
        () => {},
      );
    } catch {
      // A folder without package.json is no package.
    }
  }
  for (const entry of await readdir(modulesDir)) {
    if (entry.startsWith('@')) {
      await mkdir(join(modules, entry), { recursive: true });
      for (const scoped of await readdir(join(modulesDir, entry))) {
        if (own.has(`${entry}/${scoped}`)) continue;
        await symlink(await realpath(join(modulesDir, entry, scoped)), join(modules, entry, scoped));
      }
    } else {
      await symlink(await realpath(join(modulesDir, entry)), join(modules, entry));
    }
  }
  for (const [pkgName, dir] of own) {
    const link = join(modules, pkgName);
    await mkdir(dirname(link), { recursive: true });
    await symlink(relative(dirname(link), dir), link);
  }
}
