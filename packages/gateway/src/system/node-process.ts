/**
 * How the gateway's Node.js process is started (the launcher src/launcher/main.ts, the browser tests and
 * the bench): from its bundle, sized for a small host. V8's young generation defaults to 16 MB
 * semi-spaces, and glibc keeps a malloc arena per thread; both hold memory a gateway with a few inverters
 * and clients never needs (about 35 MB of RSS together). Smaller semi-spaces mean more, but shorter,
 * scavenges; REST throughput did not suffer in the bench (`--optimize-for-size` saved more memory but
 * halved it). The environment of the launching process wins, so MALLOC_ARENA_MAX can still be set from
 * outside.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const GATEWAY_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];
export const GATEWAY_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** The bundle (packages/gateway/build.mjs), relative to an installation's folder. */
export const GATEWAY_BUNDLE = 'packages/gateway/dist/main.js';

/**
 * How Node.js is told to run the gateway of an installation (the checkout or an installed release): its
 * bundle when it has one, else the TypeScript sources through tsx (releases made before the bundle).
 */
export function gatewayEntry(folder: string): string[] {
  return existsSync(join(folder, GATEWAY_BUNDLE))
    ? [GATEWAY_BUNDLE]
    : ['--import', 'tsx', 'packages/gateway/src/main.ts'];
}
