/**
 * The grid operator's signal from an MQTT topic against a real Mosquitto: the step read (percentage or
 * contact), garbage ignored, the source stale after 5 minutes (last step kept, status and topics say so),
 * and the step on the limiter's state topics, in Home Assistant discovery and in Prometheus.
 */
import { FeedInLimits } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsStatus, configureAlerts } from '../helpers/alerts';
import { expectEnvelope, get, post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { connectToBroker, until, watch } from '../helpers/mqtt';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const TOPIC = 'ripple/step';

describe('grid signal over MQTT (real Mosquitto)', () => {
  let broker: RestartableBroker;
  let env: PlantGateway;

  beforeAll(async () => {
    broker = await startMosquitto();
    env = await plantGateway();
    await connectToBroker(env.gateway, broker.port);
  });
  afterAll(async () => {
    await env?.cleanup();
    await broker.stop();
  });

  const status = async () => (await get(env.gateway, '/api/powerlimiter/status', null)).json();

  it('reads the step, keeps the last one when the topic goes quiet, and shows it everywhere', async () => {
    const watcher = await watch(broker.url, ['solar/powerlimiter/#', 'homeassistant/+/+/+/config']);
    try {
      const config = (await get(env.gateway, '/api/powerlimiter/config')).json();
      const governed = (serial: string) => ({
        serial,
        governed: true,
        behind_power_meter: true,
        lower_power_limit: 0,
        upper_power_limit: 0,
        role: 'solar' as const,
      });
      expectEnvelope(
        await post(env.gateway, '/api/powerlimiter/config', {
          ...config,
          inverters: [governed(HM800), governed(HMS2000)],
          feed_in_cap: { ...config.feed_in_cap, module_power_wp: 2000 },
          grid_signal: { ...config.grid_signal, enabled: true, source: 'mqtt', mqtt: { topic: TOPIC } },
        }),
        1001,
      );
      await env.advance(3000);
      let now = await status();
      // No message yet: unknown, and the limiter sends nothing.
      expect(now.state).toBe('waiting_for_signal');
      expect(now.feed_in.grid_signal).toMatchObject({ enabled: true, source: 'mqtt', known: false });

      await watcher.client.publishAsync(TOPIC, 'K3');
      await until(() => env.gateway.ctx.services.powerlimiter.status().feed_in.grid_signal.known, 5000, 'K3');
      await env.advance(30_000);
      now = await status();
      expect(now.feed_in.grid_signal).toMatchObject({ percent: 30, contact: 3, lost: false });
      expect(now.feed_in).toMatchObject({ signal_w: 600, export_limit_w: 600 });
      expect(now.state).toBe('regulating');

      await watcher.client.publishAsync(TOPIC, '{"percent": 60}');
      await until(
        () => env.gateway.ctx.services.powerlimiter.status().feed_in.grid_signal.percent === 60,
        5000,
        '60 %',
      );
      // Garbage is ignored: the step stays.
      await watcher.client.publishAsync(TOPIC, 'sixty');
      await watcher.client.publishAsync(TOPIC, '150');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await env.advance(2000);
      expect((await status()).feed_in.grid_signal.percent).toBe(60);
      await until(
        () =>
          watcher.last.get('solar/powerlimiter/status/grid_signal') === '60' &&
          watcher.last.get('solar/powerlimiter/status/export_limit') === '1200',
        5000,
        'the signal topics',
      );
      expect(watcher.last.get('solar/powerlimiter/status/grid_signal_lost')).toBe('0');

      const metrics = (await get(env.gateway, '/api/prometheus/metrics', null)).body;
      expect(metrics).toMatch(/^dtu_grid_signal_percent 60$/m);
      expect(metrics).toMatch(/^dtu_grid_signal_lost 0$/m);
      expect(metrics).toMatch(/^dtu_limiter_export_limit_watts 1200$/m);
      expect(metrics).not.toMatch(/^dtu_feed_in_cap_watts/m);

      // Home Assistant: the step as a sensor, the loss as a problem sensor.
      await env.advance(61_000);
      await until(
        () => [...watcher.last.keys()].some((t) => t.includes('powerlimiter_grid_signal_lost')),
        5000,
        'signal entities',
      );
      const sensorTopic = [...watcher.last.keys()].find(
        (t) => t.startsWith('homeassistant/sensor/') && t.endsWith('powerlimiter_grid_signal/config'),
      );
      expect(JSON.parse(watcher.last.get(sensorTopic ?? '') ?? '{}')).toMatchObject({
        stat_t: 'solar/powerlimiter/status/grid_signal',
        unit_of_meas: '%',
      });

      // Five minutes without a message: lost, the last step kept.
      await env.advance(FeedInLimits.mqttStaleMs);
      now = await status();
      expect(now.feed_in.grid_signal).toMatchObject({ percent: 60, lost: true });
      expect(now.feed_in.grid_signal.problem).toMatch(/5 minutes/);
      expect(now.feed_in.export_limit_w).toBe(1200);
      await until(
        () => watcher.last.get('solar/powerlimiter/status/grid_signal_lost') === '1',
        5000,
        'lost on MQTT',
      );
      // The next message ends the loss.
      await watcher.client.publishAsync(TOPIC, '100');
      await until(
        () => !env.gateway.ctx.services.powerlimiter.status().feed_in.grid_signal.lost,
        5000,
        'signal back',
      );
      expect((await status()).feed_in.grid_signal.percent).toBe(100);
    } finally {
      await watcher.close();
    }
  });

  it('raises an alert when the signal is lost, and (when asked) when it stays below 100 % for hours', async () => {
    const publisher = await watch(broker.url, ['solar/powerlimiter/status/state']);
    try {
      const rules = (await alertsStatus(env)).rules ?? [];
      expect(rules.find((r: { rule: string }) => r.rule === 'grid_signal')).toMatchObject({
        enabled: false,
        applicable: true,
      });
      await configureAlerts(env, { grid_signal_enabled: true, grid_signal_hours: 1 });
      await publisher.client.publishAsync(TOPIC, '30');
      await until(
        () => env.gateway.ctx.services.powerlimiter.status().feed_in.grid_signal.percent === 30,
        5000,
        '30 %',
      );
      // Quiet for 5 minutes: lost; one minute later the alert (its hold time) with the step kept.
      for (let i = 0; i < 14; i++) await env.advance(30_000);
      let alerts = await alertsStatus(env);
      const lost = alerts.open.find((a) => a.rule === 'grid_signal_lost');
      expect(lost?.message).toBe('Grid operator signal cannot be read: the last step (30 %) is kept');
      expect(alerts.open.some((a) => a.rule === 'grid_signal')).toBe(false);
      // Below 100 % for an hour.
      for (let i = 0; i < 110; i++) await env.advance(30_000);
      alerts = await alertsStatus(env, 'de');
      expect(alerts.open.find((a) => a.rule === 'grid_signal')?.message).toBe(
        'Signal des Netzbetreibers begrenzt die Einspeisung auf 30 %',
      );
      // Back to 100 %: both clear.
      await publisher.client.publishAsync(TOPIC, 'K1');
      await until(
        () => env.gateway.ctx.services.powerlimiter.status().feed_in.grid_signal.percent === 100,
        5000,
        '100 %',
      );
      await env.advance(60_000);
      alerts = await alertsStatus(env);
      expect(alerts.open.filter((a) => a.rule.startsWith('grid_signal'))).toEqual([]);
    } finally {
      await publisher.close();
    }
  });
});
