/** POST /api/mqtt/config (api.md §6.6). */
import { z } from 'zod';
import { Code } from '../codes';
import { MqttLimits } from '../limits';
import { Key, LenientKey } from './keys';
import { isLengthOutside, isLongerThan, isOutside, type Rule, rulesCheck } from './validate';

/** Every key is required except `mqtt_root_ca_cert`, which is read leniently (absent → the text "null"). */
export const mqttConfigShape = z.object({
  mqtt_enabled: Key.bool,
  mqtt_hostname: Key.string,
  mqtt_port: Key.u32,
  mqtt_clientid: Key.string,
  mqtt_username: Key.string,
  mqtt_password: Key.string,
  mqtt_topic: Key.string,
  mqtt_retain: Key.bool,
  mqtt_tls: Key.bool,
  mqtt_root_ca_cert: LenientKey.string,
  mqtt_tls_cert_login: Key.bool,
  mqtt_client_cert: Key.string,
  mqtt_client_key: Key.string,
  mqtt_lwt_topic: Key.string,
  mqtt_lwt_online: Key.string,
  mqtt_lwt_offline: Key.string,
  mqtt_lwt_qos: Key.u8,
  mqtt_publish_interval: Key.u32,
  mqtt_clean_session: Key.bool,
  mqtt_hass_enabled: Key.bool,
  mqtt_hass_expire: Key.bool,
  mqtt_hass_retain: Key.bool,
  mqtt_hass_topic: Key.string,
  mqtt_hass_individualpanels: Key.bool,
});

type MqttConfigShape = z.output<typeof mqttConfigShape>;

/**
 * The checks of api.md §6.6 in their order (1..18). They run only while MQTT is enabled; a disabled config
 * is stored unchecked. 7008 is one code for three keys, split so the failure names the offending key.
 */
export const mqttConfigRules: readonly Rule<MqttConfigShape>[] = [
  {
    code: Code.MqttHostnameLength,
    field: 'mqtt_hostname',
    fails: (v) => isLengthOutside(v.mqtt_hostname, 1, MqttLimits.hostnameMaxLength),
  },
  {
    code: Code.MqttClientIdLength,
    field: 'mqtt_clientid',
    fails: (v) => isLongerThan(v.mqtt_clientid, MqttLimits.clientIdMaxLength),
  },
  {
    code: Code.MqttUsernameLength,
    field: 'mqtt_username',
    fails: (v) => isLongerThan(v.mqtt_username, MqttLimits.usernameMaxLength),
  },
  {
    code: Code.MqttPasswordLength,
    field: 'mqtt_password',
    fails: (v) => isLongerThan(v.mqtt_password, MqttLimits.passwordMaxLength),
  },
  {
    code: Code.MqttTopicLength,
    field: 'mqtt_topic',
    fails: (v) => isLongerThan(v.mqtt_topic, MqttLimits.topicMaxLength),
  },
  { code: Code.MqttTopicSpace, field: 'mqtt_topic', fails: (v) => v.mqtt_topic.includes(' ') },
  { code: Code.MqttTopicSlash, field: 'mqtt_topic', fails: (v) => !v.mqtt_topic.endsWith('/') },
  {
    code: Code.MqttPortInvalid,
    field: 'mqtt_port',
    fails: (v) => isOutside(v.mqtt_port, MqttLimits.portMin, MqttLimits.portMax),
  },
  {
    code: Code.MqttCertLength,
    field: 'mqtt_root_ca_cert',
    fails: (v) => isLongerThan(v.mqtt_root_ca_cert, MqttLimits.certMaxLength),
  },
  {
    code: Code.MqttCertLength,
    field: 'mqtt_client_cert',
    fails: (v) => isLongerThan(v.mqtt_client_cert, MqttLimits.certMaxLength),
  },
  {
    code: Code.MqttCertLength,
    field: 'mqtt_client_key',
    fails: (v) => isLongerThan(v.mqtt_client_key, MqttLimits.certMaxLength),
  },
  {
    code: Code.MqttLwtTopicLength,
    field: 'mqtt_lwt_topic',
    fails: (v) => isLongerThan(v.mqtt_lwt_topic, MqttLimits.lwtTopicMaxLength),
  },
  { code: Code.MqttLwtTopicSpace, field: 'mqtt_lwt_topic', fails: (v) => v.mqtt_lwt_topic.includes(' ') },
  {
    code: Code.MqttLwtOnlineLength,
    field: 'mqtt_lwt_online',
    fails: (v) => isLongerThan(v.mqtt_lwt_online, MqttLimits.lwtValueMaxLength),
  },
  {
    code: Code.MqttLwtOfflineLength,
    field: 'mqtt_lwt_offline',
    fails: (v) => isLongerThan(v.mqtt_lwt_offline, MqttLimits.lwtValueMaxLength),
  },
  { code: Code.MqttLwtQos, field: 'mqtt_lwt_qos', fails: (v) => v.mqtt_lwt_qos > MqttLimits.qosMax },
  {
    code: Code.MqttPublishInterval,
    field: 'mqtt_publish_interval',
    fails: (v) =>
      isOutside(v.mqtt_publish_interval, MqttLimits.publishIntervalMin, MqttLimits.publishIntervalMax),
  },
  {
    code: Code.MqttHassTopicLength,
    field: 'mqtt_hass_topic',
    fails: (v) => v.mqtt_hass_enabled && isLongerThan(v.mqtt_hass_topic, MqttLimits.hassTopicMaxLength),
  },
  {
    code: Code.MqttHassTopicSpace,
    field: 'mqtt_hass_topic',
    fails: (v) => v.mqtt_hass_enabled && v.mqtt_hass_topic.includes(' '),
  },
  {
    code: Code.MqttHassTopicSlash,
    field: 'mqtt_hass_topic',
    fails: (v) => v.mqtt_hass_enabled && !v.mqtt_hass_topic.endsWith('/'),
  },
];

const checkWhenEnabled = rulesCheck(mqttConfigRules);

export const mqttConfigSchema = mqttConfigShape.check((payload) => {
  if (payload.value.mqtt_enabled) checkWhenEnabled(payload);
});

export type MqttConfigPayload = z.output<typeof mqttConfigSchema>;
