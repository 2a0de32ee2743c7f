/**
 * The MQTT broker (a real Mosquitto) killed with SIGKILL and started again on the same port: the gateway
 * reconnects within 5 s and its state topics flow again (a fresh one arrives after the restart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestartableBroker, startMosquitto } from '../../helpers/mosquitto';
import { connectToBroker, until, watch } from '../../helpers/mqtt';
import { HM800, type PlantGateway, plantGateway } from '../../helpers/plant-gateway';
import { bySoak } from './soak';

describe('the MQTT broker killed and restarted', () => {
  let broker: RestartableBroker;
  let env: PlantGateway;
  beforeAll(async () => {
    broker = await startMosquitto();
    env = await plantGateway();
    await connectToBroker(env.gateway, broker.port, { mqtt_retain: false });
  });
  afterAll(async () => {
    await env?.cleanup();
    await broker?.stop();
  });

  it(
    'reconnects within 5 s and publishes state topics again, every time',
    async () => {
      const topic = `solar/${HM800}/0/power`;
      for (let round = 0; round < bySoak(2, 20); round++) {
        await broker.restart('SIGKILL');
        const restartedAt = Date.now();
        // The loss is usually noticed at once; the check below must not pass on the old connection.
        await until(() => !env.gateway.ctx.services.mqtt.connected, 2000, 'the loss').catch(() => {});
        await until(() => env.gateway.ctx.services.mqtt.connected, 5000, `the reconnect (round ${round})`);
        expect(Date.now() - restartedAt).toBeLessThan(5000);
        // Retain is off: whatever the watcher sees was published after the restart.
        const watcher = await watch(broker.url, [topic, 'solar/dtu/status']);
        try {
          for (let i = 0; i < 12 && !watcher.last.has(topic); i++) {
            await env.advance(5000);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          await until(() => watcher.last.has(topic), 3000, `${topic} after the restart (round ${round})`);
          expect(Number(watcher.last.get(topic))).toBeGreaterThanOrEqual(0);
        } finally {
          await watcher.close();
        }
      }
    },
    bySoak(30_000, 300_000),
  );
});
