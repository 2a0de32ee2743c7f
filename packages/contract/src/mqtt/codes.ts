import { type CodeSpecs, warning } from '../common/code-spec';
import { MqttLimits } from './limits';

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
  [MqttCode.MqttHostnameLength]: warning({ max: MqttLimits.hostnameMaxLength }),
  [MqttCode.MqttUsernameLength]: warning({
    max: MqttLimits.usernameMaxLength,
  }),
  [MqttCode.MqttPasswordLength]: warning({
    max: MqttLimits.passwordMaxLength,
  }),
  [MqttCode.MqttTopicLength]: warning({
    max: MqttLimits.topicMaxLength,
  }),
  [MqttCode.MqttTopicSpace]: warning(),
  [MqttCode.MqttTopicSlash]: warning(),
  [MqttCode.MqttPortInvalid]: warning(),
  [MqttCode.MqttCertLength]: warning({ max: MqttLimits.certMaxLength }),
  [MqttCode.MqttLwtTopicLength]: warning({
    max: MqttLimits.lwtTopicMaxLength,
  }),
  [MqttCode.MqttLwtTopicSpace]: warning(),
  [MqttCode.MqttLwtOnlineLength]: warning({ max: MqttLimits.lwtValueMaxLength }),
  [MqttCode.MqttLwtOfflineLength]: warning({ max: MqttLimits.lwtValueMaxLength }),
  [MqttCode.MqttPublishInterval]: warning({
    min: MqttLimits.publishIntervalMin,
    max: MqttLimits.publishIntervalMax,
  }),
  [MqttCode.MqttHassTopicLength]: warning({ max: MqttLimits.hassTopicMaxLength }),
  [MqttCode.MqttHassTopicSpace]: warning(),
  [MqttCode.MqttLwtQos]: warning({
    max: MqttLimits.qosMax,
  }),
  [MqttCode.MqttClientIdLength]: warning({
    max: MqttLimits.clientIdMaxLength,
  }),
  [MqttCode.MqttHassTopicSlash]: warning(),
};
