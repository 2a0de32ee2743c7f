/** /api/powermeter with the SML, Speedwire and Modbus sources: settings, codes, secrets, "read now", status. */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PowerMeterConfig, PowerMeterStatus, PowerMeterTestResult } from '@dtu-console/contract';
import { modbusConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/config/secrets';
import { expectEnvelope, get, post } from '../helpers/api';
import { ModbusMeter } from '../helpers/modbus-meter';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { PtyPair } from '../helpers/pty-pair';
import { type SmlBridge, startSmlBridge } from '../helpers/sml-bridge';
import { SML_TELEGRAMS, telegramBytes } from '../helpers/sml-telegrams';
import { until } from './sink';

describe('/api/powermeter: SML, Speedwire and Modbus sources', () => {
  let env: PlantGateway;
  let defaults: PowerMeterConfig;
  let modbus: ModbusMeter;
  let bridge: SmlBridge;

  beforeAll(async () => {
    env = await plantGateway({});
    defaults = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
    modbus = new ModbusMeter(3);
    await modbus.start();
    for (const [address, value] of [
      [0x0c, 432.1],
      [0x48, 100],
      [0x4a, 50],
    ] as const)
      modbus.set('input', address, value);
    bridge = await startSmlBridge('admin', 'sticker-pw', telegramBytes(SML_TELEGRAMS.iskraMT175));
  });
  afterAll(async () => {
    await bridge.stop();
    await modbus.stop();
    await env.cleanup();
  });

  const status = async () => (await get(env.gateway, '/api/powermeter/status')).json() as PowerMeterStatus;
  const test = async (config: unknown) =>
    (await post(env.gateway, '/api/powermeter/test', config)).json() as PowerMeterTestResult;
  const withModbus = (patch: Partial<PowerMeterConfig['modbus']>) => ({
    ...defaults,
    source: 'modbus' as const,
    modbus: {
      ...defaults.modbus,
      host: '127.0.0.1',
      port: modbus.port,
      unit_id: 3,
      model: 'sdm120' as const,
      ...patch,
    },
  });
  const withHttpSml = (patch: Partial<PowerMeterConfig['http_sml']['http_request']> = {}) => ({
    ...defaults,
    source: 'http_sml' as const,
    http_sml: {
      ...defaults.http_sml,
      http_request: {
        ...defaults.http_sml.http_request,
        url: bridge.url,
        auth_type: 1,
        username: 'admin',
        password: 'sticker-pw',
        ...patch,
      },
    },
  });

  it("has the new sources' defaults in the config", () => {
    expect(defaults.sml_serial).toEqual({ device: '/dev/ttyUSB0', baud_rate: 9600 });
    expect(defaults.http_sml).toEqual({
      polling_interval: 2,
      http_request: { url: '', auth_type: 0, username: '', password: '', timeout: 3000 },
    });
    expect(defaults.sma_speedwire).toEqual({ serial: 0 });
    expect(defaults.modbus).toEqual(modbusConfig());
  });

  it("checks the chosen source's settings with the domain codes", async () => {
    const save = (config: unknown) => post(env.gateway, '/api/powermeter/config', config);
    const sml = (patch: object) => ({
      ...defaults,
      source: 'sml_serial',
      sml_serial: { ...defaults.sml_serial, ...patch },
    });
    expectEnvelope(await save(sml({ device: 'ttyUSB0' })), 16014, { max: 128 });
    expectEnvelope(await save(sml({ baud_rate: 9601 })), 16015);
    expectEnvelope(await save(withHttpSml({ url: 'tibber' })), 16007);
    expectEnvelope(await save(withModbus({ host: '' })), 16005, { max: 128 });
    expectEnvelope(await save(withModbus({ transport: 'rtu', device: '' })), 16014, { max: 128 });
    expectEnvelope(await save(withModbus({ unit_id: 0 })), 16016, { min: 1, max: 247 });
    expectEnvelope(await save(withModbus({ model: 'custom', register: 65535, data_type: 'int32' })), 16017, {
      min: 0,
      max: 65535,
    });
    expectEnvelope(await save(withModbus({ model: 'custom', scale: 0 })), 16018, { max: 1000000 });
    expectEnvelope(await save(withModbus({ model: 'sdm999' as never })), 1005);
    // A source that is not chosen is stored as it is.
    expectEnvelope(await save({ ...defaults, modbus: { ...defaults.modbus, unit_id: 0 } }), 1001);
  });

  it("saves an older client's object without the new sections, keeping their stored values", async () => {
    const { sml_serial, http_sml, sma_speedwire, modbus: _modbus, ...older } = defaults;
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', withModbus({ unit_id: 9 })), 1001);
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', older), 1001);
    expect(env.gateway.ctx.config.get('powermeter').modbus.unit_id).toBe(9);
    // Choosing a source needs its settings in the request.
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', { ...older, source: 'modbus' }), 16005, {
      max: 128,
    });
  });

  it('"read now" reads a Modbus meter over TCP, and names a wrong unit id', async () => {
    expect(await test(withModbus({}))).toEqual({
      ok: true,
      power: 432.1,
      phases: null,
      time: expect.any(Number),
      source: 'modbus',
      energy_import_wh: 100000,
      energy_export_wh: 50000,
      meter_id: null,
    });
    expect(await test(withModbus({ unit_id: 4 }))).toMatchObject({
      ok: false,
      problem: { code: 'modbus-unit' },
    });
  });

  it('"read now" fetches an SML telegram over HTTP, and names a bad answer', async () => {
    expect(await test(withHttpSml())).toMatchObject({ ok: true, power: 168, phases: [117, 22, 29] });
    expect(await test(withHttpSml({ password: 'wrong' }))).toMatchObject({
      ok: false,
      problem: { code: 'auth' },
    });
    bridge.body = Buffer.from('<html>not a meter</html>');
    expect(await test(withHttpSml())).toMatchObject({ ok: false, problem: { code: 'sml-broken' } });
    bridge.body = telegramBytes(SML_TELEGRAMS.iskraMT631NoPin);
    expect(await test(withHttpSml())).toMatchObject({ ok: false, problem: { code: 'sml-no-power' } });
    bridge.body = telegramBytes(SML_TELEGRAMS.iskraMT175);
  });

  it('"read now" says plainly that a read head is missing', async () => {
    const result = await test({
      ...defaults,
      source: 'sml_serial',
      sml_serial: { device: '/dev/ttyUSB-gone', baud_rate: 9600 },
    });
    expect(result).toEqual({
      ok: false,
      source: 'sml_serial',
      problem: { code: 'device-missing', detail: 'Serial device /dev/ttyUSB-gone not found' },
    });
  });

  it('keeps the SML bridge password write-only', async () => {
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', withHttpSml()), 1001);
    const saved = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
    expect(saved.http_sml.http_request.password).toBe(SECRET_MASK);
    expect(env.gateway.ctx.config.serializeForBackup()).not.toContain('sticker-pw');
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', saved), 1001);
    expect(env.gateway.ctx.config.get('powermeter').http_sml.http_request.password).toBe('sticker-pw');
  });

  it('shows energy in and out in the status, and goes stale on time when the meter stops answering', async () => {
    expectEnvelope(
      await post(env.gateway, '/api/powermeter/config', {
        ...withModbus({ polling_interval: 3600 }),
        max_age: 10,
      }),
      1001,
    );
    await until(() => env.gateway.ctx.services.meter.status().reading?.powerW === 432.1);
    expect(await status()).toMatchObject({
      source: 'modbus',
      simulated: false,
      valid: true,
      power: 432.1,
      energy_import_wh: 100000,
      energy_export_wh: 50000,
      meter_id: null,
    });
    await env.advance(11_000);
    expect(await status()).toMatchObject({ valid: false, problem: { code: 'stale' } });
  });

  it('reads a read head the running source holds open, through that source', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-sml-api-'));
    const pair = new PtyPair(dir);
    await pair.start();
    const telegram = telegramBytes(SML_TELEGRAMS.dzgDVS7420Export);
    const config = {
      ...defaults,
      source: 'sml_serial',
      sml_serial: { device: pair.device, baud_rate: 9600 },
    };
    try {
      expectEnvelope(await post(env.gateway, '/api/powermeter/config', config), 1001);
      await until(() => {
        void pair.write(telegram);
        return env.gateway.ctx.services.meter.status().reading?.powerW === -105.5;
      });
      expect(await status()).toMatchObject({
        source: 'sml_serial',
        power: -105.5,
        energy_export_wh: 1500321.3,
      });
      const feeding = setInterval(() => void pair.write(telegram), 100);
      const result = await test(config).finally(() => clearInterval(feeding));
      expect(result).toMatchObject({ ok: true, power: -105.5, source: 'sml_serial' });
    } finally {
      expectEnvelope(await post(env.gateway, '/api/powermeter/config', defaults), 1001);
      await pair.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
