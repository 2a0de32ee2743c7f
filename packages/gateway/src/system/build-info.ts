import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  /** `git describe` form: a tag, `<tag>-<n>-g<hash>` or `g<hash>`. */
  gitHash: string;
  gitBranch: string;
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function git(args: string[]): string | undefined {
  try {
    const out = execFileSync('git', args, {
      cwd: repoRoot,
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
  const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${repoRoot}`), 'utf8')) as {
    version: string;
  };
  const describe = git(['describe', '--tags', '--always']);
  return {
    version: pkg.version,
    // Without tags `git describe --always` prints a bare hash; the console expects the `g<hash>` form.
    gitHash: describe ? (/^[0-9a-f]{7,40}$/.test(describe) ? `g${describe}` : describe) : 'unknown',
    gitBranch: git(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'unknown',
  };
}
