/**
 * Alert push against a local HTTP server on loopback: the JSON webhook and the ntfy-style text push, sent
 * on opening and clearing, retried with back-off, and no secret in the logs.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '@dtu-console/clock';
import type { Alert } from '@dtu-console/contract';
import { alertsConfig } from '@dtu-console/contract/alerts/fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlertPush, headerText } from '../../src/alerts/push';
import type { AlertsSettings } from '../../src/alerts/rules/rule';
import type { ConfigStore } from '../../src/config/store';
import { capturedLogger } from '../helpers/log-capture';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function server(statuses: number[]): Promise<{ server: Server; base: string; received: Received[] }> {
  const received: Received[] = [];
  const s = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { server: s, base: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, received };
}

const settings = (base: string): AlertsSettings =>
  alertsConfig({
    webhook_enabled: true,
    webhook_url: `${base}/hook/SECRET-HOOK-ID`,
    webhook_auth: 'Bearer SECRET-AUTH',
    ntfy_enabled: true,
    ntfy_url: `${base}/SECRET-TOPIC`,
    ntfy_token: 'SECRET-TOKEN',
  });

const alert: Alert = {
  id: 3,
  rule: 'unreachable',
  serial: '114172220003',
  name: 'Garage roof',
  channel: null,
  message: 'Garage roof (114172220003) does not answer in daylight',
  started: 1_750_500_000,
  ended: null,
  acknowledged: false,
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('alert push', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  it('sends the webhook JSON and the ntfy text on opening and clearing', async () => {
    const target = await server([]);
    servers.push(target.server);
    const { log } = capturedLogger();
    const config = { get: () => settings(target.base) } as unknown as ConfigStore;
    const push = createAlertPush({ config, clock: new ManualClock(0), log });
    push.send('opened', alert);
    await until(() => target.received.length === 2);
    const hook = target.received.find((r) => r.url === '/hook/SECRET-HOOK-ID');
    expect(hook?.headers.authorization).toBe('Bearer SECRET-AUTH');
    expect(hook?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hook?.body ?? '')).toEqual({ event: 'opened', alert });
    const ntfy = target.received.find((r) => r.url === '/SECRET-TOPIC');
    expect(ntfy?.body).toBe(alert.message);
    expect(ntfy?.headers).toMatchObject({
      title: 'Alert: Garage roof',
      priority: '4',
      tags: 'warning,unreachable',
      authorization: 'Bearer SECRET-TOKEN',
    });
    push.send('cleared', { ...alert, ended: 1_750_500_600 });
    await until(() => target.received.length === 4);
    const cleared = target.received.slice(2).find((r) => r.url === '/SECRET-TOPIC');
    expect(cleared?.headers).toMatchObject({ title: 'Cleared: Garage roof', priority: '2' });
    push.stop();
  });

  it('tries again with a doubling back-off and logs no secret', async () => {
    const target = await server([500, 503, 200]);
    servers.push(target.server);
    const captured = capturedLogger();
    const clock = new ManualClock(0);
    const only = { ...settings(target.base), ntfy_enabled: false };
    const push = createAlertPush({
      config: { get: () => only } as unknown as ConfigStore,
      clock,
      log: captured.log,
    });
    push.send('opened', alert);
    const retries = () => captured.lines.filter((l) => l.includes('trying again')).length;
    await until(() => retries() === 1);
    await clock.advance(1_900);
    await new Promise((r) => setTimeout(r, 50));
    expect(target.received).toHaveLength(1);
    await clock.advance(100); // 2 s after the first failure
    await until(() => retries() === 2);
    await clock.advance(3_900);
    await new Promise((r) => setTimeout(r, 50));
    expect(target.received).toHaveLength(2);
    await clock.advance(100); // 4 s after the second
    await until(() => target.received.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(captured.text()).toContain('Alert push (webhook) failed (HTTP 500)');
    expect(captured.text()).not.toMatch(/SECRET/);
    push.stop();
  });

  it('gives up after the last try, and a stopped push sends nothing more', async () => {
    const target = await server([500, 500, 500, 500, 500, 500]);
    servers.push(target.server);
    const captured = capturedLogger();
    const clock = new ManualClock(0);
    const only = { ...settings(target.base), ntfy_enabled: false };
    const push = createAlertPush({
      config: { get: () => only } as unknown as ConfigStore,
      clock,
      log: captured.log,
    });
    push.send('opened', alert);
    for (let i = 1; i <= 5; i++) {
      await until(() => target.received.length === i);
      await new Promise((r) => setTimeout(r, 20));
      await clock.advance(60_000);
    }
    await until(() => captured.text().includes('given up'));
    expect(target.received).toHaveLength(5);
    push.stop();
  });

  it('encodes a title that is not plain ASCII', () => {
    expect(headerText('Alert: Toit sud')).toBe('Alert: Toit sud');
    expect(headerText('Alerte : Façade')).toBe(
      `=?UTF-8?B?${Buffer.from('Alerte : Façade').toString('base64')}?=`,
    );
  });
});
