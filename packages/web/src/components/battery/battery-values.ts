/**
 * The battery form of the Battery screen: the gateway's battery settings as they are (every source's own
 * settings kept, only the chosen one shown and checked); the checks are the contract's, and a failure
 * marks the field it is about.
 */
import type { BatteryConfig, BatterySource } from '@dtu-console/contract/battery/api';
import { BatteryLimits, BatteryUnitFactors } from '@dtu-console/contract/battery/limits';
import {
  BATTERY_MQTT_VALUES,
  type BatteryConfigPayload,
  batteryConfigRules,
} from '@dtu-console/contract/battery/schemas';
import { Code } from '@dtu-console/contract/codes';
import { firstFailure } from '@dtu-console/contract/common/validate';
import { isJsonPathValid, isMeterTopicValid } from '@dtu-console/contract/powermeter/schemas';
import type { CheckFailure, ClientRule } from '../form/resolver';

export type BatteryFormValues = BatteryConfig;

export function toBatteryValues(config: BatteryConfig): BatteryFormValues {
  return structuredClone(config);
}

export function toBatteryPayload(values: BatteryFormValues): BatteryConfigPayload {
  return values;
}

/** An emptied number field is no number: said by the form, as the contract's range has nothing to check. */
export const batteryRules: readonly ClientRule<BatteryFormValues>[] = [
  {
    field: 'stale_after_s',
    key: 'form.range',
    params: { min: BatteryLimits.staleAfterMin, max: BatteryLimits.staleAfterMax },
    fails: (values) => !Number.isFinite(values.stale_after_s),
  },
];

/** The first MQTT value whose topic (or JSON path) the contract refuses, among those with a topic. */
function mqttField(values: BatteryFormValues, code: number): string | undefined {
  const m = values.mqtt;
  const used = BATTERY_MQTT_VALUES.filter((value) => m[`${value}_topic`] !== '');
  if (code === Code.BatteryTopicInvalid) {
    const bad = used.find((value) => !isMeterTopicValid(m[`${value}_topic`]));
    return bad && `mqtt.${bad}_topic`;
  }
  if (code === Code.BatteryJsonPathInvalid) {
    const bad = used.find((value) => !isJsonPathValid(m[`${value}_json_path`]));
    return bad && `mqtt.${bad}_json_path`;
  }
  if (code === Code.BatteryUnitInvalid)
    return m.voltage_unit >= BatteryUnitFactors.length ? 'mqtt.voltage_unit' : 'mqtt.current_unit';
  if (code === Code.BatteryMqttValueMissing) return 'mqtt.soc_topic';
  return undefined;
}

/** The field a battery code is about, for the chosen source; none when it is about the whole form. */
function batteryField(values: BatteryFormValues, code: number): string | undefined {
  const source: BatterySource = values.source;
  if (code === Code.BatteryStaleAfterRange) return 'stale_after_s';
  if (code === Code.BatteryDeviceInvalid) {
    if (source === 'vedirect') return 'vedirect.device';
    if (source === 'jkbms') return 'jkbms.device';
  }
  if (code === Code.BatteryCanInterfaceInvalid) return 'can.interface';
  return source === 'mqtt' ? mqttField(values, code) : undefined;
}

/** The gateway's checks of the battery settings, as it runs them on the save. */
export function checkBattery(values: BatteryFormValues): CheckFailure | undefined {
  const failure = firstFailure(batteryConfigRules, toBatteryPayload(values));
  if (!failure) return undefined;
  const field = batteryField(values, failure.code);
  return { ...failure, ...(field ? { field } : {}) };
}
