/** The gateway's bundle built for this test run (test/global-setup.ts): the entry a test starts. */
import { join } from 'node:path';
import { inject } from 'vitest';

export function bundledEntry(name: 'main' | 'launcher'): string {
  return join(inject('gatewayBundle'), `${name}.js`);
}
