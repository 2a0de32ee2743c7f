/** POST /api/mqtt/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { Key, LenientKey } from '../common/keys';
import {
  isLongerThan,
  lengthRule,
  maxLengthRule,
  type Rule,
  rangeRule,
  rulesCheck,
} from '../common/validate';
import { MqttLimits } from './limits';

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
 * The endpoint's own checks (1..18), in the order OpenDTU runs them: the list order is the check order. They run only while MQTT is enabled; a disabled config
 * is stored unchecked. 7008 is one code for three keys, split so the failure names the offending key.
 */
export const mqttConfigRules: readonly Rule<MqttConfigShape>[] = [
  lengthRule(Code.MqttHostnameLength, 'mqtt_hostname', 1, MqttLimits.hostnameMaxLength),
  maxLengthRule(Code.MqttClientIdLength, 'mqtt_clientid', MqttLimits.clientIdMaxLength),
  maxLengthRule(Code.MqttUsernameLength, 'mqtt_username', MqttLimits.usernameMaxLength),
  maxLengthRule(Code.MqttPasswordLength, 'mqtt_password', MqttLimits.passwordMaxLength),
  maxLengthRule(Code.MqttTopicLength, 'mqtt_topic', MqttLimits.topicMaxLength),
  { code: Code.MqttTopicSpace, field: 'mqtt_topic', fails: (v) => v.mqtt_topic.includes(' ') },
  { code: Code.MqttTopicSlash, field: 'mqtt_topic', fails: (v) => !v.mqtt_topic.endsWith('/') },
  rangeRule(Code.MqttPortInvalid, 'mqtt_port', MqttLimits.portMin, MqttLimits.portMax),
  maxLengthRule(Code.MqttCertLength, 'mqtt_root_ca_cert', MqttLimits.certMaxLength),
  maxLengthRule(Code.MqttCertLength, 'mqtt_client_cert', MqttLimits.certMaxLength),
  maxLengthRule(Code.MqttCertLength, 'mqtt_client_key', MqttLimits.certMaxLength),
  maxLengthRule(Code.MqttLwtTopicLength, 'mqtt_lwt_topic', MqttLimits.lwtTopicMaxLength),
  { code: Code.MqttLwtTopicSpace, field: 'mqtt_lwt_topic', fails: (v) => v.mqtt_lwt_topic.includes(' ') },
  maxLengthRule(Code.MqttLwtOnlineLength, 'mqtt_lwt_online', MqttLimits.lwtValueMaxLength),
  maxLengthRule(Code.MqttLwtOfflineLength, 'mqtt_lwt_offline', MqttLimits.lwtValueMaxLength),
  { code: Code.MqttLwtQos, field: 'mqtt_lwt_qos', fails: (v) => v.mqtt_lwt_qos > MqttLimits.qosMax },
  rangeRule(
    Code.MqttPublishInterval,
    'mqtt_publish_interval',
    MqttLimits.publishIntervalMin,
    MqttLimits.publishIntervalMax,
  ),
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
