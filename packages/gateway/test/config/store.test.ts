import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatSerialNumber } from '@dtu-console/contract';
import { familyOfSerial } from '@dtu-console/hoymiles';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { defaultRootCa } from '../../src/config/defaults';
import { CONFIG_BACKUP_FILE, CONFIG_FILE } from '../../src/config/files';
import { generateDtuSerial } from '../../src/config/identity';
import { verifyPassword } from '../../src/config/password';
import { keepIfMasked, maskSecret, SECRET_MASK } from '../../src/config/secrets';
import { ConfigStore, ConfigValidationError } from '../../src/config/store';
import { CONFIG_VERSION, CONFIG_VERSION_INT, intToVersion, versionToInt } from '../../src/config/version';
import { capturedLogger, records } from '../helpers/log-capture';

const CHIP_ID = 0x1a2b3c;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dtu-config-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function open(extra: { adminPassword?: string } = {}) {
  const capture = capturedLogger();
  const bus = new EventBus();
  const store = await ConfigStore.open({ dataDir, log: capture.log, bus, chipId: CHIP_ID, ...extra });
  return { store, bus, capture };
}

async function readJson(name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dataDir, name), 'utf8')) as Record<string, unknown>;
}

describe('first start', () => {
  it('writes the documented defaults with two inverters', async () => {
    const { store } = await open();
    expect(store.source).toBe('first-start');
    const onDisk = await readJson(CONFIG_FILE);
    expect(Object.keys(onDisk)).toEqual([
      'cfg',
      'wifi',
      'mdns',
      'syslog',
      'ntp',
      'mqtt',
      'dtu',
      'security',
      'device',
      'inverters',
      'logging',
      'history',
      'powermeter',
      'alerts',
      'powerlimiter',
      'wifi_devices',
      'battery',
      'solarcharger',
    ]);
    expect(onDisk.cfg).toEqual({ version: CONFIG_VERSION_INT, save_count: 1 });
    expect(store.saveCount).toBe(1);

    const ntp = store.get('ntp');
    expect(ntp).toMatchObject({
      server: 'pool.ntp.org',
      timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      timezone_descr: 'Europe/Berlin',
      latitude: 51.1657,
      longitude: 10.4515,
      sunsettype: 1,
    });
    expect(store.get('dtu')).toEqual({
      serial: generateDtuSerial(CHIP_ID),
      poll_interval: 5,
      nrf_pa_level: 0,
      cmt_pa_level: 0,
      cmt_frequency: 865000000,
      cmt_country_mode: 0,
    });
    expect(formatSerialNumber(store.get('dtu').serial)).toMatch(/^1999801\d{5}$/);
    expect(store.get('mqtt').clientid).toBe(`OpenDTU-${CHIP_ID}`);
    expect(store.get('mqtt').tls.root_ca_cert).toBe(defaultRootCa());
    expect(store.get('wifi').hostname).toBe('OpenDTU-%06X');
    expect(store.get('security').allow_readonly).toBe(true);
    expect(store.get('device').led).toHaveLength(2);
    expect(store.get('logging').modules).toHaveLength(16);

    const inverters = store.get('inverters');
    expect(inverters).toHaveLength(100);
    for (const slot of inverters) expect(slot.channel).toHaveLength(6);
    const used = inverters.filter((slot) => slot.serial !== 0);
    expect(used.map((slot) => familyOfSerial(formatSerialNumber(slot.serial)))).toEqual([
      'HM_2CH',
      'HMS_4CH',
    ]);
    expect(used.map((slot) => slot.name)).toEqual(['Garage roof', 'Carport']);
    expect(used[0]?.channel.filter((ch) => ch.max_power > 0)).toHaveLength(2);
    expect(used[1]?.channel.filter((ch) => ch.max_power > 0)).toHaveLength(4);
  });

  it('stores only a hash of the default admin password, in a file only the gateway can read', async () => {
    const { store } = await open();
    const text = await readFile(join(dataDir, CONFIG_FILE), 'utf8');
    expect(text).not.toContain('openDTU42');
    expect(await verifyPassword('openDTU42', store.get('security').password_hash)).toBe(true);
    expect((await stat(join(dataDir, CONFIG_FILE))).mode & 0o777).toBe(0o600);
  });

  it('uses --admin-password on the first start only', async () => {
    const first = await open({ adminPassword: 'first-secret-1' });
    expect(await verifyPassword('first-secret-1', first.store.get('security').password_hash)).toBe(true);
    expect(first.capture.text()).not.toContain('first-secret-1');
    const second = await open({ adminPassword: 'other-secret-2' });
    expect(second.store.source).toBe('file');
    expect(await verifyPassword('first-secret-1', second.store.get('security').password_hash)).toBe(true);
  });
});

