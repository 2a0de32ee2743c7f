import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Broker, startMosquitto } from './mosquitto';

describe('the Mosquitto test helper', () => {
  let broker: Broker;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(() => broker.stop());

  it('runs a real broker that delivers a retained message', async () => {
    const publisher = await mqtt.connectAsync(broker.url, { clientId: 'dtu-test-pub' });
    await publisher.publishAsync('dtu/test/state', 'online', { retain: true, qos: 1 });
    await publisher.endAsync();

    const subscriber = await mqtt.connectAsync(broker.url, { clientId: 'dtu-test-sub' });
    const received = new Promise<[string, string]>((resolve) =>
      subscriber.on('message', (topic, payload) => resolve([topic, payload.toString()])),
    );
    await subscriber.subscribeAsync('dtu/test/#');
    expect(await received).toEqual(['dtu/test/state', 'online']);
    await subscriber.endAsync();
  });

  it('stops cleanly: the port no longer accepts connections', async () => {
    const other = await startMosquitto();
    await other.stop();
    await expect(
      mqtt.connectAsync(other.url, { connectTimeout: 500, reconnectPeriod: 0 }),
    ).rejects.toBeTruthy();
  });
});
