/** POST /api/powermeter/config and POST /api/powermeter/test (the same object). */
import { z } from 'zod';
import { Code } from '../codes';
import { parseJsonPath } from '../json-path';
import {
  PowerMeterAuthTypes,
  PowerMeterLimits,
  PowerMeterSources,
  PowerMeterUnitFactors,
  ShellyMeterKinds,
} from '../limits';
import { Key } from './keys';
import { isLengthOutside, isLongerThan, isOutside, type Rule, rulesCheck } from './validate';

const valueShape = {
  json_path: Key.string,
  unit: Key.u8,
  sign_inverted: Key.bool,
};

export const powerMeterConfigShape = z.object({
  enabled: Key.bool,
  source: z.enum(PowerMeterSources),
  max_age: Key.u32,
  mqtt: z.object({
    use_gateway_broker: Key.bool,
    hostname: Key.string,
    port: Key.u32,
    username: Key.string,
    password: Key.string,
    values: z.array(z.object({ topic: Key.string, ...valueShape })).max(3),
  }),
  http_json: z.object({
    polling_interval: Key.u32,
    http_request: z.object({
      url: Key.string,
      auth_type: Key.u8,
      username: Key.string,
      password: Key.string,
      timeout: Key.u32,
    }),
    ...valueShape,
  }),
  shelly: z.object({
    hostname: Key.string,
    password: Key.string,
    kind: z.enum(ShellyMeterKinds),
    channel: Key.u8,
    polling_interval: Key.u32,
    notifications: Key.bool,
  }),
});

type Shape = z.output<typeof powerMeterConfigShape>;

/** A path the gateway can read (syntax only; whether the payload has it shows on "read now"). */
export function isJsonPathValid(path: string): boolean {
  return !isLongerThan(path, PowerMeterLimits.jsonPathMaxLength) && parseJsonPath(path) !== undefined;
}

/** MQTT topics of a meter: no wildcards (one value per topic), no spaces. */
export function isMeterTopicValid(topic: string): boolean {
  return !isLengthOutside(topic, 1, PowerMeterLimits.topicMaxLength) && !/[\s+#]/.test(topic);
}

export function isMeterUrlValid(url: string): boolean {
  if (isLongerThan(url, PowerMeterLimits.urlMaxLength)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

const unitValid = (unit: number) => unit < PowerMeterUnitFactors.length;
const hostnameBad = (host: string) => isLengthOutside(host, 1, PowerMeterLimits.hostnameMaxLength);
const credentialBad = (...texts: string[]) =>
  texts.some((text) => isLongerThan(text, PowerMeterLimits.passwordMaxLength));
const intervalBad = (s: number) =>
  isOutside(s, PowerMeterLimits.pollingIntervalMin, PowerMeterLimits.pollingIntervalMax);

/** Only the chosen source is checked: the others' settings are kept as they are. */
export const powerMeterConfigRules: readonly Rule<Shape>[] = [
  {
    code: Code.PowerMeterMaxAgeRange,
    field: 'max_age',
    fails: (v) => isOutside(v.max_age, PowerMeterLimits.maxAgeMin, PowerMeterLimits.maxAgeMax),
  },
  // MQTT
  {
    code: Code.PowerMeterPhaseCount,
    fails: (v) => v.source === 'mqtt' && ![1, 3].includes(v.mqtt.values.length),
  },
  {
    code: Code.PowerMeterTopicInvalid,
    fails: (v) => v.source === 'mqtt' && !v.mqtt.values.every((x) => isMeterTopicValid(x.topic)),
  },
  {
    code: Code.PowerMeterJsonPathInvalid,
    fails: (v) => v.source === 'mqtt' && !v.mqtt.values.every((x) => isJsonPathValid(x.json_path)),
  },
  {
    code: Code.PowerMeterUnitInvalid,
    fails: (v) => v.source === 'mqtt' && !v.mqtt.values.every((x) => unitValid(x.unit)),
  },
  {
    code: Code.PowerMeterHostnameLength,
    fails: (v) => v.source === 'mqtt' && !v.mqtt.use_gateway_broker && hostnameBad(v.mqtt.hostname),
  },
  {
    code: Code.PowerMeterPortInvalid,
    fails: (v) => v.source === 'mqtt' && !v.mqtt.use_gateway_broker && isOutside(v.mqtt.port, 1, 65535),
  },
  {
    code: Code.PowerMeterCredentialLength,
    fails: (v) => v.source === 'mqtt' && credentialBad(v.mqtt.username, v.mqtt.password),
  },
  // HTTP JSON
  {
    code: Code.PowerMeterUrlInvalid,
    fails: (v) => v.source === 'http' && !isMeterUrlValid(v.http_json.http_request.url),
  },
  {
    code: Code.PowerMeterJsonPathInvalid,
    fails: (v) => v.source === 'http' && !isJsonPathValid(v.http_json.json_path),
  },
  { code: Code.PowerMeterUnitInvalid, fails: (v) => v.source === 'http' && !unitValid(v.http_json.unit) },
  {
    code: Code.PowerMeterIntervalRange,
    fails: (v) => v.source === 'http' && intervalBad(v.http_json.polling_interval),
  },
  {
    code: Code.PowerMeterTimeoutRange,
    fails: (v) =>
      v.source === 'http' &&
      isOutside(v.http_json.http_request.timeout, PowerMeterLimits.timeoutMin, PowerMeterLimits.timeoutMax),
  },
  {
    code: Code.PowerMeterAuthTypeInvalid,
    fails: (v) =>
      v.source === 'http' &&
      !Object.values(PowerMeterAuthTypes).some((t) => t === v.http_json.http_request.auth_type),
  },
  {
    code: Code.PowerMeterCredentialLength,
    fails: (v) =>
      v.source === 'http' &&
      credentialBad(v.http_json.http_request.username, v.http_json.http_request.password),
  },
  // Shelly
  {
    code: Code.PowerMeterHostnameLength,
    fails: (v) => v.source === 'shelly' && hostnameBad(v.shelly.hostname),
  },
  {
    code: Code.PowerMeterChannelRange,
    fails: (v) => v.source === 'shelly' && v.shelly.channel > PowerMeterLimits.channelMax,
  },
  {
    code: Code.PowerMeterIntervalRange,
    fails: (v) => v.source === 'shelly' && intervalBad(v.shelly.polling_interval),
  },
  {
    code: Code.PowerMeterCredentialLength,
    fails: (v) => v.source === 'shelly' && credentialBad(v.shelly.password),
  },
];

export const powerMeterConfigSchema = powerMeterConfigShape.check(rulesCheck(powerMeterConfigRules));
export type PowerMeterConfigPayload = z.output<typeof powerMeterConfigSchema>;
