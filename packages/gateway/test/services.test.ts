import { describe, expect, it } from 'vitest';
import type { SocketClient } from '../src/ws/clients';
import { testGateway } from './helpers/gateway';

function fakeClient(): SocketClient & { closed?: [number, string] } {
  const client = {
    readyState: 1,
    bufferedAmount: 0,
    send: () => {},
    terminate: () => {},
    close(code: number, reason: string) {
      client.closed = [code, reason];
    },
  } as SocketClient & { closed?: [number, string] };
  return client;
}

describe('the services of a run', () => {
  it('fill the context slots and stop with the gateway', async () => {
    const env = await testGateway();
    const { services } = env.gateway.ctx;
    expect(services.sntp.name).toBe('sntp');
    expect(services.livedata.name).toBe('livedata');
    expect(services.console.name).toBe('console');
    await env.gateway.start();
    await env.cleanup();
    // A stopped hub turns new clients away instead of holding them.
    const client = fakeClient();
    services.livedata.add(client);
    expect(client.closed).toEqual([1001, 'Gateway stopping']);
  });
});
