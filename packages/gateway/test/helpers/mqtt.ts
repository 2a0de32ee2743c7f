import type { MqttConfig } from '@dtu-console/contract/mqtt/api';
import { mqttConfig } from '@dtu-console/contract/mqtt/fixtures';
import mqtt, { type MqttClient } from 'mqtt';
import type { Gateway } from '../../src/app';
import { expectEnvelope, post } from './api';

/** The MQTT settings POSTed by the broker tests (OpenDTU's defaults, discovery on). */
export const baseConfig = mqttConfig({
  mqtt_enabled: true,
  mqtt_hostname: '127.0.0.1',
  mqtt_clientid: 'dtu-console-test',
  mqtt_hass_enabled: true,
});

/**
 * Saves `baseConfig` with the broker's port (and `patch`) as the gateway's MQTT settings, expects them
 * stored (1001) and waits until the gateway is connected.
 */
export async function connectToBroker(gateway: Gateway, port: number, patch: Partial<MqttConfig> = {}) {
  expectEnvelope(await post(gateway, '/api/mqtt/config', { ...baseConfig, mqtt_port: port, ...patch }), 1001);
  await until(() => gateway.ctx.services.mqtt.connected, 5000, 'the gateway to connect');
}

/** Waits (real time) until `check` holds; the broker and the client run on real sockets. */
export async function until(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A watching client that records the last payload (and every message) of the topics it subscribed. */
export async function watch(url: string, topics: string[]) {
  const client: MqttClient = await mqtt.connectAsync(url, { clientId: `watch-${Math.random()}` });
  const last = new Map<string, string>();
  const history: [topic: string, payload: string, retained: boolean][] = [];
  client.on('message', (topic, payload, packet) => {
    last.set(topic, payload.toString());
    history.push([topic, payload.toString(), packet.retain]);
  });
  await client.subscribeAsync(topics, { qos: 0 });
  return { client, last, history, close: () => client.endAsync() };
}