describe('saving', () => {
  it('survives a restart and counts saves', async () => {
    const { store } = await open();
    await store.patch('ntp', { server: 'pool.example.org', latitude: 48.1 });
    await store.update('mqtt', (mqtt) => ({ ...mqtt, lwt: { ...mqtt.lwt, topic: 'x/status' } }));
    expect(store.saveCount).toBe(3);

    const again = await open();
    expect(again.store.source).toBe('file');
    expect(again.store.get('ntp').server).toBe('pool.example.org');
    expect(again.store.get('ntp').latitude).toBe(48.1);
    expect(again.store.get('mqtt').lwt.topic).toBe('x/status');
    expect(again.store.saveCount).toBe(3);
  });

  it('keeps the previous file as config.json.bak', async () => {
    const { store } = await open();
    await store.patch('ntp', { server: 'one.example.org' });
    await store.patch('ntp', { server: 'two.example.org' });
    expect(((await readJson(CONFIG_FILE)).ntp as { server: string }).server).toBe('two.example.org');
    expect(((await readJson(CONFIG_BACKUP_FILE)).ntp as { server: string }).server).toBe('one.example.org');
  });

  it('announces each saved section on the bus', async () => {
    const { store, bus } = await open();
    const seen: string[] = [];
    bus.on('config:changed', (section) => seen.push(section));
    await store.updateMany({
      wifi: { ...store.get('wifi'), ssid: 'Home' },
      mdns: { enabled: true },
    });
    await store.patch('security', { allow_readonly: false });
    expect(seen).toEqual(['wifi', 'mdns', 'security']);
  });

  it('rejects values of the wrong type and changes nothing', async () => {
    const { store, bus } = await open();
    let events = 0;
    bus.on('config:changed', () => events++);
    const before = await readFile(join(dataDir, CONFIG_FILE), 'utf8');
    expect(() => store.patch('dtu', { poll_interval: -1 })).toThrow(ConfigValidationError);
    expect(() => store.patch('ntp', { server: 5 as unknown as string })).toThrow(ConfigValidationError);
    expect(store.get('dtu').poll_interval).toBe(5);
    expect(events).toBe(0);
    expect(await readFile(join(dataDir, CONFIG_FILE), 'utf8')).toBe(before);
  });

  it('hands out frozen sections', async () => {
    const { store } = await open();
    expect(() => {
      (store.get('ntp') as { server: string }).server = 'x';
    }).toThrow(TypeError);
  });

  it('reports a failed write but keeps the new values in memory (answer 1006)', async () => {
    const { store, capture } = await open();
    // A directory where the temp file must go makes the write fail like a full or read-only disk.
    await mkdir(join(dataDir, `${CONFIG_FILE}.tmp`, 'blocker'), { recursive: true });
    expect(await store.patch('ntp', { server: 'memory.example.org' })).toBe('write-failed');
    expect(store.get('ntp').server).toBe('memory.example.org');
    expect(records(capture.lines).some((r) => r.level === 50)).toBe(true);
  });
});

