import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createGateway, type Gateway, type GatewayDeps } from '../../src/app';
import type { GatewayOptions } from '../../src/options';

/** A gateway on a fresh data directory, for fastify inject tests; call cleanup() after. */
export async function testGateway(
  overrides: Partial<GatewayOptions> = {},
  deps: Partial<GatewayDeps> = {},
): Promise<{ gateway: Gateway; dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'dtu-test-')));
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
      // Tests drive the radio on a ManualClock, which cannot cross into the radio thread.
      radioThread: 'main',
      ...deps,
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

/** Authorization header value for the admin account. */
export function basicAuth(password = 'openDTU42', username = 'admin'): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** The console's POST form: `data=<JSON>` urlencoded. */
export function formData(data: unknown): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams({ data: typeof data === 'string' ? data : JSON.stringify(data) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** POSTs `data` as the console does, with extra headers (e.g. Authorization). */
export function postForm(gateway: Gateway, url: string, data: unknown, headers: Record<string, string> = {}) {
  const form = formData(data);
  return gateway.http.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}
