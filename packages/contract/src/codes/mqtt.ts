import { MqttLimits } from '../limits/mqtt';
import { type CodeSpecs, warning } from './spec';

/** Codes of the MQTT settings (`/api/mqtt/config`). */
export const MqttCode = {
  MqttHostnameLength: 7001,
  MqttUsernameLength: 7002,
  MqttPasswordLength: 7003,
  MqttTopicLength: 7004,
  MqttTopicSpace: 7005,
  MqttTopicSlash: 7006,
  MqttPortInvalid: 7007,
  MqttCertLength: 7008,
  MqttLwtTopicLength: 7009,
  MqttLwtTopicSpace: 7010,
  MqttLwtOnlineLength: 7011,
  MqttLwtOfflineLength: 7012,
  MqttPublishInterval: 7013,
  MqttHassTopicLength: 7014,
  MqttHassTopicSpace: 7015,
  MqttLwtQos: 7016,
  MqttClientIdLength: 7017,
  MqttHassTopicSlash: 7018,
} as const;

export const MqttCodeTable: CodeSpecs<typeof MqttCode> = {
  [MqttCode.MqttHostnameLength]: warning(
    'MQTT hostname empty or longer than 128 bytes',
    'Server must be 1 to {max} characters long.',
    { max: MqttLimits.hostnameMaxLength },
  ),
  [MqttCode.MqttUsernameLength]: warning(
    'MQTT username longer than 64 bytes',
    'Username must not exceed {max} characters.',
    {
      max: MqttLimits.usernameMaxLength,
    },
  ),
  [MqttCode.MqttPasswordLength]: warning(
    'MQTT password longer than 64 bytes',
    'Password must not exceed {max} characters.',
    {
      max: MqttLimits.passwordMaxLength,
    },
  ),
  [MqttCode.MqttTopicLength]: warning(
    'MQTT base topic longer than 32 bytes',
    'Topic must not exceed {max} characters.',
    {
      max: MqttLimits.topicMaxLength,
    },
  ),
  [MqttCode.MqttTopicSpace]: warning('MQTT base topic contains a space', 'Topic must not contain spaces.'),
  [MqttCode.MqttTopicSlash]: warning(
    'MQTT base topic does not end with "/" (empty fails too)',
    'Topic must end with a slash.',
  ),
  [MqttCode.MqttPortInvalid]: warning('MQTT port 0 or above 65535', 'Port must be between 1 and 65535.'),
  [MqttCode.MqttCertLength]: warning(
    'root CA, client certificate or client key longer than 2560 bytes',
    'Certificates and keys must not exceed {max} characters.',
    { max: MqttLimits.certMaxLength },
  ),
  [MqttCode.MqttLwtTopicLength]: warning(
    'LWT topic longer than 32 bytes',
    'LWT topic must not exceed {max} characters.',
    {
      max: MqttLimits.lwtTopicMaxLength,
    },
  ),
  [MqttCode.MqttLwtTopicSpace]: warning('LWT topic contains a space', 'LWT topic must not contain spaces.'),
  [MqttCode.MqttLwtOnlineLength]: warning(
    'LWT online value longer than 20 bytes',
    'LWT online value must not exceed {max} characters.',
    { max: MqttLimits.lwtValueMaxLength },
  ),
  [MqttCode.MqttLwtOfflineLength]: warning(
    'LWT offline value longer than 20 bytes',
    'LWT offline value must not exceed {max} characters.',
    { max: MqttLimits.lwtValueMaxLength },
  ),
  [MqttCode.MqttPublishInterval]: warning(
    'publish interval below 5 or above 86400 s',
    'Publish interval must be between {min} and {max} seconds.',
    { min: MqttLimits.publishIntervalMin, max: MqttLimits.publishIntervalMax },
  ),
  [MqttCode.MqttHassTopicLength]: warning(
    'Home Assistant topic longer than 32 bytes (checked only when HA is enabled)',
    'Home Assistant topic must not exceed {max} characters.',
    { max: MqttLimits.hassTopicMaxLength },
  ),
  [MqttCode.MqttHassTopicSpace]: warning(
    'Home Assistant topic contains a space (checked only when HA is enabled)',
    'Home Assistant topic must not contain spaces.',
  ),
  [MqttCode.MqttLwtQos]: warning('LWT QoS above 2', 'LWT QoS must not exceed {max}.', {
    max: MqttLimits.qosMax,
  }),
  [MqttCode.MqttClientIdLength]: warning(
    'MQTT client id longer than 64 bytes',
    'Client id must not exceed {max} characters.',
    {
      max: MqttLimits.clientIdMaxLength,
    },
  ),
  [MqttCode.MqttHassTopicSlash]: warning(
    'Home Assistant topic does not end with "/" (checked only when HA is enabled)',
    'Home Assistant topic must end with a slash.',
  ),
};
