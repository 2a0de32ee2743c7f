import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway } from '../helpers/gateway';

describe('GET /api/system/status', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeEach(async () => {
    env = await testGateway();
  });
  afterEach(() => env.cleanup());

  it('answers every key of docs/api.md with its JSON type', async () => {
    const response = await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    const types: Record<string, string> = {
      hostname: 'string',
      sdkversion: 'string',
      cpufreq: 'number',
      heap_total: 'number',
      heap_used: 'number',
      heap_max_block: 'number',
      heap_min_free: 'number',
      psram_total: 'number',
      psram_used: 'number',
      sketch_total: 'number',
      sketch_used: 'number',
      littlefs_total: 'number',
      littlefs_used: 'number',
      chiprevision: 'number',
      chipmodel: 'string',
      chipcores: 'number',
      flashsize: 'number',
      task_details: 'object',
      resetreason_0: 'string',
      resetreason_1: 'string',
      cfgsavecount: 'number',
      config_version: 'string',
      git_hash: 'string',
      git_branch: 'string',
      pioenv: 'string',
      uptime: 'number',
      nrf_configured: 'boolean',
      nrf_connected: 'boolean',
      nrf_pvariant: 'boolean',
      cmt_configured: 'boolean',
      cmt_connected: 'boolean',
    };
    for (const [key, type] of Object.entries(types)) {
      expect(typeof body[key], key).toBe(type);
    }
    expect(body.cputemp === null || typeof body.cputemp === 'number').toBe(true);
    expect(Array.isArray(body.task_details)).toBe(true);
    expect(body.config_version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('reports the real host', async () => {
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.hostname).toBe(os.hostname());
    expect(body.chipcores).toBe(os.cpus().length);
    expect(body.heap_used).toBeGreaterThan(0);
    expect(body.heap_used).toBeLessThanOrEqual(body.heap_total);
    expect(body.heap_min_free).toBeLessThanOrEqual(body.heap_total - body.heap_used + 1);
    expect(body.littlefs_total).toBeGreaterThan(body.littlefs_used);
    expect(body.uptime).toBeGreaterThanOrEqual(0);
    expect(body.git_hash).toBe('gabc1234');
    expect(body.resetreason_0).toBe('Power on');
  });

  it('says plainly that the radio is simulated, here and in the live-data hints, and names no release', async () => {
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.radio_simulated).toBe(true);
    expect(body.release).toEqual({ current: null, previous: null });
    const live = (await env.gateway.http.inject({ method: 'GET', url: '/api/livedata/status' })).json();
    expect(live.hints.radio_simulated).toBe(true);
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const env = await testGateway();
    try {
      const response = await env.gateway.http.inject({ method: 'GET', url: '/api/does/not/exist' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404 });
      const post = await env.gateway.http.inject({ method: 'POST', url: '/api/nothing' });
      expect(post.statusCode).toBe(404);
    } finally {
      await env.cleanup();
    }
  });
});
