/**
 * The battery and its charge controllers on MQTT: the state topics and entities (unit), and both against a
 * real Mosquitto with the simulated battery bus.
 */
import { batteryStatus, solarChargerStatus, solarChargerUnit } from '@dtu-console/contract/battery/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batteryDiscoveryMessages,
  batteryStateMessages,
  chargerTopicId,
} from '../../src/mqtt/battery-topics';
import type { MqttSection } from '../../src/mqtt/client-options';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { connectToBroker, until, watch } from '../helpers/mqtt';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const SETTINGS = {
  topic: 'solar/',
  hass: { topic: 'homeassistant/' },
} as unknown as MqttSection;

describe('battery state topics', () => {
  it('publish what the battery reports, and leave out what it does not', () => {
    const messages = batteryStateMessages(
      batteryStatus({ temperature: null, alarms: ['low_voltage', 'stop_discharge'] }),
    );
    const topics = Object.fromEntries(messages.map((m) => [m.topic, m.payload]));
    expect(topics).toEqual({
      'battery/soc': '81.0',
      'battery/voltage': '52.31',
      'battery/current': '-12.30',
      'battery/power': '-643.4',
      'battery/discharge_current_limit': '100.0',
      'battery/charge_current_limit': '50.0',
      'battery/alarms': '["low_voltage","stop_discharge"]',
      'battery/warnings': '[]',
      'battery/stale': '0',
    });
  });

  it('publish nothing for a switched-off battery or charge controllers', () => {
    expect(
      batteryStateMessages(batteryStatus({ enabled: false }), solarChargerStatus({ enabled: false })),
    ).toEqual([]);
  });

  it('place each charge controller under its device name', () => {
    expect(chargerTopicId('/dev/ttyUSB1')).toBe('ttyUSB1');
    expect(chargerTopicId('/dev/serial/by-id/usb-VictronEnergy_BV_VE_Direct_cable_VE4-if00')).toBe(
      'usb-VictronEnergy_BV_VE_Direct_cable_VE4-if00',
    );
    expect(chargerTopicId('simulated')).toBe('simulated');
    const topics = batteryStateMessages(undefined, solarChargerStatus()).map(
      (m) => `${m.topic}=${m.payload}`,
    );
    expect(topics).toEqual([
      'solarcharger/power=845.0',
      'solarcharger/ttyUSB1/power=845.0',
      'solarcharger/ttyUSB1/voltage=52.40',
      'solarcharger/ttyUSB1/current=16.10',
      'solarcharger/ttyUSB1/charge_state=bulk',
      'solarcharger/ttyUSB1/stale=0',
    ]);
  });
});

describe('battery entities', () => {
  it('join the DTU device with unique ids that carry the gateway', () => {
    const messages = batteryDiscoveryMessages(SETTINGS, 'pi_123', batteryStatus(), solarChargerStatus());
    const soc = messages.find((m) => m.topic === 'homeassistant/sensor/pi_123/battery_soc/config');
    expect(JSON.parse(soc?.payload ?? '{}')).toEqual({
      uniq_id: 'pi_123_battery_soc',
      dev: { ids: 'pi_123' },
      name: 'Battery state of charge',
      stat_t: 'solar/battery/soc',
      unit_of_meas: '%',
      dev_cla: 'battery',
      stat_cla: 'measurement',
    });
    const ids = messages.map((m) => JSON.parse(m.payload).uniq_id as string);
    expect(ids.every((id) => id.startsWith('pi_123_'))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('pi_123_solarcharger_ttyUSB1_power');
    // Another gateway's entities do not collide.
    const other = batteryDiscoveryMessages(SETTINGS, 'nas_9', batteryStatus(), solarChargerStatus());
    expect(other.map((m) => m.topic).filter((t) => messages.some((m) => m.topic === t))).toEqual([]);
  });

  it('are none while both are switched off', () => {
    expect(
      batteryDiscoveryMessages(
        SETTINGS,
        'pi_123',
        batteryStatus({ enabled: false }),
        solarChargerStatus({ enabled: false, chargers: [solarChargerUnit()] }),
      ),
    ).toEqual([]);
  });
});

describe('the simulated battery against a real Mosquitto', () => {
  let broker: RestartableBroker;
  let env: PlantGateway;

  beforeAll(async () => {
    broker = await startMosquitto();
    env = await plantGateway();
  });
  afterAll(async () => {
    await env?.cleanup();
    await broker.stop();
  });

  it('publishes its state each cycle and its entities, and removes them when switched off', async () => {
    const watcher = await watch(broker.url, [
      'solar/battery/#',
      'solar/solarcharger/#',
      'homeassistant/+/+/+/config',
    ]);
    try {
      await connectToBroker(env.gateway, broker.port);
      await env.advance(2000);
      await until(
        () => watcher.last.has('solar/battery/soc') && watcher.last.has('solar/solarcharger/power'),
      );
      expect(Number(watcher.last.get('solar/battery/soc'))).toBeCloseTo(50, 0);
      expect(watcher.last.get('solar/battery/stale')).toBe('0');
      expect(watcher.last.get('solar/solarcharger/simulated/charge_state')).toBe('bulk');
      await until(() => [...watcher.last.keys()].some((t) => t.endsWith('/battery_soc/config')));
      const configTopic = [...watcher.last.keys()].find((t) => t.endsWith('/battery_soc/config')) as string;
      expect(JSON.parse(watcher.last.get(configTopic) ?? '{}')).toMatchObject({
        stat_t: 'solar/battery/soc',
      });
      // Switched off: the next discovery run (at least a minute after the last) clears the entities.
      await env.gateway.ctx.config.patch('battery', { enabled: false });
      await env.advance(61_000);
      await until(() => watcher.last.get(configTopic) === '', 5000, 'the entity removed');
    } finally {
      await watcher.close();
    }
  });
});
