import { SystemClock } from '@dtu-console/clock';
import type { PowerMeterConfig, PowerMeterStatus, PowerMeterTestResult } from '@dtu-console/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqttSource } from '../../../src/powermeter/sources/mqtt';
import type { PowerMeterSection } from '../../../src/powermeter/sources/source';
import { expectEnvelope, get, post } from '../../helpers/api';
import { type RestartableBroker, startMosquitto } from '../../helpers/mosquitto';
import { connectToBroker } from '../../helpers/mqtt';
import { type PlantGateway, plantGateway } from '../../helpers/plant-gateway';
import { freePort } from '../../helpers/ports';
import { collect, until } from '../sink';

type Mqtt = PowerMeterSection['mqtt'];
const clock = new SystemClock();
const TASMOTA = (power: number) => JSON.stringify({ Time: '2026-06-21T12:00:00', SML: { Power: power } });

function ownSection(port: number, values: Partial<Mqtt['values'][number]>[]): Mqtt {
  return {
    use_gateway_broker: false,
    hostname: '127.0.0.1',
    port,
    username: '',
    password: '',
    values: values.map((v) => ({ topic: 'meter/total', json_path: '', unit: 0, sign_inverted: false, ...v })),
  };
}

describe('MQTT meter source against a real Mosquitto', () => {
  let broker: RestartableBroker;
  let sender: MqttClient;
  let source: MqttSource | undefined;

  beforeAll(async () => {
    broker = await startMosquitto();
    sender = await mqtt.connectAsync(broker.url, { clientId: 'meter-sender' });
  });
  afterAll(async () => {
    await sender.endAsync();
    await broker.stop();
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
  });

  it('reads one topic for the total with a JSON path (Tasmota SML), on its own connection', async () => {
    source = new MqttSource(
      ownSection(broker.port, [{ topic: 'tele/meter/SENSOR', json_path: 'SML.Power' }]),
      clock,
      undefined,
    );
    const seen = collect(source);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sender.publishAsync('tele/meter/SENSOR', TASMOTA(-250));
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]?.powerW).toBe(-250);
    expect(seen.readings[0]?.phasesW).toBeUndefined();
    await sender.publishAsync('tele/meter/SENSOR', JSON.stringify({ SML: { Energy: 1 } }));
    await until(() => seen.problems.length >= 1);
    expect(seen.problems[0]).toEqual({ code: 'json-path', detail: 'JSON path not found: SML.Power' });
  });

  it('reads a plain number payload, in kW with the sign inverted', async () => {
    await sender.publishAsync('bridge/grid_kw', '1.25', { retain: true });
    source = new MqttSource(
      ownSection(broker.port, [{ topic: 'bridge/grid_kw', unit: 1, sign_inverted: true }]),
      clock,
      undefined,
    );
    const seen = collect(source);
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]?.powerW).toBe(-1250);
    await sender.publishAsync('bridge/grid_kw', '', { retain: true });
  });

  it('sums three phase topics once all three have come, with the time of the oldest', async () => {
    const topics = ['shellies/em/emeter/0/power', 'shellies/em/emeter/1/power', 'shellies/em/emeter/2/power'];
    source = new MqttSource(
      ownSection(
        broker.port,
        topics.map((topic) => ({ topic })),
      ),
      clock,
      undefined,
    );
    const seen = collect(source);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const first = clock.now();
    await sender.publishAsync(topics[0]!, '100.5');
    await sender.publishAsync(topics[1]!, '-20');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.readings).toEqual([]);
    await sender.publishAsync(topics[2]!, '30');
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]).toMatchObject({ powerW: 110.5, phasesW: [100.5, -20, 30] });
    expect(seen.readings[0]!.atMs).toBeGreaterThanOrEqual(first);
    expect(seen.readings[0]!.atMs).toBeLessThan(clock.now() - 150);
    await sender.publishAsync(topics[1]!, '0');
    await until(() => seen.readings.length >= 2);
    expect(seen.readings[1]?.powerW).toBe(130.5);
  });

  it('says connection refused when no broker listens', async () => {
    source = new MqttSource(ownSection(await freePort(), [{ topic: 'x' }]), clock, undefined);
    const seen = collect(source);
    await until(() => seen.problems.length >= 1);
    expect(seen.problems[0]?.code).toBe('connection-refused');
  });

  describe("through the gateway's own broker connection", () => {
    let env: PlantGateway;
    beforeAll(async () => {
      env = await plantGateway({});
    });
    afterAll(() => env.cleanup());

    it('says the broker is off while the gateway has no MQTT connection', async () => {
      const config = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
      const values = [{ topic: 'home/meter/power', json_path: 'power', unit: 0, sign_inverted: false }];
      expectEnvelope(
        await post(env.gateway, '/api/powermeter/config', {
          ...config,
          source: 'mqtt',
          mqtt: { ...config.mqtt, values },
        }),
        1001,
      );
      await until(() => env.gateway.ctx.services.meter.status().problem?.code === 'broker-off');
    });

    it('subscribes beside the command topics and keeps the MQTT output running', async () => {
      await connectToBroker(env.gateway, broker.port);
      // The saved MQTT settings re-apply the meter, which now subscribes through that connection.
      await until(() => env.gateway.ctx.services.meter.status().problem?.code !== 'broker-off');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sender.publishAsync('home/meter/power', JSON.stringify({ power: 765 }));
      await until(() => env.gateway.ctx.services.meter.status().valid);
      const status = (await get(env.gateway, '/api/powermeter/status')).json() as PowerMeterStatus;
      expect(status).toMatchObject({
        enabled: true,
        source: 'mqtt',
        simulated: false,
        power: 765,
        valid: true,
        problem: null,
      });
      expect(env.gateway.ctx.services.mqtt.connected).toBe(true);
      // The MQTT output goes on publishing on the same connection.
      const watcher = await mqtt.connectAsync(broker.url, { clientId: 'meter-watcher' });
      const seen: string[] = [];
      watcher.on('message', (topic) => seen.push(topic));
      await watcher.subscribeAsync('solar/dtu/status');
      await until(() => seen.includes('solar/dtu/status'));
      await watcher.endAsync();
    });

    it('"read now" takes a retained message of an unsaved topic', async () => {
      await sender.publishAsync('home/other/power', JSON.stringify({ power: -42 }), { retain: true });
      const config = (await get(env.gateway, '/api/powermeter/config')).json() as PowerMeterConfig;
      const values = [{ topic: 'home/other/power', json_path: 'power', unit: 0, sign_inverted: false }];
      const response = await post(env.gateway, '/api/powermeter/test', {
        ...config,
        mqtt: { ...config.mqtt, values },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        ok: true,
        power: -42,
        source: 'mqtt',
      } satisfies Partial<PowerMeterTestResult>);
      await sender.publishAsync('home/other/power', '', { retain: true });
    });
  });
});
