/**
 * Alerts over MQTT against a real Mosquitto: the alert topics of an inverter and the plant follow an
 * alert opening and clearing, and Home Assistant discovery has a `problem` binary sensor for each, removed
 * with its inverter.
 */
import type { SimulatedRadio } from '@dtu-console/radio/simulated';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { connectToBroker, until, watch } from '../helpers/mqtt';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const MIN = 60_000;

describe('alerts over MQTT (real Mosquitto)', () => {
  let broker: RestartableBroker;
  let env: PlantGateway | undefined;

  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(() => broker.stop());
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  it('publishes the alert state and attributes per inverter and for the plant, with discovery', async () => {
    const watcher = await watch(broker.url, [
      'solar/+/alert',
      'solar/+/alerts',
      'homeassistant/binary_sensor/#',
    ]);
    try {
      env = await plantGateway();
      const gateway = env.gateway;
      await connectToBroker(gateway, broker.port);
      await until(
        () =>
          watcher.last.get(`solar/${HM800}/alert`) === 'OFF' && watcher.last.get('solar/dtu/alert') === 'OFF',
        5000,
        'the first alert state',
      );

      await until(
        () => watcher.last.has(`homeassistant/binary_sensor/dtu_${HM800}/alert/config`),
        5000,
        'discovery',
      );
      const config = JSON.parse(
        watcher.last.get(`homeassistant/binary_sensor/dtu_${HM800}/alert/config`) ?? '{}',
      );
      expect(config).toMatchObject({
        dev: { ids: HM800 },
        uniq_id: `${HM800}_alert`,
        stat_t: `solar/${HM800}/alert`,
        json_attr_t: `solar/${HM800}/alerts`,
        dev_cla: 'problem',
      });
      const plantTopic = [...watcher.last.keys()].find(
        (t) =>
          t.startsWith('homeassistant/binary_sensor/') && t.endsWith('/alert/config') && !t.includes('/dtu_'),
      );
      expect(JSON.parse(watcher.last.get(plantTopic ?? '') ?? '{}')).toMatchObject({
        stat_t: 'solar/dtu/alert',
        json_attr_t: 'solar/dtu/alerts',
        dev_cla: 'problem',
      });

      expectEnvelope(
        await post(gateway, '/api/alerts/config', {
          ...gateway.ctx.services.alerts.config(),
          unreachable_minutes: 2,
          radio_enabled: false,
        }),
        1001,
      );
      (gateway.ctx.plant.radio as SimulatedRadio).setInverterFault(HM800, { silent: true });
      await env.advance(4 * MIN);
      // The plant's topics close the batch the inverter's open: wait for its last one before reading any.
      await until(
        () => JSON.parse(watcher.last.get('solar/dtu/alerts') ?? '{}').count === 1,
        5000,
        'the alert to show',
      );
      expect(watcher.last.get(`solar/${HM800}/alert`)).toBe('ON');
      const attributes = JSON.parse(watcher.last.get(`solar/${HM800}/alerts`) ?? '{}');
      expect(attributes.count).toBe(1);
      expect(attributes.alerts[0]).toMatchObject({ rule: 'unreachable', serial: HM800, acknowledged: false });
      expect(watcher.last.get(`solar/${HMS2000}/alert`)).toBe('OFF');
      expect(watcher.last.get('solar/dtu/alert')).toBe('ON');

      (gateway.ctx.plant.radio as SimulatedRadio).setInverterFault(HM800, { silent: false });
      await env.advance(3 * MIN);
      await until(
        () =>
          watcher.last.get(`solar/${HM800}/alert`) === 'OFF' && watcher.last.get('solar/dtu/alert') === 'OFF',
        5000,
        'the alert to clear',
      );

      // A deleted inverter's problem sensor is removed like its other entities.
      const slots = gateway.ctx.config.get('inverters');
      await gateway.ctx.config.update(
        'inverters',
        slots.map((slot, i) => (i === 0 ? { ...slot, serial: 0 } : slot)),
      );
      await env.advance(2 * MIN);
      await until(
        () => watcher.last.get(`homeassistant/binary_sensor/dtu_${HM800}/alert/config`) === '',
        5000,
        'the entity to be removed',
      );
    } finally {
      await watcher.close();
    }
  });
});
