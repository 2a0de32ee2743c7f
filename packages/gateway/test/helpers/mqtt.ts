import mqtt, { type MqttClient } from 'mqtt';

/** The MQTT settings POSTed by the broker tests (OpenDTU's defaults, discovery on). */
export const baseConfig = {
  mqtt_enabled: true,
  mqtt_hostname: '127.0.0.1',
  mqtt_port: 1883,
  mqtt_clientid: 'dtu-console-test',
  mqtt_username: '',
  mqtt_password: '',
  mqtt_topic: 'solar/',
  mqtt_retain: true,
  mqtt_tls: false,
  mqtt_root_ca_cert: '',
  mqtt_tls_cert_login: false,
  mqtt_client_cert: '',
  mqtt_client_key: '',
  mqtt_lwt_topic: 'dtu/status',
  mqtt_lwt_online: 'online',
  mqtt_lwt_offline: 'offline',
  mqtt_lwt_qos: 2,
  mqtt_publish_interval: 5,
  mqtt_clean_session: true,
  mqtt_hass_enabled: true,
  mqtt_hass_expire: true,
  mqtt_hass_retain: true,
  mqtt_hass_topic: 'homeassistant/',
  mqtt_hass_individualpanels: false,
};

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
