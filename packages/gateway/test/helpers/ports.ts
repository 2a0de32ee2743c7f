import { createServer } from 'node:net';

/**
 * Loopback ports for servers a test starts itself (child gateways, Mosquitto, Prometheus, meters).
 *
 * Test files run in several vitest workers at once. A port found free by binding to port 0 comes from the
 * kernel's ephemeral range, where any other worker's `listen(0)` or outgoing connection may take it in the
 * moment between our check and the child's own bind (a child gateway takes a second or more to start): a
 * test would then talk to another test's server. So each worker hands out ports from a block of its own,
 * below the ephemeral range (Linux: 32768 and up), that no other worker and no `listen(0)` ever uses, and
 * checks each one is free before handing it out. Outside vitest (the bench) the block of worker 0 is used.
 */
const FIRST_PORT = 20_000;
const BLOCK = 500;
/** Blocks for up to 24 workers end at 32,500, below the ephemeral range. */
const MAX_WORKERS = 24;

const worker = Math.min(Number(process.env.VITEST_POOL_ID ?? 0), MAX_WORKERS);
let next = 0;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port of this worker's block that nobody listens on right now. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = FIRST_PORT + worker * BLOCK + (next++ % BLOCK);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${FIRST_PORT + worker * BLOCK}..${FIRST_PORT + (worker + 1) * BLOCK - 1}`);
}
