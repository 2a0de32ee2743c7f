import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Gateway, GatewayRunner } from '../../src/app';
import type { GatewayOptions } from '../../src/options';
import { basicAuth, postForm, testGateway } from '../helpers/gateway';

const admin = { authorization: basicAuth() };

describe('POST /api/maintenance/reboot', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeEach(async () => {
    env = await testGateway({}, { rebootDelayMs: 20 });
  });
  afterEach(() => env.cleanup());

  it('reboot:false answers 6002 and nothing happens', async () => {
    const response = await postForm(env.gateway, '/api/maintenance/reboot', { reboot: false }, admin);
    expect(response.body).toBe('{"type":"warning","message":"Reboot cancelled.","code":6002}');
    const status = await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' });
    expect(status.statusCode).toBe(200);
  });

  it('1005 without a bool, 1002 without data, 401 without the admin', async () => {
    expect((await postForm(env.gateway, '/api/maintenance/reboot', { reboot: 1 }, admin)).json().code).toBe(
      1005,
    );
    expect((await postForm(env.gateway, '/api/maintenance/reboot', {}, admin)).json().code).toBe(1005);
    const noData = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/maintenance/reboot',
      headers: admin,
    });
    expect(noData.json().code).toBe(1002);
    expect((await postForm(env.gateway, '/api/maintenance/reboot', { reboot: true })).statusCode).toBe(401);
  });

  it('reboot:true answers 6001, then the gateway counts as down until the restart', async () => {
    const response = await postForm(env.gateway, '/api/maintenance/reboot', { reboot: true }, admin);
    expect(response.body).toBe('{"type":"success","message":"Reboot triggered.","code":6001}');
    const status = await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' });
    expect(status.statusCode).toBe(503);
    await env.gateway.rebootRequested;
  });
});

describe('the in-process restart', () => {
  let dataDir: string;
  let runner: GatewayRunner | undefined;
  const starts: Gateway[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dtu-reboot-'));
    starts.length = 0;
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  const options = (extra: Partial<GatewayOptions> = {}): GatewayOptions => ({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webRoot: join(dataDir, 'no-web-root'),
    logLevel: 'silent',
    prettyLog: false,
    ...extra,
  });

  function start(extra: Partial<GatewayOptions> = {}) {
    runner = new GatewayRunner(
      options(extra),
      { log: pino({ level: 'silent' }), rebootDelayMs: 50 },
      (gateway) => starts.push(gateway),
    );
    const outcome = runner.run();
    return { runner, outcome };
  }

  async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('stops the run and starts a new one on the same port, with the saved config and a new reset reason', async () => {
    start();
    await waitFor(() => starts.length === 1);
    const first = starts[0] as Gateway;
    const address = first.http.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'X-Requested-With': 'XMLHttpRequest', Authorization: basicAuth() };

    await first.ctx.config.patch('ntp', { server: 'after-reboot.example.org' });
    const shutdowns: string[] = [];
    first.ctx.bus.on('shutdown', (reason) => shutdowns.push(reason));

    const answer = await fetch(`${base}/api/maintenance/reboot`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ data: JSON.stringify({ reboot: true }) }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(6001);
    // Like the console's wait page: poll until the status answers again.
    const seen: (number | string)[] = [];
    for (;;) {
      try {
        const status = await fetch(`${base}/api/system/status`, { headers });
        seen.push(status.status);
        if (status.ok) {
          const body = (await status.json()) as { resetreason_0: string; uptime: number };
          expect(body.resetreason_0).toBe('Software reset');
          break;
        }
      } catch {
        seen.push('down');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // It was not answering for a while (503 while the restart was pending, then no listener at all).
    expect(seen.some((s) => s !== 200)).toBe(true);
    expect(shutdowns).toEqual(['reboot']);
    expect(starts).toHaveLength(2);
    const second = starts[1] as Gateway;
    expect(second).not.toBe(first);
    expect(second.ctx.resetReason).toBe('Software reset');
    expect(second.ctx.config.get('ntp').server).toBe('after-reboot.example.org');
    expect(first.http.server.listening).toBe(false);
  });

  it('--reboot-exits ends the run instead, for a supervisor', async () => {
    const { outcome } = start({ rebootExits: true });
    await waitFor(() => starts.length === 1);
    starts[0]?.ctx.requestReboot('test');
    expect(await outcome).toBe('exit-for-reboot');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.http.server.listening).toBe(false);
  });

  it('stop() ends the loop without a restart', async () => {
    const { outcome } = start();
    await waitFor(() => starts.length === 1);
    await runner?.stop();
    expect(await outcome).toBe('stopped');
  });
});
