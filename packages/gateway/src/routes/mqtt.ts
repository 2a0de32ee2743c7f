import {
  type MqttConfig,
  type MqttConfigPayload,
  MqttLimits,
  type MqttStatus,
  mqttConfigSchema,
  truncateBytes,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import { keepIfMasked, maskSecret } from '../config/secrets';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';
import { effectiveClientId } from '../mqtt/client-options';
import { certificateInfo } from '../system/certificate';

type MqttSection = DeepReadonly<GatewayConfig['mqtt']>;

// ---- config and status ----

/** GET /api/mqtt/config: the stored values; the password and the TLS client key are masked. */
export function mqttConfigResponse(mqtt: MqttSection): MqttConfig {
  return {
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: mqtt.clientid,
    mqtt_username: mqtt.username,
    mqtt_password: maskSecret(mqtt.password),
    mqtt_topic: mqtt.topic,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert: mqtt.tls.root_ca_cert,
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert: mqtt.tls.client_cert,
    mqtt_client_key: maskSecret(mqtt.tls.client_key),
    mqtt_lwt_topic: mqtt.lwt.topic,
    mqtt_lwt_online: mqtt.lwt.value_online,
    mqtt_lwt_offline: mqtt.lwt.value_offline,
    mqtt_lwt_qos: mqtt.lwt.qos,
    mqtt_publish_interval: mqtt.publish_interval,
    mqtt_clean_session: mqtt.clean_session,
    mqtt_hass_enabled: mqtt.hass.enabled,
    mqtt_hass_expire: mqtt.hass.expire,
    mqtt_hass_retain: mqtt.hass.retain,
    mqtt_hass_topic: mqtt.hass.topic,
    mqtt_hass_individualpanels: mqtt.hass.individual_panels,
  };
}

export interface MqttStatusFacts {
  connected: boolean;
  /** For the effective client id: `OpenDTU-<chip id>` when none is configured. */
  chipId: number;
}

/** GET /api/mqtt/status: no secrets at all; the LWT topic as the full topic. */
export function mqttStatusResponse(mqtt: MqttSection, facts: MqttStatusFacts): MqttStatus {
  return {
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: effectiveClientId(mqtt, facts.chipId),
    mqtt_username: mqtt.username,
    mqtt_topic: mqtt.topic,
    mqtt_connected: facts.connected,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert_info: certificateInfo(mqtt.tls.root_ca_cert),
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert_info: certificateInfo(mqtt.tls.client_cert),
    mqtt_lwt_topic: mqtt.topic + mqtt.lwt.topic,
    mqtt_publish_interval: mqtt.publish_interval,
    mqtt_clean_session: mqtt.clean_session,
    mqtt_hass_enabled: mqtt.hass.enabled,
    mqtt_hass_expire: mqtt.hass.expire,
    mqtt_hass_retain: mqtt.hass.retain,
    mqtt_hass_topic: mqtt.hass.topic,
    mqtt_hass_individualpanels: mqtt.hass.individual_panels,
  };
}

/**
 * The stored section for a validated POST. The mask keeps the stored password / client key. A disabled
 * config is stored unchecked, so its texts are cut to their storage sizes (`MqttLimits`) instead.
 */
export function mqttSectionFromPayload(
  payload: MqttConfigPayload,
  stored: MqttSection,
): GatewayConfig['mqtt'] {
  const cut = payload.mqtt_enabled ? (text: string) => text : truncateBytes;
  return {
    enabled: payload.mqtt_enabled,
    hostname: cut(payload.mqtt_hostname, MqttLimits.hostnameMaxLength),
    port: payload.mqtt_port,
    clientid: cut(payload.mqtt_clientid, MqttLimits.clientIdMaxLength),
    username: cut(payload.mqtt_username, MqttLimits.usernameMaxLength),
    password: cut(keepIfMasked(payload.mqtt_password, stored.password), MqttLimits.passwordMaxLength),
    topic: cut(payload.mqtt_topic, MqttLimits.topicMaxLength),
    retain: payload.mqtt_retain,
    publish_interval: payload.mqtt_publish_interval,
    clean_session: payload.mqtt_clean_session,
    lwt: {
      topic: cut(payload.mqtt_lwt_topic, MqttLimits.lwtTopicMaxLength),
      value_online: cut(payload.mqtt_lwt_online, MqttLimits.lwtValueMaxLength),
      value_offline: cut(payload.mqtt_lwt_offline, MqttLimits.lwtValueMaxLength),
      qos: payload.mqtt_lwt_qos,
    },
    tls: {
      enabled: payload.mqtt_tls,
      root_ca_cert: cut(payload.mqtt_root_ca_cert, MqttLimits.certMaxLength),
      certlogin: payload.mqtt_tls_cert_login,
      client_cert: cut(payload.mqtt_client_cert, MqttLimits.certMaxLength),
      client_key: cut(keepIfMasked(payload.mqtt_client_key, stored.tls.client_key), MqttLimits.certMaxLength),
    },
    hass: {
      enabled: payload.mqtt_hass_enabled,
      retain: payload.mqtt_hass_retain,
      topic: cut(payload.mqtt_hass_topic, MqttLimits.hassTopicMaxLength),
      individual_panels: payload.mqtt_hass_individualpanels,
      expire: payload.mqtt_hass_expire,
    },
  };
}

/** /api/mqtt/*: status (Read-only) and config (Admin). */
export const mqttRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/mqtt/status',
    { config: { auth: 'readonly', summary: 'MQTT connection and settings, without secrets' } },
    async (): Promise<MqttStatus> =>
      mqttStatusResponse(ctx.config.get('mqtt'), {
        connected: ctx.services.mqtt.connected,
        chipId: ctx.config.chipId,
      }),
  );

  app.get(
    '/api/mqtt/config',
    { config: { auth: 'admin', summary: 'MQTT settings (password and TLS client key masked)' } },
    async (): Promise<MqttConfig> => mqttConfigResponse(ctx.config.get('mqtt')),
  );

  postData(
    app,
    '/api/mqtt/config',
    { auth: 'admin', summary: 'Save the MQTT settings', payload: mqttConfigSchema },
    async (values) => {
      // `config:changed` 'mqtt' from the store makes the MQTT service reconnect with the new settings.
      const section = mqttSectionFromPayload(values, ctx.config.get('mqtt'));
      return savedEnvelope(await ctx.config.update('mqtt', section));
    },
  );
};
