import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/config/password';
import { basicAuth, postForm, testGateway } from '../helpers/gateway';
import { multipart } from '../helpers/multipart';

const admin = { authorization: basicAuth() };
type Env = Awaited<ReturnType<typeof testGateway>>;

describe('backup, restore and factory reset', () => {
  let env: Env;
  beforeEach(async () => {
    env = await testGateway({}, { rebootDelayMs: 60_000 });
  });
  afterEach(() => env.cleanup());

  const get = (url: string, headers: Record<string, string> = admin) =>
    env.gateway.http.inject({ method: 'GET', url, headers });
  const upload = (url: string, content: string | Buffer, headers: Record<string, string> = admin) => {
    const body = multipart([{ name: 'config', filename: 'config', content, type: 'application/json' }]);
    return env.gateway.http.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const onDisk = (name = 'config.json') => readFile(join(env.dataDir, name), 'utf8');
  const rebootPending = async () =>
    (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status', headers: admin }))
      .statusCode === 503;

  it('lists the stored files, in both formats', async () => {
    const size = (await stat(join(env.dataDir, 'config.json'))).size;
    expect((await get('/api/file/list')).json()).toEqual([{ name: 'config.json', size }]);
    await writeFile(join(env.dataDir, 'pin_mapping.json'), '[{"name":"Board"}]');
    expect((await get('/api/file/list')).json()).toEqual([
      { name: 'config.json', size },
      { name: 'pin_mapping.json', size: 18 },
    ]);
    expect((await get('/api/config/list')).body).toBe(
      '{"configs":[{"name":"config.json"},{"name":"pin_mapping.json"}]}',
    );
  });

  it('downloads the backup as an attachment; pin_mapping.json only when it exists', async () => {
    for (const url of ['/api/file/get', '/api/config/get', '/api/file/get?file=config.json']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="config.json"');
      expect(response.body).toBe(await onDisk());
      expect(response.json().cfg).toBeTypeOf('object');
      expect(response.body).not.toContain('openDTU42');
    }
    const missing = await get('/api/file/get?file=pin_mapping.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
    await writeFile(join(env.dataDir, 'pin_mapping.json'), '[{"name":"Board"}]');
    const present = await get('/api/config/get?file=pin_mapping.json');
    expect(present.statusCode).toBe(200);
    expect(present.json()).toEqual([{ name: 'Board' }]);
    expect((await get('/api/file/get?file=../../etc/passwd')).statusCode).toBe(404);
    expect((await get('/api/file/get?file=config.json.bak')).statusCode).toBe(404);
  });

  it('is admin only', async () => {
    for (const url of ['/api/file/list', '/api/config/list', '/api/file/get', '/api/config/get']) {
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    expect((await upload('/api/file/upload?file=config.json', '{}', {})).statusCode).toBe(401);
    expect((await postForm(env.gateway, '/api/file/delete_all', { delete: true })).statusCode).toBe(401);
  });

  it('masks secrets in the backup download and keeps the stored ones when that backup is restored', async () => {
    await env.gateway.ctx.config.patch('wifi', { password: 'wifi-secret-1' });
    await env.gateway.ctx.config.patch('mqtt', { password: 'mqtt-secret-2' });
    const text = (await get('/api/file/get')).body;
    expect(text).not.toContain('wifi-secret-1');
    expect(text).not.toContain('mqtt-secret-2');
    const backup = JSON.parse(text) as { wifi: { password: string }; mqtt: { password: string } };
    expect(backup.wifi.password).toBe('********');
    expect(backup.mqtt.password).toBe('********');
    expect((await upload('/api/file/upload?file=config.json', text)).statusCode).toBe(200);
    const written = JSON.parse(await onDisk()) as typeof backup;
    expect(written.wifi.password).toBe('wifi-secret-1');
    expect(written.mqtt.password).toBe('mqtt-secret-2');
  });

  it('carries the alert settings of the limiter rules through backup and restore', async () => {
    await env.gateway.ctx.config.patch('alerts', { meter_minutes: 9, limiter_enabled: false });
    const text = (await get('/api/file/get')).body;
    expect(JSON.parse(text).alerts).toMatchObject({ meter_minutes: 9, limiter_enabled: false });
    await env.gateway.ctx.config.patch('alerts', { meter_minutes: 5, limiter_enabled: true });
    expect((await upload('/api/file/upload?file=config.json', text)).statusCode).toBe(200);
    const next = await testGateway({ dataDir: env.dataDir });
    expect(next.gateway.ctx.config.get('alerts')).toMatchObject({ meter_minutes: 9, limiter_enabled: false });
    await next.gateway.stop();
  });

  it('carries the feed-in cap and grid signal through backup and restore; an older backup gets their defaults', async () => {
    const limiter = env.gateway.ctx.config.get('powerlimiter');
    await env.gateway.ctx.config.update('powerlimiter', {
      ...limiter,
      feed_in_cap: { ...limiter.feed_in_cap, enabled: true, percent: 50 },
      grid_signal: { ...limiter.grid_signal, enabled: true, source: 'mqtt', mqtt: { topic: 'ripple/step' } },
    });
    await env.gateway.ctx.config.patch('alerts', { grid_signal_enabled: true, grid_signal_hours: 6 });
    const text = (await get('/api/file/get')).body;
    const backup = JSON.parse(text);
    expect(backup.powerlimiter.feed_in_cap).toMatchObject({ enabled: true, percent: 50 });
    expect((await upload('/api/file/upload?file=config.json', text)).statusCode).toBe(200);
    let next = await testGateway({ dataDir: env.dataDir });
    expect(next.gateway.ctx.config.get('powerlimiter').grid_signal).toMatchObject({
      enabled: true,
      source: 'mqtt',
      mqtt: { topic: 'ripple/step' },
      steps: [100, 60, 30, 0],
    });
    expect(next.gateway.ctx.config.get('alerts')).toMatchObject({
      grid_signal_enabled: true,
      grid_signal_hours: 6,
    });

    // A file from before the cap and signal existed: their defaults (off).
    delete backup.powerlimiter.feed_in_cap;
    delete backup.powerlimiter.grid_signal;
    delete backup.alerts.grid_signal_enabled;
    delete backup.alerts.grid_signal_hours;
    const older = multipart([
      { name: 'config', filename: 'config', content: JSON.stringify(backup), type: 'application/json' },
    ]);
    const restored = await next.gateway.http.inject({
      method: 'POST',
      url: '/api/file/upload?file=config.json',
      payload: older.payload,
      headers: { ...older.headers, ...admin },
    });
    expect(restored.statusCode).toBe(200);
    await next.gateway.stop();
    next = await testGateway({ dataDir: env.dataDir });
    expect(next.gateway.ctx.config.get('powerlimiter').feed_in_cap).toEqual({
      enabled: false,
      mode: 'percent',
      percent: 60,
      watts: 0,
      module_power_wp: 0,
    });
    expect(next.gateway.ctx.config.get('powerlimiter').grid_signal).toMatchObject({
      enabled: false,
      source: 'gpio',
      gpio: { chip: '/dev/gpiochip0', lines: [-1, -1, -1, -1], active_low: true },
    });
    expect(next.gateway.ctx.config.get('alerts')).toMatchObject({
      grid_signal_enabled: false,
      grid_signal_hours: 24,
    });
    await next.gateway.stop();
  });

  it('restores a backup: validated, written with the old one kept, then a restart', async () => {
    const backup = JSON.parse((await get('/api/file/get')).body) as { ntp: { server: string } };
    backup.ntp.server = 'restored.example.org';
    const before = await onDisk();
    const response = await upload('/api/file/upload?file=config.json', JSON.stringify(backup));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers.connection).toBe('close');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(await rebootPending()).toBe(true);
    // This run keeps its values; the next one reads the restored file.
    expect(env.gateway.ctx.config.get('ntp').server).toBe('pool.ntp.org');
    expect(JSON.parse(await onDisk()).ntp.server).toBe('restored.example.org');
    expect(await onDisk('config.json.bak')).toBe(before);
    const next = await testGateway({ dataDir: env.dataDir });
    expect(next.gateway.ctx.config.source).toBe('file');
    expect(next.gateway.ctx.config.get('ntp').server).toBe('restored.example.org');
    await next.gateway.stop();
  });

  it('carries security.allowed_origins through backup and restore; an older backup gets none', async () => {
    await env.gateway.ctx.config.patch('security', { allowed_origins: ['https://dash.example:8443'] });
    const backup = JSON.parse((await get('/api/file/get')).body);
    expect(backup.security.allowed_origins).toEqual(['https://dash.example:8443']);
    expect((await upload('/api/file/upload?file=config.json', JSON.stringify(backup))).statusCode).toBe(200);
    let next = await testGateway({ dataDir: env.dataDir });
    expect(next.gateway.ctx.config.get('security').allowed_origins).toEqual(['https://dash.example:8443']);
    await next.gateway.stop();
    delete backup.security.allowed_origins;
    await writeFile(join(env.dataDir, 'config.json'), JSON.stringify(backup));
    next = await testGateway({ dataDir: env.dataDir });
    expect(next.gateway.ctx.config.get('security').allowed_origins).toEqual([]);
    await next.gateway.stop();
  });

  it('restores an OpenDTU backup, hashing its clear-text password', async () => {
    const openDtu = {
      cfg: { version: 73216, save_count: 3 },
      security: { password: 'restored-pass', allow_readonly: true },
    };
    const response = await upload('/api/config/upload?file=config.json', JSON.stringify(openDtu));
    expect(response.body).toBe('OK');
    const written = JSON.parse(await onDisk());
    expect(JSON.stringify(written)).not.toContain('restored-pass');
    expect(await verifyPassword('restored-pass', written.security.password_hash)).toBe(true);
  });

  const broken: [string, string, RegExp][] = [
    ['not JSON', '{"cfg": {', /Invalid config\.json: not valid JSON/],
    ['no cfg object', '{"ntp":{}}', /no "cfg" object/],
    ['a wrong type', '{"cfg":{"version":16777216},"dtu":{"poll_interval":"5"}}', /dtu\.poll_interval/],
    ['a too-short inverter list is fine, a wrong one is not', '{"cfg":{},"inverters":{"0":{}}}', /inverters/],
    ['a forged password hash', '{"cfg":{},"security":{"password_hash":"scrypt$1$1$1$x$y"}}', /password_hash/],
    [
      'an allowed origin with a path',
      '{"cfg":{},"security":{"allowed_origins":["https://dash.example/x"]}}',
      /allowed_origins/,
    ],
    // Deep enough to overflow the stack of any recursive copy: refused like any other invalid file.
    [
      '5,000 levels of nesting',
      `{"cfg":{},"dtu":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
      /nested deeper/,
    ],
  ];
  for (const [what, content, reason] of broken) {
    it(`refuses a restore with ${what} and changes nothing`, async () => {
      const before = await onDisk();
      const response = await upload('/api/file/upload?file=config.json', content);
      expect(response.statusCode).toBe(500);
      expect(response.body).toMatch(reason);
      expect(await onDisk()).toBe(before);
      expect(await rebootPending()).toBe(false);
    });
  }

  it('restores a device profile file and refuses a broken one', async () => {
    const refused = await upload('/api/file/upload?file=pin_mapping.json', '{"name":"not an array"}');
    expect(refused.statusCode).toBe(500);
    await expect(stat(join(env.dataDir, 'pin_mapping.json'))).rejects.toThrow();
    expect(await rebootPending()).toBe(false);
    const profiles = '[{"name":"Board A","nrf24":{"cs":5}},{"name":"Board B"}]';
    const stored = await upload('/api/file/upload?file=pin_mapping.json', profiles);
    expect(stored.body).toBe('OK');
    expect(await onDisk('pin_mapping.json')).toBe(profiles);
    expect(await rebootPending()).toBe(true);
  });

  it('needs ?file= naming a restorable file', async () => {
    const missing = await upload('/api/file/upload', '{}');
    expect(missing.statusCode).toBe(500);
    expect(missing.body).toBe('');
    const pack = await upload('/api/file/upload?file=pack.lang.json', '{"meta":{}}');
    expect(pack.statusCode).toBe(500);
    expect(pack.body).toBe('Only these files can be restored: config.json, pin_mapping.json');
    const traversal = await upload('/api/file/upload?file=../config.json', '{"cfg":{}}');
    expect(traversal.statusCode).toBe(500);
    expect(await rebootPending()).toBe(false);
  });

  it('deletes a single file (3003), 404 when there is none', async () => {
    await writeFile(join(env.dataDir, 'pin_mapping.json'), '[]');
    const deleted = await postForm(env.gateway, '/api/file/delete', { file: 'pin_mapping.json' }, admin);
    expect(deleted.body).toBe('{"type":"success","message":"File deleted.","code":3003}');
    const again = await postForm(env.gateway, '/api/file/delete', { file: 'pin_mapping.json' }, admin);
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe('');
    expect((await postForm(env.gateway, '/api/file/delete', { file: 7 }, admin)).json().code).toBe(1005);
    expect((await postForm(env.gateway, '/api/file/delete', { file: 'app.ts' }, admin)).statusCode).toBe(404);
  });

  for (const url of ['/api/file/delete_all', '/api/config/delete']) {
    it(`factory reset through ${url}: 3001 with delete:false, 3002 deletes all but pin_mapping.json`, async () => {
      await env.gateway.ctx.config.patch('ntp', { server: 'gone.example.org' });
      await writeFile(join(env.dataDir, 'pin_mapping.json'), '[]');
      const nothing = await postForm(env.gateway, url, { delete: false }, admin);
      expect(nothing.body).toBe('{"type":"warning","message":"Nothing deleted.","code":3001}');
      expect(await rebootPending()).toBe(false);
      expect((await postForm(env.gateway, url, { delete: 'yes' }, admin)).json().code).toBe(1005);

      const reset = await postForm(env.gateway, url, { delete: true }, admin);
      expect(reset.body).toBe('{"type":"success","message":"Configuration reset, rebooting.","code":3002}');
      expect(await rebootPending()).toBe(true);
      await expect(stat(join(env.dataDir, 'config.json'))).rejects.toThrow();
      await expect(stat(join(env.dataDir, 'config.json.bak'))).rejects.toThrow();
      expect(await onDisk('pin_mapping.json')).toBe('[]');
      // Nothing written by this run any more: the restart must find no config.
      await env.gateway.ctx.config.patch('ntp', { server: 'late.example.org' });
      await expect(stat(join(env.dataDir, 'config.json'))).rejects.toThrow();

      const next = await testGateway({ dataDir: env.dataDir });
      expect(next.gateway.ctx.config.source).toBe('first-start');
      expect(next.gateway.ctx.config.get('ntp').server).toBe('pool.ntp.org');
      await next.gateway.stop();
    });
  }
});