describe('a crash or a broken file at start', () => {
  it('ignores a partial temp file left by a crash mid-save', async () => {
    const { store } = await open();
    await store.patch('ntp', { server: 'kept.example.org' });
    await writeFile(join(dataDir, `${CONFIG_FILE}.tmp`), '{"cfg":{"version":1677');
    const again = await open();
    expect(again.store.source).toBe('file');
    expect(again.store.get('ntp').server).toBe('kept.example.org');
    await expect(stat(join(dataDir, `${CONFIG_FILE}.tmp`))).rejects.toThrow();
  });

  it('falls back to the backup when config.json is torn, and says so', async () => {
    const { store } = await open();
    await store.patch('ntp', { server: 'backup.example.org' });
    await store.patch('ntp', { server: 'lost.example.org' });
    const text = await readFile(join(dataDir, CONFIG_FILE), 'utf8');
    await writeFile(join(dataDir, CONFIG_FILE), text.slice(0, text.length / 2));

    const again = await open();
    expect(again.store.source).toBe('backup');
    expect(again.store.get('ntp').server).toBe('backup.example.org');
    const warnings = records(again.capture.lines).filter((r) => r.level === 40);
    expect(warnings.length).toBeGreaterThan(0);
    // The recovered config is config.json again; the torn one is kept aside for inspection.
    expect(((await readJson(CONFIG_FILE)).ntp as { server: string }).server).toBe('backup.example.org');
    expect((await stat(join(dataDir, 'config.json.broken'))).size).toBeGreaterThan(0);
    // A third start reads config.json directly and still has the good backup behind it.
    expect((await open()).store.source).toBe('file');
  });

  it('falls back to the backup when config.json has a wrong type', async () => {
    const { store } = await open();
    await store.patch('ntp', { server: 'typed.example.org' });
    const onDisk = await readJson(CONFIG_FILE);
    (onDisk.dtu as Record<string, unknown>).poll_interval = 'five';
    await writeFile(join(dataDir, CONFIG_FILE), JSON.stringify(onDisk));
    const again = await open();
    expect(again.store.source).toBe('backup');
    expect(again.capture.text()).toContain('dtu.poll_interval');
  });

  it('falls back to defaults when both files are unreadable', async () => {
    await open();
    await writeFile(join(dataDir, CONFIG_FILE), 'garbage');
    await writeFile(join(dataDir, CONFIG_BACKUP_FILE), '{"no":"cfg"}');
    const again = await open();
    expect(again.store.source).toBe('defaults');
    expect(records(again.capture.lines).filter((r) => r.level === 40).length).toBeGreaterThanOrEqual(2);
    expect(again.store.get('inverters').filter((slot) => slot.serial !== 0)).toHaveLength(2);
    expect((await open()).store.source).toBe('file');
  });
});

describe('reading older and partial files', () => {
  it('fills missing keys with defaults', async () => {
    await writeFile(
      join(dataDir, CONFIG_FILE),
      JSON.stringify({ cfg: { version: CONFIG_VERSION_INT }, ntp: { server: 'partial.example.org' } }),
    );
    const { store } = await open();
    expect(store.source).toBe('file');
    expect(store.get('ntp').server).toBe('partial.example.org');
    expect(store.get('ntp').latitude).toBe(51.1657);
    expect(store.get('mqtt').port).toBe(1883);
    expect(store.get('inverters').every((slot) => slot.serial === 0)).toBe(true);
  });

  it('gives an alerts section saved before the limiter rules their defaults, keeping the stored values', async () => {
    await writeFile(
      join(dataDir, CONFIG_FILE),
      JSON.stringify({
        cfg: { version: CONFIG_VERSION_INT },
        alerts: { unreachable_minutes: 12, radio_enabled: false, webhook_url: 'https://hook.example/x' },
      }),
    );
    const { store } = await open();
    expect(store.get('alerts')).toMatchObject({
      unreachable_minutes: 12,
      radio_enabled: false,
      webhook_url: 'https://hook.example/x',
      meter_enabled: true,
      meter_minutes: 5,
      limiter_enabled: true,
      limiter_minutes: 5,
    });
  });

  it('keeps lists of the user length: the limiter inverters and three meter topics', async () => {
    const first = await open();
    const limiterEntry = (serial: string) => ({
      serial,
      governed: true,
      behind_power_meter: false,
      lower_power_limit: 10,
      upper_power_limit: 0,
      role: 'solar' as const,
    });
    await first.store.update('powerlimiter', {
      ...first.store.get('powerlimiter'),
      inverters: [limiterEntry('114172220003'), limiterEntry('116683554321')],
    });
    const topic = (n: number) => ({
      topic: `meter/L${n}`,
      json_path: 'power',
      unit: 0,
      sign_inverted: false,
    });
    const meter = first.store.get('powermeter');
    await first.store.update('powermeter', {
      ...meter,
      mqtt: { ...meter.mqtt, values: [1, 2, 3].map(topic) },
    });
    const { store } = await open();
    expect(store.get('powerlimiter').inverters.map((inv) => inv.serial)).toEqual([
      '114172220003',
      '116683554321',
    ]);
    expect(store.get('powermeter').mqtt.values.map((value) => value.topic)).toEqual([
      'meter/L1',
      'meter/L2',
      'meter/L3',
    ]);
  });

  it('migrates an OpenDTU 0.1.30 backup: password hashed, kHz frequency, placeholder serial', async () => {
    const openDtu = {
      cfg: { version: 73216, save_count: 17 },
      ntp: { server: 'pool.ntp.org', timezone_descr: 'America/New_York', latitude: 40.7, longitude: -74 },
      mqtt: { enabled: true, hostname: 'broker', password: 'mqtt-secret' },
      dtu: { serial: 0x99978563412, poll_interval: 7, cmt_frequency: 865000 },
      security: { password: 'my-old-password', allow_readonly: false },
      inverters: [{ serial: 19110459172992, name: 'Roof', channel: [{ name: 'S', max_power: 400 }] }],
    };
    await writeFile(join(dataDir, CONFIG_FILE), JSON.stringify(openDtu));
    const { store, capture } = await open();
    expect(store.source).toBe('file');
    expect(store.get('dtu').cmt_frequency).toBe(865000000);
    expect(store.get('dtu').poll_interval).toBe(7);
    expect(store.get('dtu').serial).toBe(generateDtuSerial(CHIP_ID));
    // Its POSIX rule is unknown, so it must not inherit Berlin's.
    expect(store.get('ntp').timezone).toBe('');
    expect(store.get('security').allow_readonly).toBe(false);
    expect(await verifyPassword('my-old-password', store.get('security').password_hash)).toBe(true);
    expect(formatSerialNumber(store.get('inverters')[0]?.serial ?? 0)).toBe('116180216880');
    expect(store.get('inverters')[0]?.channel[0]).toEqual({
      name: 'S',
      max_power: 400,
      yield_total_offset: 0,
    });
    const saved = await readJson(CONFIG_FILE);
    expect(saved.cfg).toEqual({ version: CONFIG_VERSION_INT, save_count: 18 });
    expect(JSON.stringify(saved.security)).not.toContain('my-old-password');
    expect(capture.text()).not.toContain('my-old-password');
  });
});

