/** POST /api/battery/config and POST /api/solarcharger/config. Only the chosen source is checked. */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { isLengthOutside, isOutside, type Rule, rulesCheck } from '../common/validate';
import { isJsonPathValid, isMeterTopicValid, isSerialDeviceValid } from '../powermeter/schemas';
import {
  BatteryLimits,
  BatterySources,
  BatteryUnitFactors,
  JkBmsInterfaces,
  SolarChargerSources,
  SolarPowerUnitFactors,
} from './limits';

/** The MQTT values of a battery, each a topic and a JSON path ("" = the whole payload). */
export const BATTERY_MQTT_VALUES = [
  'soc',
  'voltage',
  'current',
  'power',
  'temperature',
  'discharge_current_limit',
] as const;
export type BatteryMqttValue = (typeof BATTERY_MQTT_VALUES)[number];

export const batteryConfigShape = z.object({
  enabled: Key.bool,
  source: z.enum(BatterySources),
  vedirect: z.object({ device: Key.string }),
  jkbms: z.object({ device: Key.string, interface: z.enum(JkBmsInterfaces) }),
  can: z.object({ interface: Key.string }),
  mqtt: z.object({
    soc_topic: Key.string,
    soc_json_path: Key.string,
    voltage_topic: Key.string,
    voltage_json_path: Key.string,
    voltage_unit: Key.u8,
    current_topic: Key.string,
    current_json_path: Key.string,
    current_unit: Key.u8,
    power_topic: Key.string,
    power_json_path: Key.string,
    temperature_topic: Key.string,
    temperature_json_path: Key.string,
    discharge_current_limit_topic: Key.string,
    discharge_current_limit_json_path: Key.string,
  }),
  stale_after_s: Key.u32,
});

type BatteryShape = z.output<typeof batteryConfigShape>;
type MqttShape = BatteryShape['mqtt'];

const topicOf = (m: MqttShape, value: BatteryMqttValue) => m[`${value}_topic`];
const pathOf = (m: MqttShape, value: BatteryMqttValue) => m[`${value}_json_path`];
/** The values with a topic: the ones the source reads. */
const usedValues = (m: MqttShape) => BATTERY_MQTT_VALUES.filter((value) => topicOf(m, value) !== '');

/** A SocketCAN interface name: 1..15 bytes of letters, digits, `_`, `-` and `.`. */
export function isCanInterfaceValid(name: string): boolean {
  return !isLengthOutside(name, 1, BatteryLimits.canInterfaceMaxLength) && /^[\w.-]+$/.test(name);
}

const staleBad = (s: number) => isOutside(s, BatteryLimits.staleAfterMin, BatteryLimits.staleAfterMax);

export const batteryConfigRules: readonly Rule<BatteryShape>[] = [
  { code: Code.BatteryStaleAfterRange, field: 'stale_after_s', fails: (v) => staleBad(v.stale_after_s) },
  {
    code: Code.BatteryDeviceInvalid,
    fails: (v) =>
      (v.source === 'vedirect' && !isSerialDeviceValid(v.vedirect.device)) ||
      (v.source === 'jkbms' && !isSerialDeviceValid(v.jkbms.device)),
  },
  {
    code: Code.BatteryCanInterfaceInvalid,
    fails: (v) => v.source === 'pylontech_can' && !isCanInterfaceValid(v.can.interface),
  },
  // MQTT: the state of charge or the voltage is what the limiter steers by, so one of them is needed.
  {
    code: Code.BatteryMqttValueMissing,
    fails: (v) => v.source === 'mqtt' && v.mqtt.soc_topic === '' && v.mqtt.voltage_topic === '',
  },
  {
    code: Code.BatteryTopicInvalid,
    fails: (v) =>
      v.source === 'mqtt' && !usedValues(v.mqtt).every((value) => isMeterTopicValid(topicOf(v.mqtt, value))),
  },
  {
    code: Code.BatteryJsonPathInvalid,
    fails: (v) =>
      v.source === 'mqtt' && !usedValues(v.mqtt).every((value) => isJsonPathValid(pathOf(v.mqtt, value))),
  },
  {
    code: Code.BatteryUnitInvalid,
    fails: (v) =>
      v.source === 'mqtt' &&
      (v.mqtt.voltage_unit >= BatteryUnitFactors.length || v.mqtt.current_unit >= BatteryUnitFactors.length),
  },
];

export const batteryConfigSchema = batteryConfigShape.check(rulesCheck(batteryConfigRules));
export type BatteryConfigPayload = z.output<typeof batteryConfigSchema>;

export const solarChargerConfigShape = z.object({
  enabled: Key.bool,
  source: z.enum(SolarChargerSources),
  // The count is the rules' (18008); the request's size bounds the list.
  vedirect: z.object({ devices: z.array(Key.string) }),
  mqtt: z.object({
    power_topic: Key.string,
    power_json_path: Key.string,
    power_unit: Key.u8,
    voltage_topic: Key.string,
    voltage_json_path: Key.string,
    voltage_unit: Key.u8,
  }),
  stale_after_s: Key.u32,
});

type ChargerShape = z.output<typeof solarChargerConfigShape>;

export const solarChargerConfigRules: readonly Rule<ChargerShape>[] = [
  { code: Code.BatteryStaleAfterRange, field: 'stale_after_s', fails: (v) => staleBad(v.stale_after_s) },
  {
    code: Code.SolarChargerDeviceCount,
    fails: (v) =>
      v.source === 'vedirect' && isOutside(v.vedirect.devices.length, 1, BatteryLimits.chargerDevicesMax),
  },
  {
    code: Code.BatteryDeviceInvalid,
    fails: (v) =>
      v.source === 'vedirect' &&
      (!v.vedirect.devices.every(isSerialDeviceValid) ||
        new Set(v.vedirect.devices).size !== v.vedirect.devices.length),
  },
  {
    code: Code.SolarChargerPowerTopicMissing,
    fails: (v) => v.source === 'mqtt' && v.mqtt.power_topic === '',
  },
  {
    code: Code.BatteryTopicInvalid,
    fails: (v) =>
      v.source === 'mqtt' &&
      [v.mqtt.power_topic, v.mqtt.voltage_topic].some((topic) => topic !== '' && !isMeterTopicValid(topic)),
  },
  {
    code: Code.BatteryJsonPathInvalid,
    fails: (v) =>
      v.source === 'mqtt' &&
      (!isJsonPathValid(v.mqtt.power_json_path) ||
        (v.mqtt.voltage_topic !== '' && !isJsonPathValid(v.mqtt.voltage_json_path))),
  },
  {
    code: Code.BatteryUnitInvalid,
    fails: (v) =>
      v.source === 'mqtt' &&
      (v.mqtt.power_unit >= SolarPowerUnitFactors.length || v.mqtt.voltage_unit >= BatteryUnitFactors.length),
  },
];

export const solarChargerConfigSchema = solarChargerConfigShape.check(rulesCheck(solarChargerConfigRules));
export type SolarChargerConfigPayload = z.output<typeof solarChargerConfigSchema>;
