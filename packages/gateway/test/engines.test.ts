/**
 * The gateway promises Node.js 20.19 (package.json `engines`); so must every package it installs. Some
 * packages of the Fastify family moved to Node 22 in minor releases: this keeps such a version from
 * slipping in with a lock-file update (pin an older one in `overrides` instead).
 */
import { readFileSync } from 'node:fs';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }>;
};
const promised = (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('installed packages', () => {
  it('all run on the oldest Node.js the gateway promises', () => {
    const oldest = minVersion(promised)?.version ?? '';
    expect(oldest).toMatch(/^20\./);
    const refusing = Object.entries(lock.packages)
      .filter(([path, pkg]) => {
        const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
        return path !== '' && range !== undefined && !satisfies(oldest, range);
      })
      .map(
        ([path, pkg]) => `${path}@${pkg.version} needs Node ${(pkg.engines as Record<string, string>).node}`,
      );
    expect(refusing).toEqual([]);
  });
});
