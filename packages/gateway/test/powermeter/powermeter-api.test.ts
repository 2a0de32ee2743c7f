import type { PowerMeterConfig, PowerMeterStatus, PowerMeterTestResult } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/config/secrets';
import { expectAuthMatrix, expectEnvelope, get, post } from '../helpers/api';
import { type JsonMeter, startJsonMeter } from '../helpers/meter-devices';
import { HM800, type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { freePort } from '../helpers/ports';
import { until } from './sink';

describe('/api/powermeter on the simulated plant', () => {
  let env: PlantGateway;
  let meter: JsonMeter;
  let defaults: PowerMeterConfig;

  beforeAll(async () => {
    env = await plantGateway({});
    meter = await startJsonMeter({
      auth: { type: 'digest', username: 'u', password: 'right', algorithm: 'MD5' },
    });
    defaults = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
  });
  afterAll(async () => {
    await meter.stop();
    await env.cleanup();
  });

  const status = async () => (await get(env.gateway, '/api/powermeter/status')).json() as PowerMeterStatus;
  const http = (
    request: Partial<PowerMeterConfig['http_json']['http_request']>,
    rest: Partial<PowerMeterConfig['http_json']> = {},
  ) => ({
    ...defaults,
    source: 'http' as const,
    http_json: {
      ...defaults.http_json,
      json_path: 'StatusSNS.SML.Power',
      ...rest,
      http_request: {
        ...defaults.http_json.http_request,
        url: meter.url,
        auth_type: 2,
        username: 'u',
        password: 'right',
        ...request,
      },
    },
  });

  it('guards the routes: status like live data, config and "read now" for the admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/powermeter/status', level: 'readonly' },
      { method: 'GET', url: '/api/powermeter/config', level: 'admin' },
      { method: 'POST', url: '/api/powermeter/config', level: 'admin' },
      { method: 'POST', url: '/api/powermeter/test', level: 'admin' },
    ]);
    await env.gateway.ctx.config.patch('security', { allow_readonly: true });
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await get(env.gateway, '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { 'x-auth-level'?: string; requestBody?: unknown }>>;
    };
    expect(doc.paths['/api/powermeter/status']?.get?.['x-auth-level']).toBe('readonly');
    expect(doc.paths['/api/powermeter/config']?.get?.['x-auth-level']).toBe('admin');
    expect(doc.paths['/api/powermeter/config']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/powermeter/test']?.post?.requestBody).toBeDefined();
  });

  it('shows the simulated meter by default: house load minus production, plainly marked simulated', async () => {
    expect(defaults).toMatchObject({ enabled: true, source: 'simulated', max_age: 10 });
    await until(() => env.gateway.ctx.services.meter.status().valid);
    const body = await status();
    expect(body).toMatchObject({
      enabled: true,
      source: 'simulated',
      simulated: true,
      valid: true,
      problem: null,
      phases: null,
    });
    expect(typeof body.power).toBe('number');
    expect(body.age_ms).toBeGreaterThanOrEqual(0);
    expect(body.time).toBe(env.gateway.ctx.clock.now() - (body.age_ms ?? 0));
  });

  it('hands every new reading to the feed at once, until unsubscribed', async () => {
    const feed = env.gateway.ctx.services.meter;
    const got: number[] = [];
    const off = feed.onReading((reading) => got.push(reading.atMs));
    // The simulated meter reads on the gateway clock, once a second.
    await env.advance(1000);
    await env.advance(1000);
    await until(() => got.length >= 2, 4000);
    off();
    const count = got.length;
    await env.advance(3000);
    expect(got.length).toBe(count);
    expect(feed.status().reading?.atMs).toBeGreaterThanOrEqual(got.at(-1) ?? 0);
  });

  it('counts only the inverters behind the meter', async () => {
    const meterService = env.gateway.ctx.services.meter;
    // A summer noon: the plant produces, so with every inverter behind the meter the house exports.
    await env.advance(10 * 60_000);
    const production = env.gateway.ctx.plant.live.totals().acPowerW;
    expect(production).toBeGreaterThan(100);
    const read = async () => {
      const result = (
        await post(env.gateway, '/api/powermeter/test', defaults)
      ).json() as PowerMeterTestResult;
      if (!result.ok) throw new Error(result.problem.detail);
      return result.power;
    };
    const all = await read();
    meterService.setBehindMeter((serial) => serial !== HM800);
    const some = await read();
    meterService.setBehindMeter(() => false);
    const none = await read();
    meterService.setBehindMeter(undefined);
    expect(none).toBeGreaterThan(some);
    expect(some).toBeGreaterThan(all);
    expect(none - all).toBeGreaterThan(100);
  });

  it('checks a posted config with the domain codes', async () => {
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', { ...defaults, max_age: 0 }), 16001, {
      min: 1,
      max: 300,
    });
    const values = [{ topic: 'a', json_path: '', unit: 0, sign_inverted: false }];
    const mqtt = (patch: object) => ({
      ...defaults,
      source: 'mqtt',
      mqtt: { ...defaults.mqtt, values, ...patch },
    });
    expectEnvelope(
      await post(env.gateway, '/api/powermeter/config', mqtt({ values: [...values, ...values] })),
      16002,
    );
    expectEnvelope(
      await post(env.gateway, '/api/powermeter/config', mqtt({ values: [{ ...values[0], topic: 'a/#' }] })),
      16003,
      { max: 256 },
    );
    expectEnvelope(
      await post(
        env.gateway,
        '/api/powermeter/config',
        mqtt({ values: [{ ...values[0], json_path: 'a..b' }] }),
      ),
      16004,
    );
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', http({ url: 'ftp://meter/x' })), 16007);
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', http({ timeout: 50 })), 16009, {
      min: 100,
      max: 30000,
    });
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', http({ auth_type: 3 })), 16011);
    expectEnvelope(
      await post(env.gateway, '/api/powermeter/config', { ...defaults, source: 'shelly' }),
      16005,
      { max: 128 },
    );
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', { ...defaults, source: 'bogus' }), 1005);
  });

  it('"read now" answers the reading of an unsaved source, or why there is none', async () => {
    meter.powerW = 321;
    const test = async (config: unknown) =>
      (await post(env.gateway, '/api/powermeter/test', config)).json() as PowerMeterTestResult;
    expect(await test(http({}))).toMatchObject({ ok: true, power: 321, phases: null, source: 'http' });
    expect(await test(http({ password: 'wrong' }))).toMatchObject({ ok: false, problem: { code: 'auth' } });
    expect(await test(http({}, { json_path: 'StatusSNS.Power' }))).toEqual({
      ok: false,
      source: 'http',
      problem: { code: 'json-path', detail: 'JSON path not found: StatusSNS.Power' },
    });
    const refused = await test(http({ url: `http://127.0.0.1:${await freePort()}/` }));
    expect(refused).toMatchObject({ ok: false, problem: { code: 'connection-refused' } });
    meter.delayMs = 1000;
    expect(await test(http({ timeout: 200 }))).toMatchObject({ ok: false, problem: { code: 'timeout' } });
    meter.delayMs = 0;
    // Nothing was saved: the running source is still the simulated one.
    expect((await status()).source).toBe('simulated');
  });

  it('keeps passwords write-only: masked in GET and backup, kept when the mask comes back', async () => {
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', http({})), 1001);
    const saved = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
    expect(saved.http_json.http_request.password).toBe(SECRET_MASK);
    expect(saved.shelly.password).toBe('');
    expect(env.gateway.ctx.config.serializeForBackup()).not.toContain('"right"');
    // The masked config posted back ("read now" and save) still logs in.
    expect(((await post(env.gateway, '/api/powermeter/test', saved)).json() as PowerMeterTestResult).ok).toBe(
      true,
    );
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', saved), 1001);
    expect(env.gateway.ctx.config.get('powermeter').http_json.http_request.password).toBe('right');
    meter.powerW = -99;
    await until(() => env.gateway.ctx.services.meter.status().reading?.powerW === -99);
    expect(await status()).toMatchObject({ source: 'http', simulated: false, power: -99, valid: true });
  });

  it('goes stale after max_age without a new reading', async () => {
    meter.powerW = 55;
    expectEnvelope(
      await post(env.gateway, '/api/powermeter/config', http({}, { polling_interval: 3600 })),
      1001,
    );
    await until(() => env.gateway.ctx.services.meter.status().reading?.powerW === 55);
    await env.advance(9_000);
    expect(await status()).toMatchObject({ valid: true, power: 55, age_ms: 9000, problem: null });
    await env.advance(2_000);
    const body = await status();
    expect(body).toMatchObject({ valid: false, power: 55, age_ms: 11_000 });
    expect(body.problem).toEqual({ code: 'stale', detail: 'Last reading 11 s old (max 10 s)' });
  });

  it('switched off, says so', async () => {
    expectEnvelope(await post(env.gateway, '/api/powermeter/config', { ...defaults, enabled: false }), 1001);
    await until(() => env.gateway.ctx.services.meter.status().source === 'none');
    expect(await status()).toMatchObject({
      enabled: false,
      source: 'none',
      valid: false,
      power: null,
      problem: { code: 'disabled' },
    });
  });
});
