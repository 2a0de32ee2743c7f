import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createGateway, type Gateway } from '../../src/app';
import type { GatewayOptions } from '../../src/options';

/** A gateway on a fresh data directory, for fastify inject tests; call cleanup() after. */
export async function testGateway(
  overrides: Partial<GatewayOptions> = {},
): Promise<{ gateway: Gateway; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dtu-test-'));
  const gateway = await createGateway(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      webRoot: join(dataDir, 'no-web-root'),
      logLevel: 'silent',
      prettyLog: false,
      ...overrides,
    },
    {
      log: pino({ level: 'silent' }),
      build: { version: '0.0.0-test', gitHash: 'gabc1234', gitBranch: 'main' },
    },
  );
  await gateway.http.ready();
  return {
    gateway,
    dataDir,
    cleanup: async () => {
      await gateway.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
