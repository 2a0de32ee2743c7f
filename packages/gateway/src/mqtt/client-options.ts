/**
 * The MQTT settings as MQTT.js connect options. Pure, so the mapping of every setting (TLS, certificate
 * login, last will, clean session) is tested without a broker.
 */
import type { IClientOptions } from 'mqtt';
import type { DeepReadonly, GatewayConfig } from '../config/schema';

export type MqttSection = DeepReadonly<GatewayConfig['mqtt']>;

/** OpenDTU's fixed keep-alive: a silent connection is noticed within about 1.5 × 15 s. */
export const MQTT_KEEPALIVE_S = 15;
/** How long one connection attempt may take before it counts as failed. */
export const MQTT_CONNECT_TIMEOUT_MS = 10_000;

/** The client id used: the configured one, or `OpenDTU-<chip id>` as on the device when it is empty. */
export function effectiveClientId(mqtt: MqttSection, chipId: number): string {
  return mqtt.clientid === '' ? `OpenDTU-${chipId}` : mqtt.clientid;
}

/** Full topic of the online/offline state (`<base><lwt topic>`). */
export function lwtTopic(mqtt: MqttSection): string {
  return mqtt.topic + mqtt.lwt.topic;
}

/**
 * Connect options of one connection. Reconnecting is the connection's own job (with backoff), so MQTT.js'
 * automatic reconnect is off. Username and password are left out when empty (MQTT.js would send an empty
 * username, which some brokers refuse); with a client certificate login neither is sent.
 */
export function clientOptionsOf(mqtt: MqttSection, chipId: number): IClientOptions {
  const options: IClientOptions = {
    host: mqtt.hostname,
    port: mqtt.port,
    protocol: mqtt.tls.enabled ? 'mqtts' : 'mqtt',
    protocolVersion: 4,
    clientId: effectiveClientId(mqtt, chipId),
    clean: mqtt.clean_session,
    keepalive: MQTT_KEEPALIVE_S,
    connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
    reconnectPeriod: 0,
    will: {
      topic: lwtTopic(mqtt),
      payload: Buffer.from(mqtt.lwt.value_offline),
      qos: Math.min(2, mqtt.lwt.qos) as 0 | 1 | 2,
      retain: mqtt.retain,
    },
  };
  const certLogin = mqtt.tls.enabled && mqtt.tls.certlogin;
  if (!certLogin && mqtt.username !== '') {
    options.username = mqtt.username;
    options.password = mqtt.password;
  }
  if (mqtt.tls.enabled) {
    // No "skip verification" switch: the server must prove itself against the configured root CA.
    options.rejectUnauthorized = true;
    options.ca = mqtt.tls.root_ca_cert;
    if (certLogin) {
      options.cert = mqtt.tls.client_cert;
      options.key = mqtt.tls.client_key;
    }
  }
  return options;
}

/**
 * What a connection depends on: a config save that changes none of it keeps the connection (the publish
 * interval and the Home Assistant options apply without reconnecting).
 */
export function connectionKey(mqtt: MqttSection, chipId: number): string {
  return JSON.stringify({
    enabled: mqtt.enabled,
    options: clientOptionsOf(mqtt, chipId),
    online: mqtt.lwt.value_online,
  });
}
