/**
 * MQTT settings shaped like the GET answer of their endpoint (what the console posts back), shared by
 * the contract's schema tests, the gateway's API tests and the console's form tests. Each builder returns a
 * fresh object with every key in wire order; `patch` replaces whole keys. Not part of the API.
 */
import type { MqttConfig } from './api';

/** MQTT as a fresh gateway has it: off, no broker, OpenDTU's topics, discovery off. */
export function mqttConfig(patch: Partial<MqttConfig> = {}): MqttConfig {
  return {
    mqtt_enabled: false,
    mqtt_hostname: '',
    mqtt_port: 1883,
    mqtt_clientid: '',
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
    mqtt_hass_enabled: false,
    mqtt_hass_expire: true,
    mqtt_hass_retain: true,
    mqtt_hass_topic: 'homeassistant/',
    mqtt_hass_individualpanels: false,
    ...patch,
  };
}

/**
 * The API documentation's example: on, a broker with a user and a root CA (not a parsable one). The broker
 * sits at a documentation address (192.0.2.0/24 is never routed), so a gateway that connects reaches nothing.
 */
export function mqttExample(patch: Partial<MqttConfig> = {}): MqttConfig {
  return mqttConfig({
    mqtt_enabled: true,
    mqtt_hostname: '192.0.2.10',
    mqtt_clientid: 'OpenDTU-1715004',
    mqtt_username: 'opendtu',
    mqtt_password: 'mqtt-secret',
    mqtt_root_ca_cert: '-----BEGIN CERTIFICATE-----\nMIIFazCC...\n-----END CERTIFICATE-----\n',
    ...patch,
  });
}
