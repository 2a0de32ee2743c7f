/**
 * The MQTT output against a real Mosquitto: the simulated plant's topics, commands, the last will,
 * reconnecting, and Home Assistant discovery with removal.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MqttConfig } from '@dtu-console/contract/mqtt/api';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { baseConfig, connectToBroker, until, watch } from '../helpers/mqtt';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

function channelTopics(serial: string, inputs: number): string[] {
  const inverter = [
    'name',
    ...[
      'tx_request',
      'tx_re_request',
      'rx_success',
      'rx_fail_nothing',
      'rx_fail_partial',
      'rx_fail_corrupt',
      'rssi',
    ].map((t) => `radio/${t}`),
    ...['bootloaderversion', 'fwbuildversion', 'fwbuilddatetime', 'hwpartnumber', 'hwversion'].map(
      (t) => `device/${t}`,
    ),
    ...['limit_relative', 'limit_absolute', 'reachable', 'producing', 'last_update'].map(
      (t) => `status/${t}`,
    ),
    ...['voltage', 'current', 'power', 'frequency', 'powerfactor', 'reactivepower'].map((t) => `0/${t}`),
    ...['powerdc', 'yieldday', 'yieldtotal', 'temperature', 'efficiency'].map((t) => `0/${t}`),
  ];
  for (let n = 1; n <= inputs; n++) {
    inverter.push(
      ...['name', 'voltage', 'current', 'power', 'yieldday', 'yieldtotal', 'irradiation'].map(
        (t) => `${n}/${t}`,
      ),
    );
  }
  return inverter.map((t) => `solar/${serial}/${t}`);
}

describe('MQTT against a real Mosquitto', () => {
  let broker: RestartableBroker;
  let env: PlantGateway;

  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(() => broker.stop());
  afterEach(async () => {
    await env?.cleanup();
  });

  async function gatewayOn(port: number, patch: Partial<MqttConfig> = {}) {
    env = await plantGateway({ logToConsole: true });
    await connectToBroker(env.gateway, port, patch);
    return env;
  }

  it('publishes the topic catalogue of the simulated plant, with OpenDTU formats', async () => {
    const watcher = await watch(broker.url, ['solar/#']);
    try {
      await gatewayOn(broker.port);
      // Let both inverters answer run data, device info and the limit read-back, then a publish cycle.
      for (let i = 0; i < 12; i++) await env.advance(5000);
      await until(() => watcher.last.has(`solar/${HMS2000}/4/irradiation`), 5000, 'channel topics');
      await env.advance(5000);
      await until(() => watcher.last.has(`solar/${HMS2000}/status/limit_absolute`), 5000, 'limit topics');

      const expected = [
        'solar/dtu/status',
        'solar/dtu/uptime',
        'solar/dtu/ip',
        'solar/dtu/hostname',
        'solar/dtu/heap/size',
        'solar/dtu/heap/free',
        'solar/dtu/heap/minfree',
        'solar/dtu/heap/maxalloc',
        'solar/ac/power',
        'solar/ac/yieldtotal',
        'solar/ac/yieldday',
        'solar/ac/is_valid',
        'solar/dc/power',
        'solar/dc/irradiation',
        'solar/dc/is_valid',
        ...channelTopics(HM800, 2),
        ...channelTopics(HMS2000, 4),
        // Alerts (docs/alerts.md): state and attributes per inverter and for the plant.
        ...['dtu', HM800, HMS2000].flatMap((node) => [`solar/${node}/alert`, `solar/${node}/alerts`]),
        // The simulated battery and its MPPT (docs/battery.md), on by default beside the simulated radio.
        ...['soc', 'voltage', 'current', 'power', 'temperature', 'discharge_current_limit']
          .concat(['charge_current_limit', 'alarms', 'warnings', 'stale'])
          .map((name) => `solar/battery/${name}`),
        'solar/solarcharger/power',
        ...['power', 'voltage', 'current', 'charge_state', 'stale'].map(
          (name) => `solar/solarcharger/simulated/${name}`,
        ),
      ];
      // Wi-Fi signal and chip temperature exist only on hosts that have them.
      const published = [...watcher.last.keys()].filter(
        (t) => t !== 'solar/dtu/rssi' && t !== 'solar/dtu/temperature',
      );
      expect(published.sort()).toEqual([...expected].sort());

      const value = (topic: string) => watcher.last.get(`solar/${topic}`) ?? '';
      expect(value('dtu/status')).toBe('online');
      expect(value(`${HM800}/name`)).toBe(env.gateway.ctx.plant.live.inverter(HM800)?.name);
      expect(value(`${HM800}/0/voltage`)).toMatch(/^\d+\.\d$/);
      expect(value(`${HM800}/0/current`)).toMatch(/^\d+\.\d{2}$/);
      expect(value(`${HM800}/0/powerfactor`)).toMatch(/^\d\.\d{3}$/);
      expect(value(`${HM800}/0/yieldday`)).toMatch(/^\d+$/);
      expect(value(`${HM800}/0/yieldtotal`)).toMatch(/^\d+\.\d{3}$/);
      expect(value(`${HM800}/status/limit_relative`)).toMatch(/^\d+\.\d{2}$/);
      expect(value(`${HM800}/status/reachable`)).toMatch(/^[01]$/);
      expect(value(`${HM800}/device/fwbuilddatetime`)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(value('ac/power')).toMatch(/^\d+\.\d$/);
      expect(value('dc/irradiation')).toMatch(/^\d+\.\d{3}$/);
      expect(value('dtu/uptime')).toMatch(/^\d+$/);
      // The values agree with the live model (the same catalogue formats both).
      // Polls run in rounds, so one may land after the last publish: step on until a publish cycle has
      // carried the model's latest value (it must within a few cycles).
      const live = () => env.gateway.ctx.plant.live.inverter(HMS2000)?.values.ac.power.toFixed(1);
      for (let step = 0; step < 30 && value(`${HMS2000}/0/power`) !== live(); step++) {
        await env.advance(1000);
        await until(() => value(`${HMS2000}/0/power`) === live(), 300, 'the next publish').catch(() => {});
      }
      expect(value(`${HMS2000}/0/power`)).toBe(live());
      // Every state topic is retained by default.
      const fresh = await watch(broker.url, ['solar/#']);
      const retained = () => new Set(fresh.history.filter(([, , flag]) => flag).map(([topic]) => topic));
      await until(() => expected.every((topic) => retained().has(topic)), 3000, 'retained values').catch(
        () => {},
      );
      expect(expected.filter((topic) => !retained().has(topic))).toEqual([]);
      await fresh.close();
    } finally {
      await watcher.close();
    }
  });

  it('acts on command topics through the engine and ignores retained non-persistent commands', async () => {
    const sender = await mqtt.connectAsync(broker.url, { clientId: 'sender' });
    try {
      // Retained before the gateway subscribes: it arrives flagged as retained.
      await sender.publishAsync(`solar/${HMS2000}/cmd/limit_nonpersistent_relative`, '20', { retain: true });
      await sender.publishAsync(`solar/${HM800}/cmd/limit_persistent_relative`, '40', { retain: true });
      await gatewayOn(broker.port);
      const { live } = env.gateway.ctx.plant;
      // The retained messages arrive after the subscription (real time); the radio works on the test clock.
      await until(
        () => live.inverter(HM800)?.limitSetStatus === 'Pending',
        3000,
        'the retained persistent limit',
      );
      await until(
        () => env.consoleLog.recent().some((line) => line.includes('ignored because retained')),
        3000,
        'the retained non-persistent limit to be refused',
      );
      expect(live.inverter(HMS2000)?.limitSetStatus).not.toBe('Pending');
      for (let i = 0; i < 12 && live.inverter(HM800)?.limitRelative !== 40; i++) await env.advance(5000);
      expect(live.inverter(HM800)?.limitRelative).toBe(40);
      expect(live.inverter(HMS2000)?.limitRelative).not.toBe(20);

      await sender.publishAsync(`solar/${HMS2000}/cmd/limit_nonpersistent_relative`, '50');
      await until(() => live.inverter(HMS2000)?.limitSetStatus === 'Pending', 3000, 'the command');
      // The HMS inverter follows the DTU's radio frequency only about a minute after start.
      for (let i = 0; i < 30 && live.inverter(HMS2000)?.limitRelative !== 50; i++) await env.advance(5000);
      expect(live.inverter(HMS2000)?.limitRelative).toBe(50);
      expect(live.inverter(HMS2000)?.limitSetStatus).toBe('Ok');

      // Rejected: negative, not a number, NaN; none of them reaches the engine.
      for (const payload of ['-5', 'fifty', 'nan', '1e999']) {
        await sender.publishAsync(`solar/${HMS2000}/cmd/limit_nonpersistent_relative`, payload);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let i = 0; i < 3; i++) await env.advance(5000);
      expect(live.inverter(HMS2000)?.limitRelative).toBe(50);
      // Each rejection is logged with its reason (the same one at most once a minute per topic).
      const log = env.consoleLog.recent().join('\n');
      expect(log).toContain(
        `MQTT command on solar/${HMS2000}/cmd/limit_nonpersistent_relative rejected: negative value -5`,
      );
      expect(log).toContain('ignored because retained');
    } finally {
      await sender.publishAsync(`solar/${HMS2000}/cmd/limit_nonpersistent_relative`, '', { retain: true });
      await sender.publishAsync(`solar/${HM800}/cmd/limit_persistent_relative`, '', { retain: true });
      await sender.endAsync();
    }
  });

  it('leaves "offline" through the last will when the connection dies, and comes back online', async () => {
    const proxy: TcpProxy = await startTcpProxy(broker.port);
    const watcher = await watch(broker.url, ['solar/dtu/status']);
    try {
      await gatewayOn(proxy.port);
      await until(() => watcher.last.get('solar/dtu/status') === 'online', 3000, 'online');
      proxy.cut();
      await until(() => watcher.last.get('solar/dtu/status') === 'offline', 3000, 'the will');
      await until(() => watcher.last.get('solar/dtu/status') === 'online', 5000, 'online again');
      expect(env.gateway.ctx.services.mqtt.connected).toBe(true);
    } finally {
      await watcher.close();
      await proxy.close();
    }
  });

  it('reconnects within 5 s after the broker restarts', async () => {
    await gatewayOn(broker.port);
    await broker.restart();
    const restartedAt = Date.now();
    await until(() => !env.gateway.ctx.services.mqtt.connected, 2000, 'the loss to be noticed').catch(
      () => {},
    );
    await until(() => env.gateway.ctx.services.mqtt.connected, 5000, 'the reconnect');
    expect(Date.now() - restartedAt).toBeLessThan(5000);
    const status = await env.gateway.http.inject({
      method: 'GET',
      url: '/api/mqtt/status',
      headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
    });
    expect(status.json().mqtt_connected).toBe(true);
  });

  it('says "offline" and disconnects when MQTT is switched off', async () => {
    const watcher = await watch(broker.url, ['solar/dtu/status']);
    try {
      await gatewayOn(broker.port);
      await until(() => watcher.last.get('solar/dtu/status') === 'online', 3000, 'online');
      expectEnvelope(
        await post(env.gateway, '/api/mqtt/config', { ...baseConfig, mqtt_enabled: false }),
        1001,
      );
      await until(() => watcher.last.get('solar/dtu/status') === 'offline', 3000, 'offline');
      expect(env.gateway.ctx.services.mqtt.connected).toBe(false);
    } finally {
      await watcher.close();
    }
  });

  it('publishes Home Assistant discovery with unique ids and removes a deleted inverter', async () => {
    const watcher = await watch(broker.url, ['homeassistant/#']);
    try {
      await gatewayOn(broker.port);
      await env.advance(10_000);
      // The last 1s are the alert problem sensors (docs/alerts.md).
      const perInverter = 4 + 4 + 2 + 7 + 6 + 5 + 1;
      const configs = () => [...watcher.last.entries()].filter(([, payload]) => payload !== '');
      // The simulated battery's 8 entities and its MPPT's 3 (docs/battery.md).
      const battery = 8 + 3;
      await until(() => configs().length === 13 + 1 + battery + 2 * perInverter, 5000, 'discovery');

      const parsed = configs().map(([topic, payload]) => [topic, JSON.parse(payload)] as const);
      const ids = parsed.map(([, body]) => body.uniq_id);
      expect(new Set(ids).size).toBe(ids.length);
      const power = parsed.find(
        ([topic]) => topic === `homeassistant/sensor/dtu_${HM800}/ch0_Power/config`,
      )?.[1];
      expect(power).toMatchObject({
        dev: { ids: HM800, mf: 'OpenDTU', via_device: expect.stringMatching(/_\d+$/) },
        unit_of_meas: 'W',
        dev_cla: 'power',
        stat_cla: 'measurement',
        name: 'Power',
        stat_t: `solar/${HM800}/0/power`,
        uniq_id: `${HM800}_ch0_Power`,
        exp_aft: 2 * 5 * 2,
      });
      // Individual panels off: the per-input configs are cleared.
      expect(watcher.last.get(`homeassistant/sensor/dtu_${HM800}/ch1_Power/config`)).toBe('');

      // Delete the HMS-2000 (slot 1): within the 60 s spacing its entities are removed.
      expect((await post(env.gateway, '/api/inverter/del', { id: 1 })).json().code).toBe(4008);
      await env.advance(60_000);
      await until(
        () => configs().every(([topic]) => !topic.includes(`dtu_${HMS2000}/`)),
        5000,
        'the removal',
      );
      const fresh = await watch(broker.url, ['homeassistant/#']);
      await until(() => fresh.last.size >= 13 + perInverter, 3000, 'the retained configs');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([...fresh.last.keys()].some((topic) => topic.includes(HMS2000))).toBe(false);
      await fresh.close();
    } finally {
      await watcher.close();
    }
  });

  it('republishes discovery on a settings save at most once a minute, and removes it all when switched off', async () => {
    const watcher = await watch(broker.url, ['ha2/#']);
    const config = { ...baseConfig, mqtt_hass_topic: 'ha2/' };
    try {
      await gatewayOn(broker.port, { mqtt_hass_topic: 'ha2/' });
      const gateway = env.gateway;
      const perInput = `ha2/sensor/dtu_${HM800}/ch1_Power/config`;
      await until(() => watcher.last.get(perInput) === '', 5000, 'the first run');

      // Not a connection setting: no reconnect, and the run waits for the 60 s spacing.
      expectEnvelope(
        await post(gateway, '/api/mqtt/config', {
          ...config,
          mqtt_port: broker.port,
          mqtt_hass_individualpanels: true,
        }),
        1001,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(watcher.last.get(perInput)).toBe('');
      expect(gateway.ctx.services.mqtt.connected).toBe(true);
      await env.advance(60_000);
      await until(() => (watcher.last.get(perInput) ?? '') !== '', 5000, 'the next run');
      expect(JSON.parse(watcher.last.get(perInput) ?? '{}')).toMatchObject({ name: 'CH1 Power' });

      expectEnvelope(
        await post(gateway, '/api/mqtt/config', {
          ...config,
          mqtt_port: broker.port,
          mqtt_hass_enabled: false,
        }),
        1001,
      );
      await until(() => [...watcher.last.values()].every((payload) => payload === ''), 5000, 'the removal');
      const fresh = await watch(broker.url, ['ha2/#']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fresh.last.size).toBe(0);
      await fresh.close();
    } finally {
      await watcher.close();
    }
  });

  it('removes the entities of an inverter deleted before a restart, from its record in the data directory', async () => {
    const watcher = await watch(broker.url, ['ha3/#']);
    try {
      await gatewayOn(broker.port, { mqtt_hass_topic: 'ha3/' });
      const first = env;
      const hmsPower = `ha3/sensor/dtu_${HMS2000}/ch0_Power/config`;
      await until(() => (watcher.last.get(hmsPower) ?? '') !== '', 5000, 'the first run');
      // The record is written after the run went out.
      const record = () => readFile(join(first.dataDir, 'mqtt-discovery.json'), 'utf8').catch(() => '');
      for (let i = 0; i < 100 && !(await record()).includes(hmsPower); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await record()).toContain(hmsPower);
      // Deleted, then stopped before the next run (spaced a minute) could remove anything.
      expect((await post(first.gateway, '/api/inverter/del', { id: 1 })).json().code).toBe(4008);
      await first.gateway.stop();
      expect(watcher.last.get(hmsPower)).not.toBe('');

      env = await plantGateway({ dataDir: first.dataDir });
      await until(() => env.gateway.ctx.services.mqtt.connected, 5000, 'the second run to connect');
      await until(() => watcher.last.get(hmsPower) === '', 5000, 'the removal');
      expect((watcher.last.get(`ha3/sensor/dtu_${HM800}/ch0_Power/config`) ?? '') !== '').toBe(true);
    } finally {
      await watcher.close();
    }
  });

  it('keeps publishing every interval, also when cycles fall due while one is still running', async () => {
    const watcher = await watch(broker.url, ['solar/dtu/uptime']);
    try {
      await gatewayOn(broker.port, { mqtt_publish_interval: 10 });
      // Quicker than the host facts are read: cycles fall due while the previous one runs.
      for (let i = 0; i < 10; i++) await env.advance(10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const count = () => watcher.history.filter(([, , retained]) => !retained).length;
      const before = count();
      await env.advance(10_000);
      await until(() => count() > before, 3000, 'the next cycle');
      // And nothing before the interval has passed.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = count();
      await env.advance(5000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(count()).toBe(after);
    } finally {
      await watcher.close();
    }
  });
});
