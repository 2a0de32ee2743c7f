/**
 * The power limiter's alert rules on the simulated plant (ManualClock): a meter source that stops answering
 * opens "meter" with its reason and clears when it answers again; the limiter forced into its fallback opens
 * "limiter" and clears when the meter is back. Both flow through the list, the bell, the MQTT topics, push
 * and Prometheus like every alert.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Alert, PowerMeterConfig } from '@dtu-console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertStore } from '../../src/alerts/alert-store';
import { meterRule } from '../../src/alerts/rules/meter';
import { condition } from '../../src/alerts/rules/rule';
import { HistoryStore } from '../../src/history/store';
import { alertStateMessages } from '../../src/mqtt/alert-topics';
import { alertsStatus, configureAlerts, webhookTarget } from '../helpers/alerts';
import { get, post } from '../helpers/api';
import { parseExposition } from '../helpers/exposition';
import { HM800, HMS2000, LIMITER_ON, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const MIN = 60_000;
const STEP = 30_000;

const metrics = async (env: PlantGateway) =>
  parseExposition((await get(env.gateway, '/api/prometheus/metrics', null)).body).samples;

/** Moves the clock in evaluation-sized steps, letting real-time I/O (the HTTP meter) run between them. */
async function advance(env: PlantGateway, ms: number) {
  for (let done = 0; done < ms; done += STEP) {
    await env.advance(STEP);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A meter answering `{"power": 321}` on a fixed port, stopped and started again by the test. */
function httpMeter() {
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const started = createServer((_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end('{"power": 321}');
      });
      server = started;
      started.listen(port, '127.0.0.1', () => {
        port = (started.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
      server = undefined;
    });
  return { listen, stop, url: () => `http://127.0.0.1:${port}/status` };
}

describe('the power limiter’s alert rules', () => {
  const running: PlantGateway[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const env of running.splice(0)) await env.cleanup().catch(() => {});
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const start = async () => {
    const env = await plantGateway();
    running.push(env);
    return env;
  };

  it('a meter source that stops answering opens "meter" with the reason, and clears when it answers', async () => {
    const meter = httpMeter();
    cleanups.push(meter.stop);
    await meter.listen();
    const env = await start();
    await configureAlerts(env, { meter_minutes: 2, unreachable_enabled: false, radio_enabled: false });
    const defaults = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
    const meterService = env.gateway.ctx.services.meter;
    await env.gateway.ctx.config.update('powermeter', {
      ...defaults,
      source: 'http',
      // The HTTP source asks in real time; the plant's clock jumps in 30 s steps: allow for both.
      max_age: 300,
      http_json: {
        ...defaults.http_json,
        polling_interval: 1,
        json_path: 'power',
        http_request: { ...defaults.http_json.http_request, url: meter.url(), timeout: 1000 },
      },
    });
    await expect.poll(() => meterService.status().reading?.powerW).toBe(321);
    await advance(env, 2 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    expect((await alertsStatus(env)).rules.find((r) => r.rule === 'meter')).toEqual({
      rule: 'meter',
      enabled: true,
      applicable: true,
    });

    // A reading taken at this very moment of the plant's clock, so the times below count from it.
    await expect.poll(() => meterService.status().ageMs).toBe(0);
    await meter.stop();
    await expect.poll(() => meterService.status().problem?.code).toBe('connection-refused');
    // The last reading stays valid for max_age (5 min), then the rule waits meter_minutes (2 min).
    await advance(env, 4 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    await advance(env, 4 * MIN);
    const s = await alertsStatus(env);
    expect(s.open).toHaveLength(1);
    expect(s.unacknowledged).toBe(1);
    const [alert] = s.open as [Alert];
    expect(alert).toMatchObject({ rule: 'meter', serial: '', name: '', channel: null, ended: null });
    expect(alert.message).toBe('Electricity meter: no valid reading (connection refused)');
    expect((await alertsStatus(env, 'de')).open[0]?.message).toBe(
      'Stromzähler: kein gültiger Messwert (Verbindung abgelehnt)',
    );
    expect((await alertsStatus(env, 'fr')).open[0]?.message).toContain('connexion refusée');
    const samples = await metrics(env);
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
        ?.value;
    expect(value('dtu_meter_up')).toBe(0);
    expect(value('dtu_meter_reading_age_seconds')).toBeGreaterThan(300);
    expect(value('dtu_meter_power_watts')).toBe(321);
    expect(value('dtu_alert_active', { rule: 'meter', serial: '', string: '' })).toBe(1);
    expect(value('dtu_alerts_opened_total', { rule: 'meter' })).toBe(1);

    await meter.listen();
    await expect.poll(() => meterService.status().valid).toBe(true);
    await advance(env, MIN);
    const after = await alertsStatus(env);
    expect(after.open).toEqual([]);
    expect(after.recent[0]).toMatchObject({ rule: 'meter', message: alert.message });
    expect((await metrics(env)).find((x) => x.name === 'dtu_meter_up')?.value).toBe(1);
  });

  it('the limiter forced into its fallback opens "limiter" after N minutes and clears when it regulates', async () => {
    const hook = await webhookTarget();
    cleanups.push(hook.close);
    const { bodies } = hook;
    const env = await start();
    const announced: (readonly Alert[])[] = [];
    env.gateway.ctx.bus.on('alerts:changed', (open) => announced.push(open));
    await configureAlerts(env, {
      limiter_minutes: 3,
      unreachable_enabled: false,
      radio_enabled: false,
      webhook_enabled: true,
      webhook_url: hook.url,
    });
    expect((await alertsStatus(env)).rules.find((r) => r.rule === 'limiter')).toEqual({
      rule: 'limiter',
      enabled: true,
      applicable: false,
      reason: 'limiter',
    });
    const limiter = await post(env.gateway, '/api/powerlimiter/config', LIMITER_ON);
    expect(limiter.json()).toMatchObject({ code: 1001 });
    for (let i = 0; i < 30; i++) await env.advance(10_000);
    const limiterService = env.gateway.ctx.services.powerlimiter;
    expect(limiterService.status().state).toBe('regulating');

    // The limiter's families while it regulates.
    let samples = await metrics(env);
    const value = (name: string, labels: Record<string, string> = {}) =>
      samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
        ?.value;
    expect(value('dtu_limiter_state', { state: 'regulating' })).toBe(1);
    expect(value('dtu_limiter_state', { state: 'off' })).toBe(0);
    expect(value('dtu_limiter_enabled')).toBe(1);
    const limiterStatus = limiterService.status();
    for (const serial of [HM800, HMS2000]) {
      const name = env.gateway.ctx.plant.live.inverter(serial)?.name ?? '';
      const inv = limiterStatus.inverters.find((i) => i.serial === serial);
      expect(value('dtu_limiter_inverter_limit_watts', { serial, name })).toBe(inv?.limit_w);
      expect(value('dtu_limiter_inverter_output_watts', { serial, name })).toBe(inv?.output_w);
      expect(value('dtu_limiter_commands_total', { serial, name })).toBe(
        limiterService.commandsSent().get(serial),
      );
      expect(value('dtu_limiter_commands_total', { serial })).toBeGreaterThanOrEqual(
        inv?.commands_last_hour ?? 1,
      );
      expect(value('dtu_limiter_commands_total', { serial })).toBeGreaterThan(0);
    }
    expect(value('dtu_limiter_persistent_commands_total')).toBe(0);

    // The fault: the meter is lost (switched off) after valid readings, so the limiter falls back.
    const section = env.gateway.ctx.config.get('powermeter');
    await env.gateway.ctx.config.update('powermeter', { ...section, enabled: false });
    await env.advance(STEP);
    expect(limiterService.status().state).toBe('fallback');
    await env.advance(2 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    await env.advance(2 * MIN);
    const s = await alertsStatus(env);
    expect(s.open).toHaveLength(1);
    expect(s.open[0]).toMatchObject({ rule: 'limiter', serial: '', acknowledged: false });
    expect(s.open[0]?.message).toBe('Power limiter in fallback: the inverters hold the base load limit');
    expect((await alertsStatus(env, 'de')).open[0]?.message).toContain('Ersatzbetrieb');
    // No meter configured any more: the meter rule says it does not apply, and opened nothing.
    expect(s.rules.find((r) => r.rule === 'meter')).toMatchObject({ applicable: false, reason: 'meter' });
    // MQTT: the plant's alert topics (and its problem sensor) show it.
    const plantTopics = alertStateMessages('solar/', [HM800, HMS2000], announced.at(-1) ?? []);
    expect(plantTopics.find((m) => m.topic === 'solar/dtu/alert')?.payload).toBe('ON');
    expect(plantTopics.find((m) => m.topic === `solar/${HM800}/alert`)?.payload).toBe('OFF');
    expect(
      JSON.parse(plantTopics.find((m) => m.topic === 'solar/dtu/alerts')?.payload ?? '{}'),
    ).toMatchObject({
      count: 1,
      alerts: [{ rule: 'limiter', serial: '' }],
    });
    await expect.poll(() => bodies.map((b) => `${b.event} ${b.alert.rule}`)).toEqual(['opened limiter']);
    samples = await metrics(env);
    expect(value('dtu_limiter_state', { state: 'fallback' })).toBe(1);
    expect(value('dtu_alert_active', { rule: 'limiter' })).toBe(1);
    expect(value('dtu_alerts_opened_total', { rule: 'limiter' })).toBe(1);

    await env.gateway.ctx.config.update('powermeter', { ...section, enabled: true });
    await env.advance(STEP);
    expect(limiterService.status().state).toBe('regulating');
    await env.advance(STEP);
    expect((await alertsStatus(env)).open).toEqual([]);
    expect(announced.at(-1)).toEqual([]);
    await expect
      .poll(() => bodies.map((b) => `${b.event} ${b.alert.rule}`))
      .toEqual(['opened limiter', 'cleared limiter']);
  });

  it('does not watch the first-start simulated meter beside a hardware radio', () => {
    const evaluator = meterRule.create();
    const scope = { inverters: [], now: 0, isDay: true, settings: {} as never };
    const notSimulated = {
      source: 'simulated' as const,
      valid: false,
      problem: { code: 'not-simulated', detail: '' },
    };
    expect(evaluator.evaluate({ ...scope, meter: notSimulated })).toEqual([]);
    expect(meterRule.applies?.({ inverters: [], meter: notSimulated })).toEqual({
      applicable: false,
      reason: 'meter',
    });
    const stale = { source: 'mqtt' as const, valid: false, problem: { code: 'disconnected', detail: '' } };
    expect(evaluator.evaluate({ ...scope, meter: stale })).toMatchObject([
      { serial: '', detail: 'disconnected' },
    ]);
  });

  it('keeps the reason in the alert table, and alerts of a database from before it get none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-alert-detail-'));
    try {
      const file = join(dir, 'history.sqlite');
      // A database as the version before the `detail` column left it: no `detail` column and none of the
      // later tables (the MI series' kept energy, the battery's), one open alert.
      const old = new HistoryStore(file);
      old.database.exec('ALTER TABLE alert DROP COLUMN detail');
      old.database.exec('DROP TABLE energy_kept');
      old.database.exec('DROP TABLE battery_minute; DROP TABLE battery_quarter');
      old.database.pragma('user_version = 2');
      old.database
        .prepare("INSERT INTO alert (rule, serial, name, started) VALUES ('unreachable', ?, 'A', 100)")
        .run(HM800);
      old.close();
      const store = new HistoryStore(file);
      const alerts = new AlertStore(store.database);
      expect(alerts.open()).toMatchObject([{ rule: 'unreachable', serial: HM800, detail: '' }]);
      alerts.insert('meter', '', condition('', { detail: 'auth' }), 200);
      expect(alerts.open()[0]).toMatchObject({ rule: 'meter', serial: '', detail: 'auth' });
      store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
