import { MqttCode } from '../../mqtt/codes';
import { type CodeTextsOf, text } from './text';

/** What the MqttCode codes mean and the English `message` the gateway answers them with. */
export const MqttCodeTexts: CodeTextsOf<typeof MqttCode> = {
  [MqttCode.MqttHostnameLength]: text(
    'MQTT hostname empty or longer than 128 bytes',
    'Server must be 1 to {max} characters long.',
  ),
  [MqttCode.MqttUsernameLength]: text(
    'MQTT username longer than 64 bytes',
    'Username must not exceed {max} characters.',
  ),
  [MqttCode.MqttPasswordLength]: text(
    'MQTT password longer than 64 bytes',
    'Password must not exceed {max} characters.',
  ),
  [MqttCode.MqttTopicLength]: text(
    'MQTT base topic longer than 32 bytes',
    'Topic must not exceed {max} characters.',
  ),
  [MqttCode.MqttTopicSpace]: text('MQTT base topic contains a space', 'Topic must not contain spaces.'),
  [MqttCode.MqttTopicSlash]: text(
    'MQTT base topic does not end with "/" (empty fails too)',
    'Topic must end with a slash.',
  ),
  [MqttCode.MqttPortInvalid]: text('MQTT port 0 or above 65535', 'Port must be between 1 and 65535.'),
  [MqttCode.MqttCertLength]: text(
    'root CA, client certificate or client key longer than 2560 bytes',
    'Certificates and keys must not exceed {max} characters.',
  ),
  [MqttCode.MqttLwtTopicLength]: text(
    'LWT topic longer than 32 bytes',
    'LWT topic must not exceed {max} characters.',
  ),
  [MqttCode.MqttLwtTopicSpace]: text('LWT topic contains a space', 'LWT topic must not contain spaces.'),
  [MqttCode.MqttLwtOnlineLength]: text(
    'LWT online value longer than 20 bytes',
    'LWT online value must not exceed {max} characters.',
  ),
  [MqttCode.MqttLwtOfflineLength]: text(
    'LWT offline value longer than 20 bytes',
    'LWT offline value must not exceed {max} characters.',
  ),
  [MqttCode.MqttPublishInterval]: text(
    'publish interval below 5 or above 86400 s',
    'Publish interval must be between {min} and {max} seconds.',
  ),
  [MqttCode.MqttHassTopicLength]: text(
    'Home Assistant topic longer than 32 bytes (checked only when HA is enabled)',
    'Home Assistant topic must not exceed {max} characters.',
  ),
  [MqttCode.MqttHassTopicSpace]: text(
    'Home Assistant topic contains a space (checked only when HA is enabled)',
    'Home Assistant topic must not contain spaces.',
  ),
  [MqttCode.MqttLwtQos]: text('LWT QoS above 2', 'LWT QoS must not exceed {max}.'),
  [MqttCode.MqttClientIdLength]: text(
    'MQTT client id longer than 64 bytes',
    'Client id must not exceed {max} characters.',
  ),
  [MqttCode.MqttHassTopicSlash]: text(
    'Home Assistant topic does not end with "/" (checked only when HA is enabled)',
    'Home Assistant topic must end with a slash.',
  ),
};
