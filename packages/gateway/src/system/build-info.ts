import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { INSTALL_ROOT } from '../paths';

export interface BuildInfo {
  version: string;
  /** `git describe` form: a tag, `<tag>-<n>-g<hash>` or `g<hash>`. */
  gitHash: string;
  gitBranch: string;
}

function git(args: string[]): string | undefined {
  try {
    const out = execFileSync('git', args, {
      cwd: INSTALL_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim() || undefined;
  } catch {
    return undefined;
  }
}

let cached: BuildInfo | undefined;

/**
 * The installed version and, in a git checkout, which commit it is. Read once per process: it cannot
 * change while we run, and every in-process reboot would otherwise block on two `git` runs again.
 */
export function readBuildInfo(): BuildInfo {
  cached ??= readFromDisk();
  return cached;
}

function readFromDisk(): BuildInfo {
  const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${INSTALL_ROOT}`), 'utf8')) as {
    version: string;
  };
  // An installed release carries its identity in its manifest; it is no git checkout.
  const release = readReleaseManifest();
  if (release) return { version: release.version, gitHash: release.gitHash, gitBranch: 'release' };
  const describe = git(['describe', '--tags', '--always']);
  return {
    version: pkg.version,
    // Without tags `git describe --always` prints a bare hash; the console expects the `g<hash>` form.
    gitHash: describe ? (/^[0-9a-f]{7,40}$/.test(describe) ? `g${describe}` : describe) : 'unknown',
    gitBranch: git(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'unknown',
  };
}

/** Written by `npm run release` into the release's root (docs/releases.md). */
export const RELEASE_MANIFEST_FILE = 'release.json';

/**
 * Which build an npm package installation is (docs/install.md): version and build time from its
 * release.json; null in a checkout, which has none.
 */
export function installationId(): string | null {
  const manifest = readReleaseManifest();
  return manifest?.createdAt ? `${manifest.version} ${manifest.createdAt}` : null;
}

function readReleaseManifest(): { version: string; gitHash: string; createdAt?: string } | undefined {
  try {
    const manifest = JSON.parse(
      readFileSync(new URL(RELEASE_MANIFEST_FILE, `file://${INSTALL_ROOT}`), 'utf8'),
    );
    return typeof manifest.version === 'string' && typeof manifest.gitHash === 'string'
      ? manifest
      : undefined;
  } catch {
    return undefined;
  }
}

/** What `--version` prints: `dtu-console 1.2.3 (g1a2b3c4)`. */
export function versionText(): string {
  const { version, gitHash } = readBuildInfo();
  return `dtu-console ${version} (${gitHash})`;
}
