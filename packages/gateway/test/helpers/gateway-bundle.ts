/** The gateway's bundle built for this test run (test/global-setup.ts): the entry a test starts. */
import { join } from 'node:path';
import { inject } from 'vitest';

/** The folder of the whole bundle (entries, chunks, source maps, the list of run-time packages). */
export function bundleDir(): string {
  return inject('gatewayBundle');
}

export function bundledEntry(name: 'main' | 'launcher'): string {
  return join(bundleDir(), `${name}.js`);
}
