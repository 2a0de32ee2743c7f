/**
 * The charge-controller form of the Battery screen: the gateway's settings, with the VE.Direct devices as
 * rows of a list (one serial device each, at least one row shown); the checks are the contract's, and a
 * failure marks the field it is about.
 */
import type { SolarChargerConfig } from '@dtu-console/contract/battery/api';
import { BatteryLimits, BatteryUnitFactors } from '@dtu-console/contract/battery/limits';
import {
  type SolarChargerConfigPayload,
  solarChargerConfigRules,
} from '@dtu-console/contract/battery/schemas';
import { Code } from '@dtu-console/contract/codes';
import { firstFailure } from '@dtu-console/contract/common/validate';
import {
  isJsonPathValid,
  isMeterTopicValid,
  isSerialDeviceValid,
} from '@dtu-console/contract/powermeter/schemas';
import type { CheckFailure, ClientRule } from '../form/resolver';

/** A row of the device list (react-hook-form keeps rows as objects). */
export interface ChargerDeviceRow {
  path: string;
}

export interface ChargerFormValues extends Omit<SolarChargerConfig, 'vedirect'> {
  vedirect: { devices: ChargerDeviceRow[] };
}

export function toChargerValues(config: SolarChargerConfig): ChargerFormValues {
  const devices = config.vedirect.devices.map((path) => ({ path }));
  // An empty list is shown as one empty row to fill in.
  if (devices.length === 0) devices.push({ path: '' });
  return { ...structuredClone(config), vedirect: { devices } };
}

/** The rows as the list of devices; another source keeps the list without the rows left empty. */
export function toChargerPayload(values: ChargerFormValues): SolarChargerConfigPayload {
  const paths = values.vedirect.devices.map((row) => row.path);
  return {
    ...values,
    vedirect: { devices: values.source === 'vedirect' ? paths : paths.filter((path) => path !== '') },
  };
}

export const chargerRules: readonly ClientRule<ChargerFormValues>[] = [
  {
    field: 'stale_after_s',
    key: 'form.range',
    params: { min: BatteryLimits.staleAfterMin, max: BatteryLimits.staleAfterMax },
    fails: (values) => !Number.isFinite(values.stale_after_s),
  },
];

/** The first device row the contract refuses: not a path, or named before. */
function deviceField(values: ChargerFormValues): string | undefined {
  const paths = values.vedirect.devices.map((row) => row.path);
  const bad = paths.findIndex((path, index) => !isSerialDeviceValid(path) || paths.indexOf(path) !== index);
  return bad < 0 ? undefined : `vedirect.devices.${bad}.path`;
}

function mqttField(values: ChargerFormValues, code: number): string | undefined {
  const m = values.mqtt;
  switch (code) {
    case Code.SolarChargerPowerTopicMissing:
      return 'mqtt.power_topic';
    case Code.BatteryTopicInvalid:
      return isMeterTopicValid(m.power_topic) ? 'mqtt.voltage_topic' : 'mqtt.power_topic';
    case Code.BatteryJsonPathInvalid:
      return isJsonPathValid(m.power_json_path) ? 'mqtt.voltage_json_path' : 'mqtt.power_json_path';
    case Code.BatteryUnitInvalid:
      return m.voltage_unit >= BatteryUnitFactors.length ? 'mqtt.voltage_unit' : 'mqtt.power_unit';
    default:
      return undefined;
  }
}

/** The field a charge-controller code is about; none (the form's alert) for the number of devices. */
function chargerField(values: ChargerFormValues, code: number): string | undefined {
  if (code === Code.BatteryStaleAfterRange) return 'stale_after_s';
  if (values.source === 'vedirect')
    return code === Code.BatteryDeviceInvalid ? deviceField(values) : undefined;
  return values.source === 'mqtt' ? mqttField(values, code) : undefined;
}

/** The gateway's checks of the charge-controller settings, as it runs them on the save. */
export function checkCharger(values: ChargerFormValues): CheckFailure | undefined {
  const failure = firstFailure(solarChargerConfigRules, toChargerPayload(values));
  if (!failure) return undefined;
  const field = chargerField(values, failure.code);
  return { ...failure, ...(field ? { field } : {}) };
}
