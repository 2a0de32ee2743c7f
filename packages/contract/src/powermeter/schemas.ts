/** POST /api/powermeter/config and POST /api/powermeter/test (the same object). */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { isLengthOutside, isLongerThan, isOutside, type Rule, rulesCheck } from '../common/validate';
import { parseJsonPath } from './json-path';
import {
  ModbusDataTypes,
  ModbusMeterModels,
  ModbusParities,
  ModbusRegisterTypes,
  ModbusTransports,
  ModbusWordOrders,
  PowerMeterAuthTypes,
  PowerMeterBaudRates,
  PowerMeterLimits,
  PowerMeterSources,
  PowerMeterUnitFactors,
  ShellyMeterKinds,
} from './limits';

const httpRequestShape = z.object({
  url: Key.string,
  auth_type: Key.u8,
  username: Key.string,
  password: Key.string,
  timeout: Key.u32,
});

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
    http_request: httpRequestShape,
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
  // The sources added later are optional in a request, so an older client's object still saves: what it
  // leaves out keeps its stored value. The chosen source's section must be there (its checks say so).
  sml_serial: z.object({ device: Key.string, baud_rate: Key.u32 }).optional(),
  http_sml: z.object({ polling_interval: Key.u32, http_request: httpRequestShape }).optional(),
  sma_speedwire: z.object({ serial: Key.u32 }).optional(),
  modbus: z
    .object({
      transport: z.enum(ModbusTransports),
      host: Key.string,
      port: Key.u32,
      device: Key.string,
      baud_rate: Key.u32,
      parity: z.enum(ModbusParities),
      unit_id: Key.u32,
      model: z.enum(ModbusMeterModels),
      polling_interval: Key.u32,
      register: Key.u32,
      register_type: z.enum(ModbusRegisterTypes),
      data_type: z.enum(ModbusDataTypes),
      word_order: z.enum(ModbusWordOrders),
      scale: Key.number,
    })
    .optional(),
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

/** A serial device: an absolute path without spaces (the device itself is looked for when reading). */
export function isSerialDeviceValid(device: string): boolean {
  return (
    !isLengthOutside(device, 2, PowerMeterLimits.serialDeviceMaxLength) &&
    device.startsWith('/') &&
    !/\s/.test(device)
  );
}

const baudBad = (baud: number | undefined) =>
  baud === undefined || !(PowerMeterBaudRates as readonly number[]).includes(baud);
type ModbusShape = NonNullable<Shape['modbus']>;
/** A 32-bit custom value needs two registers, so it cannot start at the last address. */
function registerBad(m: ModbusShape): boolean {
  const words = m.data_type === 'int16' ? 1 : 2;
  return m.register + words - 1 > PowerMeterLimits.modbusRegisterMax;
}
/** The Modbus section when it is the chosen source (a missing one fails the first Modbus check). */
const modbusOf = (v: Shape): ModbusShape | undefined => (v.source === 'modbus' ? v.modbus : undefined);
const NO_REQUEST = { url: '', auth_type: 0, username: '', password: '', timeout: 0 };
const scaleBad = (scale: number) =>
  !Number.isFinite(scale) || scale === 0 || Math.abs(scale) > PowerMeterLimits.modbusScaleMaxAbs;
const requestRules = (
  source: Shape['source'],
  pick: (v: Shape) => Shape['http_json']['http_request'] | undefined,
): Rule<Shape>[] => [
  {
    code: Code.PowerMeterUrlInvalid,
    fails: (v) => v.source === source && !isMeterUrlValid((pick(v) ?? NO_REQUEST).url),
  },
  {
    code: Code.PowerMeterTimeoutRange,
    fails: (v) =>
      v.source === source &&
      isOutside((pick(v) ?? NO_REQUEST).timeout, PowerMeterLimits.timeoutMin, PowerMeterLimits.timeoutMax),
  },
  {
    code: Code.PowerMeterAuthTypeInvalid,
    fails: (v) =>
      v.source === source &&
      !Object.values(PowerMeterAuthTypes).some((t) => t === (pick(v) ?? NO_REQUEST).auth_type),
  },
  {
    code: Code.PowerMeterCredentialLength,
    fails: (v) => {
      const request = pick(v) ?? NO_REQUEST;
      return v.source === source && credentialBad(request.username, request.password);
    },
  },
];

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
  // SML from a read head
  {
    code: Code.PowerMeterDeviceInvalid,
    fails: (v) => v.source === 'sml_serial' && !isSerialDeviceValid(v.sml_serial?.device ?? ''),
  },
  {
    code: Code.PowerMeterBaudRateInvalid,
    fails: (v) => v.source === 'sml_serial' && baudBad(v.sml_serial?.baud_rate),
  },
  // SML over HTTP
  ...requestRules('http_sml', (v) => v.http_sml?.http_request),
  {
    code: Code.PowerMeterIntervalRange,
    fails: (v) => v.source === 'http_sml' && intervalBad(v.http_sml?.polling_interval ?? 0),
  },
  // Modbus (a missing section fails the first check)
  {
    code: Code.PowerMeterHostnameLength,
    fails: (v) => {
      const m = modbusOf(v);
      return v.source === 'modbus' && (!m || (m.transport === 'tcp' && hostnameBad(m.host)));
    },
  },
  {
    code: Code.PowerMeterPortInvalid,
    fails: (v) => {
      const m = modbusOf(v);
      return m !== undefined && m.transport === 'tcp' && isOutside(m.port, 1, 65535);
    },
  },
  {
    code: Code.PowerMeterDeviceInvalid,
    fails: (v) => {
      const m = modbusOf(v);
      return m !== undefined && m.transport === 'rtu' && !isSerialDeviceValid(m.device);
    },
  },
  {
    code: Code.PowerMeterBaudRateInvalid,
    fails: (v) => {
      const m = modbusOf(v);
      return m !== undefined && m.transport === 'rtu' && baudBad(m.baud_rate);
    },
  },
  {
    code: Code.PowerMeterModbusUnitRange,
    fails: (v) => {
      const m = modbusOf(v);
      return (
        m !== undefined &&
        isOutside(m.unit_id, PowerMeterLimits.modbusUnitMin, PowerMeterLimits.modbusUnitMax)
      );
    },
  },
  {
    code: Code.PowerMeterIntervalRange,
    fails: (v) => {
      const m = modbusOf(v);
      return m !== undefined && intervalBad(m.polling_interval);
    },
  },
  {
    code: Code.PowerMeterModbusRegisterRange,
    fails: (v) => {
      const m = modbusOf(v);
      return m !== undefined && m.model === 'custom' && registerBad(m);
    },
  },
  {
    code: Code.PowerMeterModbusScaleInvalid,
    fails: (v) => {
      const m = modbusOf(v);
      return m !== undefined && m.model === 'custom' && scaleBad(m.scale);
    },
  },
];

export const powerMeterConfigSchema = powerMeterConfigShape.check(rulesCheck(powerMeterConfigRules));
export type PowerMeterConfigPayload = z.output<typeof powerMeterConfigSchema>;
