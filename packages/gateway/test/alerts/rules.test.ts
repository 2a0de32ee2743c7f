/**
 * Alerts on the simulated plant (ManualClock, seed): each rule opens with a fault injected and clears after
 * it is removed; acknowledge, settings with write-only secrets, and a restart keeps the alerts.
 */
import type { AlertsConfig } from '@dtu-console/contract';
import type { SimulatedRadio } from '@dtu-console/radio/simulated';
import { afterEach, describe, expect, it } from 'vitest';
import { alertsStatus, configureAlerts, webhookTarget } from '../helpers/alerts';
import { get, post } from '../helpers/api';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const MIN = 60_000;

const radioOf = (env: PlantGateway) => env.gateway.ctx.plant.radio as SimulatedRadio;

describe('alerts on the simulated plant', () => {
  const running: PlantGateway[] = [];
  afterEach(async () => {
    for (const env of running.splice(0)) await env.cleanup().catch(() => {});
  });
  const start = async (options: Parameters<typeof plantGateway>[0] = {}) => {
    const env = await plantGateway(options);
    running.push(env);
    return env;
  };

  it('an inverter switched off at noon opens "unreachable" after N minutes and clears when it answers', async () => {
    const env = await start();
    await configureAlerts(env, { unreachable_minutes: 5, radio_enabled: false });
    await env.advance(3 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    radioOf(env).setInverterFault(HM800, { silent: true });
    await env.advance(4 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    await env.advance(5 * MIN);
    const open = (await alertsStatus(env)).open;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ rule: 'unreachable', serial: HM800, ended: null, acknowledged: false });
    expect(open[0]?.message).toContain('does not answer in daylight');
    expect((await alertsStatus(env, 'de')).open[0]?.message).toContain('antwortet bei Tageslicht nicht');
    // Prometheus shows the open alert, with the start it reports (docs/metrics.md).
    const metrics = async () => (await get(env.gateway, '/api/prometheus/metrics', null)).body;
    const name = env.gateway.ctx.plant.live.inverter(HM800)?.name ?? '';
    const labels = `rule="unreachable",serial="${HM800}",name="${name}",string=""`;
    expect(await metrics()).toContain(`dtu_alert_active{${labels}} 1\n`);
    expect(await metrics()).toContain(`dtu_alert_started_timestamp_seconds{${labels}} ${open[0]?.started}\n`);

    radioOf(env).setInverterFault(HM800, { silent: false });
    await env.advance(3 * MIN);
    const after = await alertsStatus(env);
    expect(after.open).toEqual([]);
    expect(await metrics()).not.toContain('dtu_alert_active{');
    expect(after.recent[0]).toMatchObject({ rule: 'unreachable', serial: HM800 });
    expect(after.recent[0]?.ended).toBeGreaterThan(after.recent[0]?.started ?? 0);
  });

  it('one shaded string opens "string" after Y minutes and clears without the shade', async () => {
    const env = await start();
    await configureAlerts(env, { string_minutes: 10, string_percent: 30, radio_enabled: false });
    await env.advance(5 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    radioOf(env).setInverterFault(HMS2000, { shading: [2, 0.3] });
    await env.advance(8 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
    await env.advance(5 * MIN);
    const open = (await alertsStatus(env)).open;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ rule: 'string', serial: HMS2000, channel: 2 });
    expect(open[0]?.message).toContain('West 1');
    radioOf(env).setInverterFault(HMS2000, { shading: [2, 1] });
    await env.advance(3 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
  });

  it('says when the string rule cannot apply (fewer than two strings with a max power)', async () => {
    const env = await start();
    const inverters = env.gateway.ctx.config.get('inverters');
    await env.gateway.ctx.config.update(
      'inverters',
      inverters.map((slot) => ({ ...slot, channel: slot.channel.map((ch) => ({ ...ch, max_power: 0 })) })),
    );
    const rules = (await alertsStatus(env)).rules;
    expect(rules.find((r) => r.rule === 'string')).toEqual({
      rule: 'string',
      enabled: true,
      applicable: false,
      reason: 'strings',
    });
    expect(rules.find((r) => r.rule === 'radio')?.applicable).toBe(true);
  });

  it('a new alarm opens "alarm" with its message in the asked language and clears when it ends', async () => {
    const env = await start();
    await configureAlerts(env, { radio_enabled: false });
    await env.advance(3 * MIN);
    // 141: grid overvoltage (category grid).
    radioOf(env).setInverterFault(HM800, { raise: 141 });
    await env.advance(3 * MIN);
    const open = (await alertsStatus(env)).open;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ rule: 'alarm', serial: HM800 });
    const fr = (await alertsStatus(env, 'fr')).open[0]?.message ?? '';
    expect(fr).not.toBe(open[0]?.message);
    // The end is seen at the next read of the log: the inverter logs something else meanwhile.
    radioOf(env).setInverterFault(HM800, { end: 141, raise: 2 });
    await env.advance(3 * MIN);
    expect((await alertsStatus(env)).open).toEqual([]);
  });

  it('50 % radio loss opens "radio" and clears when the loss is gone', async () => {
    const env = await start();
    await configureAlerts(env, { radio_percent: 30, radio_minutes: 10, unreachable_enabled: false });
    // Half of every frame lost, both ways.
    radioOf(env).setFaults({ packetLoss: 0.5, fragmentLoss: 0.5, weakSignal: false });
    await env.advance(14 * MIN);
    const open = (await alertsStatus(env)).open.filter((a) => a.rule === 'radio');
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open[0]?.message).toMatch(/loses \d+ %/);
    radioOf(env).setFaults({ weakSignal: false });
    await env.advance(15 * MIN);
    expect((await alertsStatus(env)).open.filter((a) => a.rule === 'radio')).toEqual([]);
  });

  it('acknowledges, and keeps open alerts across a restart', async () => {
    const env = await start();
    await configureAlerts(env, { unreachable_minutes: 2, radio_enabled: false });
    radioOf(env).setInverterFault(HM800, { silent: true });
    await env.advance(5 * MIN);
    let s = await alertsStatus(env);
    expect(s.unacknowledged).toBe(1);
    const id = s.open[0]?.id;
    expect((await post(env.gateway, '/api/alerts/ack', { id: 9999 })).json()).toMatchObject({ code: 24010 });
    expect((await post(env.gateway, '/api/alerts/ack', { id })).json()).toMatchObject({ code: 24011 });
    s = await alertsStatus(env);
    expect(s.unacknowledged).toBe(0);
    expect(s.open[0]?.acknowledged).toBe(true);
    const dataDir = env.dataDir;
    await env.gateway.stop();
    running.splice(running.indexOf(env), 1);
    const again = await start({ dataDir, start: env.clock.now() + MIN });
    const kept = await alertsStatus(again);
    expect(kept.open[0]).toMatchObject({ id, rule: 'unreachable', acknowledged: true });
    // The simulated inverter came back with the new plant: the alert clears.
    await again.advance(3 * MIN);
    expect((await alertsStatus(again)).open).toEqual([]);
  });

  it('keeps push secrets write-only and checks the settings', async () => {
    const env = await start();
    await configureAlerts(env, {
      webhook_enabled: true,
      webhook_url: 'http://127.0.0.1:9/hook/secret-id',
      webhook_auth: 'Bearer abc',
      ntfy_url: 'https://ntfy.example/topic',
    });
    const shown = (await get(env.gateway, '/api/alerts/config')).json() as AlertsConfig;
    expect(shown.webhook_url).toBe('********');
    expect(shown.webhook_auth).toBe('********');
    expect(shown.ntfy_token).toBe('');
    const backup = await get(env.gateway, '/api/config/get?file=config.json');
    expect(backup.body).not.toContain('secret-id');
    // The mask sent back keeps the stored value.
    await configureAlerts(env, { unreachable_minutes: 7 });
    expect(env.gateway.ctx.config.get('alerts').webhook_url).toBe('http://127.0.0.1:9/hook/secret-id');
    const bad = await post(env.gateway, '/api/alerts/config', { ...shown, ntfy_url: 'ftp://x' });
    expect(bad.json()).toMatchObject({ code: 24007 });
    const range = await post(env.gateway, '/api/alerts/config', { ...shown, string_percent: 0 });
    expect(range.json()).toMatchObject({ code: 24002, param: { min: 1, max: 100 } });
  });

  it('pushes the opening and the clearing to the webhook', async () => {
    const hook = await webhookTarget();
    const { bodies } = hook;
    try {
      const env = await start();
      await configureAlerts(env, {
        unreachable_minutes: 2,
        radio_enabled: false,
        webhook_enabled: true,
        webhook_url: hook.url,
      });
      radioOf(env).setInverterFault(HM800, { silent: true });
      await env.advance(4 * MIN);
      await expect.poll(() => bodies.map((b) => b.event)).toEqual(['opened']);
      expect(bodies[0]?.alert).toMatchObject({ rule: 'unreachable', serial: HM800 });
      radioOf(env).setInverterFault(HM800, { silent: false });
      await env.advance(3 * MIN);
      await expect.poll(() => bodies.map((b) => b.event)).toEqual(['opened', 'cleared']);
    } finally {
      await hook.close();
    }
  });
});
