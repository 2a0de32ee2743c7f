/**
 * Before the gateway's tests: the gateway bundled as `npm start` runs it (build.mjs, esbuild), into a
 * folder of this run's own beside dist/, for the tests that start the gateway as a process of its own
 * (kill -9, TLS and port errors). A start of the bundle costs about a third of a start of the sources
 * through tsx (docs/testing.md). The folder is removed after the run.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundle's folder (main.js, launcher.js, …), one level below the gateway package. */
    gatewayBundle: string;
  }
}

const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));

export default function setup(project: TestProject): () => void {
  // One level below the package, as dist/ is: src/paths.ts finds the installation from there.
  const dir = `${GATEWAY_DIR}.test-bundle-${process.pid}`;
  execFileSync(process.execPath, ['build.mjs', '--outdir', dir], { cwd: GATEWAY_DIR, stdio: 'inherit' });
  project.provide('gatewayBundle', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
