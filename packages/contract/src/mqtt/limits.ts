// MQTT client settings: limits, defaults and enumerations.

/** MQTT settings bounds. */
export const MqttLimits = {
  hostnameMaxLength: 128,
  clientIdMaxLength: 64,
  usernameMaxLength: 64,
  passwordMaxLength: 64,
  topicMaxLength: 32,
  lwtTopicMaxLength: 32,
  hassTopicMaxLength: 32,
  lwtValueMaxLength: 20,
  /** Root CA, client certificate and client key each. */
  certMaxLength: 2560,
  portMin: 1,
  portMax: 65535,
  publishIntervalMin: 5,
  /**
   * Seconds, form and server alike (code 7013 carries it). A day, as the console promises; OpenDTU's own
   * server stops at 65535 because it stores the value in 16 bits, which we do not.
   */
  publishIntervalMax: 86400,
  qosMin: 0,
  qosMax: 2,
} as const;

export const MqttQos = { AtMostOnce: 0, AtLeastOnce: 1, ExactlyOnce: 2 } as const;
export type MqttQos = (typeof MqttQos)[keyof typeof MqttQos];

/** MQTT defaults of a fresh gateway; the root CA default (a PEM certificate) is left to the gateway. */
export const MqttDefaults = {
  enabled: false,
  hostname: '',
  port: 1883,
  username: '',
  password: '',
  topic: 'solar/',
  retain: true,
  tls: false,
  tlsCertLogin: false,
  clientCert: '',
  clientKey: '',
  lwtTopic: 'dtu/status',
  lwtOnline: 'online',
  lwtOffline: 'offline',
  lwtQos: MqttQos.ExactlyOnce,
  publishInterval: 5,
  cleanSession: true,
  hassEnabled: false,
  hassExpire: true,
  hassRetain: true,
  hassTopic: 'homeassistant/',
  hassIndividualPanels: false,
} as const;