describe('the meter staleness migration (1.1.0)', () => {
  const v100 = versionToInt('1.0.0');
  const file = (extra: Record<string, unknown>) =>
    writeFile(join(dataDir, CONFIG_FILE), JSON.stringify({ cfg: { version: v100 }, ...extra }));
  const limiter = { enabled: true, target_power_consumption: -20, meter_timeout: 5, inverters: [] };

  it('keeps a saved limiter meter_timeout as the meter max_age when it was the shorter', async () => {
    await file({ powermeter: { max_age: 30, source: 'http' }, powerlimiter: limiter });
    const { store } = await open();
    expect(store.get('powermeter').max_age).toBe(5);
    expect(store.get('powermeter').source).toBe('http');
    expect(store.get('powerlimiter').target_power_consumption).toBe(-20);
    expect('meter_timeout' in store.get('powerlimiter')).toBe(false);
    const saved = await readJson(CONFIG_FILE);
    expect(saved.cfg).toEqual({ version: CONFIG_VERSION_INT, save_count: 1 });
    expect(JSON.stringify(saved)).not.toContain('meter_timeout');
  });

  it('keeps the meter max_age when it was the shorter, and fills in a missing meter section', async () => {
    await file({ powermeter: { max_age: 3 }, powerlimiter: { ...limiter, meter_timeout: 60 } });
    expect((await open()).store.get('powermeter').max_age).toBe(3);
    await rm(join(dataDir, CONFIG_FILE));
    await rm(join(dataDir, CONFIG_BACKUP_FILE), { force: true });
    await file({ powerlimiter: { ...limiter, meter_timeout: 7 } });
    const { store } = await open();
    expect(store.source).toBe('file');
    expect(store.get('powermeter').max_age).toBe(7);
    expect(store.get('powermeter').source).toBe('simulated');
  });
});

describe('version and secrets helpers', () => {
  it('packs versions like OpenDTU', () => {
    expect(versionToInt('0.1.30')).toBe(73216);
    expect(intToVersion(73216)).toBe('0.1.30');
    expect(intToVersion(CONFIG_VERSION_INT)).toBe(CONFIG_VERSION);
  });

  it('masks stored secrets and keeps them when the mask comes back', () => {
    expect(maskSecret('hunter22')).toBe(SECRET_MASK);
    expect(maskSecret('')).toBe('');
    expect(keepIfMasked(SECRET_MASK, 'stored')).toBe('stored');
    expect(keepIfMasked('new-one', 'stored')).toBe('new-one');
    expect(keepIfMasked('', 'stored')).toBe('');
  });
});
