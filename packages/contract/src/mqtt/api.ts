/** /api/mqtt/status and GET /api/mqtt/config. The POST type is `MqttConfigPayload`. */

export interface MqttStatus {
  mqtt_enabled: boolean;
  mqtt_hostname: string;
  mqtt_port: number;
  /** Effective id: configured, or the AP name when configured empty. */
  mqtt_clientid: string;
  mqtt_username: string;
  mqtt_topic: string;
  mqtt_connected: boolean;
  mqtt_retain: boolean;
  mqtt_tls: boolean;
  /** Multi-line certificate description, "" if unparsable. */
  mqtt_root_ca_cert_info: string;
  mqtt_tls_cert_login: boolean;
  mqtt_client_cert_info: string;
  /** Full topic: base topic + LWT topic. */
  mqtt_lwt_topic: string;
  mqtt_publish_interval: number;
  mqtt_clean_session: boolean;
  mqtt_hass_enabled: boolean;
  mqtt_hass_expire: boolean;
  mqtt_hass_retain: boolean;
  mqtt_hass_topic: string;
  mqtt_hass_individualpanels: boolean;
}

export interface MqttConfig {
  mqtt_enabled: boolean;
  mqtt_hostname: string;
  mqtt_port: number;
  mqtt_clientid: string;
  mqtt_username: string;
  mqtt_password: string;
  mqtt_topic: string;
  mqtt_retain: boolean;
  mqtt_tls: boolean;
  mqtt_root_ca_cert: string;
  mqtt_tls_cert_login: boolean;
  mqtt_client_cert: string;
  mqtt_client_key: string;
  /** Relative to the base topic. */
  mqtt_lwt_topic: string;
  mqtt_lwt_online: string;
  mqtt_lwt_offline: string;
  /** 0 at most once, 1 at least once, 2 exactly once. */
  mqtt_lwt_qos: number;
  mqtt_publish_interval: number;
  mqtt_clean_session: boolean;
  mqtt_hass_enabled: boolean;
  mqtt_hass_expire: boolean;
  mqtt_hass_retain: boolean;
  mqtt_hass_topic: string;
  mqtt_hass_individualpanels: boolean;
}
