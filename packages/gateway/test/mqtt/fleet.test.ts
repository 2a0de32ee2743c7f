/**
 * Three gateways on one Mosquitto, each on its own base topic, with the settings a fresh gateway has
 * otherwise: client ids, last-will topics and Home Assistant discovery ids never collide (docs/fleet.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveClientId, lwtTopic } from '../../src/mqtt/client-options';
import { expectEnvelope, get, post } from '../helpers/api';
import { fleetGateway, fleetSerials } from '../helpers/fleet';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { until, watch } from '../helpers/mqtt';
import type { PlantGateway } from '../helpers/plant-gateway';

const BASES = ['roof-a/', 'roof-b/', 'roof-c/'];

let broker: RestartableBroker;
let fleet: PlantGateway[] = [];
let discovery: Awaited<ReturnType<typeof watch>>;
let states: Awaited<ReturnType<typeof watch>>;

beforeAll(async () => {
  broker = await startMosquitto();
  discovery = await watch(broker.url, ['homeassistant/#']);
  states = await watch(
    broker.url,
    BASES.map((base) => `${base}#`),
  );
  fleet = await Promise.all([0, 1, 2].map((index) => fleetGateway(index)));
  for (const [index, env] of fleet.entries()) {
    // The gateway's own settings (its default client id among them); only broker, base topic and discovery change.
    const current = (await get(env.gateway, '/api/mqtt/config')).json() as Record<string, unknown>;
    expectEnvelope(
      await post(env.gateway, '/api/mqtt/config', {
        ...current,
        mqtt_enabled: true,
        mqtt_hostname: broker.host,
        mqtt_port: broker.port,
        mqtt_topic: BASES[index],
        mqtt_hass_enabled: true,
      }),
      1001,
    );
  }
  for (const env of fleet) {
    await until(() => env.gateway.ctx.services.mqtt.connected, 10_000, 'every gateway to connect');
  }
  // Let the inverters answer, the state topics go out and discovery run.
  for (let i = 0; i < 6; i++) {
    await Promise.all(fleet.map((env) => env.advance(5000)));
  }
}, 120_000);

afterAll(async () => {
  await discovery?.close();
  await states?.close();
  await Promise.all(fleet.map((env) => env.cleanup()));
  await broker?.stop();
});

describe('a fleet of three gateways on one broker', () => {
  it('uses three different client ids by default, and all three stay connected', async () => {
    const ids = fleet.map((env) =>
      effectiveClientId(env.gateway.ctx.config.get('mqtt'), env.gateway.ctx.config.chipId),
    );
    expect(ids.every((id) => /^OpenDTU-\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    // A shared client id would make the broker drop the older connection again and again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fleet.map((env) => env.gateway.ctx.services.mqtt.connected)).toEqual([true, true, true]);
  });

  it('keeps each last will on its own base topic', async () => {
    const wills = fleet.map((env) => lwtTopic(env.gateway.ctx.config.get('mqtt')));
    expect(wills).toEqual(BASES.map((base) => `${base}dtu/status`));
    await until(() => wills.every((topic) => states.last.get(topic) === 'online'), 5000, 'online');

    // One gateway leaves: only its own status goes offline.
    const leaving = fleet[1]!;
    await leaving.cleanup();
    fleet = fleet.filter((env) => env !== leaving);
    await until(() => states.last.get(wills[1]!) === 'offline', 5000, 'the leaving gateway offline');
    expect(states.last.get(wills[0]!)).toBe('online');
    expect(states.last.get(wills[2]!)).toBe('online');
  }, 30_000);

  it('publishes Home Assistant discovery whose ids never collide', async () => {
    const configs = () =>
      [...discovery.last.entries()]
        .filter(([, payload]) => payload !== '')
        .map(([topic, payload]) => ({ topic, body: JSON.parse(payload) as Record<string, unknown> }));
    // 13 DTU entities per gateway and every inverter's: wait until all three gateways' are there.
    await until(
      () => new Set(configs().map((c) => (c.body.dev as { ids: string }).ids)).size === 3 + 6,
      10_000,
      'discovery of three gateways and six inverters',
    );
    const all = configs();
    const uniqueIds = all.map((c) => c.body.uniq_id as string);
    expect(new Set(uniqueIds).size).toBe(uniqueIds.length);

    // Each config topic belongs to one gateway: everything it points at is below that gateway's base topic.
    for (const { topic, body } of all) {
      const pointers = ['stat_t', 'cmd_t', 'avty_t']
        .map((key) => body[key])
        .filter((value): value is string => typeof value === 'string');
      const bases = new Set(pointers.map((p) => BASES.find((base) => p.startsWith(base))));
      expect(bases.size, topic).toBe(1);
      expect(bases.has(undefined), topic).toBe(false);
    }

    // Three DTU devices, each with its own identifier; every inverter device under its own gateway.
    const dtuDevices = new Set(
      all
        .filter((c) => !(c.body.dev as { via_device?: string }).via_device)
        .map((c) => (c.body.dev as { ids: string }).ids),
    );
    expect(dtuDevices.size).toBe(3);
    for (const index of [0, 1, 2]) {
      for (const serial of fleetSerials(index)) {
        const entities = all.filter((c) => (c.body.dev as { ids: string }).ids === serial);
        expect(entities.length, serial).toBeGreaterThan(0);
        const via = new Set(entities.map((c) => (c.body.dev as { via_device: string }).via_device));
        expect(via.size, serial).toBe(1);
        expect(
          entities.every((c) => (c.body.stat_t ?? c.body.cmd_t ?? '').toString().startsWith(BASES[index]!)),
        ).toBe(true);
      }
    }
  }, 30_000);
});
