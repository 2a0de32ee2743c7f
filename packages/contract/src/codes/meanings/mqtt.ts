import { MqttCode } from '../../mqtt/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each MqttCode code, for developers (`./meaning.ts`). */
export const MqttCodeMeanings: CodeMeaningsOf<typeof MqttCode> = {
  [MqttCode.MqttHostnameLength]: 'MQTT hostname empty or longer than 128 bytes',
  [MqttCode.MqttUsernameLength]: 'MQTT username longer than 64 bytes',
  [MqttCode.MqttPasswordLength]: 'MQTT password longer than 64 bytes',
  [MqttCode.MqttTopicLength]: 'MQTT base topic longer than 32 bytes',
  [MqttCode.MqttTopicSpace]: 'MQTT base topic contains a space',
  [MqttCode.MqttTopicSlash]: 'MQTT base topic does not end with "/" (empty fails too)',
  [MqttCode.MqttPortInvalid]: 'MQTT port 0 or above 65535',
  [MqttCode.MqttCertLength]: 'root CA, client certificate or client key longer than 2560 bytes',
  [MqttCode.MqttLwtTopicLength]: 'LWT topic longer than 32 bytes',
  [MqttCode.MqttLwtTopicSpace]: 'LWT topic contains a space',
  [MqttCode.MqttLwtOnlineLength]: 'LWT online value longer than 20 bytes',
  [MqttCode.MqttLwtOfflineLength]: 'LWT offline value longer than 20 bytes',
  [MqttCode.MqttPublishInterval]: 'publish interval below 5 or above 86400 s',
  [MqttCode.MqttHassTopicLength]:
    'Home Assistant topic longer than 32 bytes (checked only when HA is enabled)',
  [MqttCode.MqttHassTopicSpace]: 'Home Assistant topic contains a space (checked only when HA is enabled)',
  [MqttCode.MqttLwtQos]: 'LWT QoS above 2',
  [MqttCode.MqttClientIdLength]: 'MQTT client id longer than 64 bytes',
  [MqttCode.MqttHassTopicSlash]:
    'Home Assistant topic does not end with "/" (checked only when HA is enabled)',
};
