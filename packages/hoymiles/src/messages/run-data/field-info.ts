/** Each field as the outputs present it: name, unit and decimals, and every field's value of one answer. */
import { LAYOUTS, type RunDataChannelType, type RunDataFieldKey, type RunDataFieldSpec } from './layout';
import { type RunDataTotals, runDataTotals } from './totals';
import { AC_KEYS, DC_KEYS, isKeyOf, PHASE_KEYS, type RunData } from './values';

/** One value as the live data and MQTT present it, in runtime-fields.json order. */
export interface RunDataField extends Omit<RunDataFieldSpec, 'source'> {
  value: number;
  /** `value` with `digits` decimals. */
  text: string;
}

/** Name, unit and decimals of one field: the same in every family that has it. */
export interface RunDataFieldInfo {
  name: string;
  unit: string;
  digits: number;
}

const FIELD_INFO = new Map<string, RunDataFieldInfo>();
for (const layout of Object.values(LAYOUTS)) {
  for (const f of layout.fields) {
    const id = `${f.channelType}/${f.key}`;
    const known = FIELD_INFO.get(id);
    if (known === undefined) FIELD_INFO.set(id, { name: f.name, unit: f.unit, digits: f.digits });
    else if (known.name !== f.name || known.unit !== f.unit || known.digits !== f.digits) {
      throw new Error(`runtime-fields.json: ${id} differs between families`);
    }
  }
}

/**
 * Name, unit and decimals of a field on a channel type (e.g. DC/YD → YieldDay, Wh, 0): what every output
 * (live data, metrics, MQTT) presents it with. Throws for a field no family has on that channel type.
 */
export function runDataFieldInfo(channelType: RunDataChannelType, key: RunDataFieldKey): RunDataFieldInfo {
  const info = FIELD_INFO.get(`${channelType}/${key}`);
  if (info === undefined) throw new Error(`run data: no field ${key} on ${channelType} channels`);
  return info;
}

/** Display/MQTT text of a value: fixed decimals. */
export function formatRunDataValue(value: number, digits: number): string {
  return value.toFixed(digits);
}

function fieldValue(spec: RunDataFieldSpec, data: RunData, totals: RunDataTotals): number {
  const { channelType, channel, key } = spec;
  if (channelType === 'DC') {
    const input = data.dc[channel];
    if (input === undefined) return 0;
    if (key === 'IRR') return totals.irradiation[channel] ?? 0;
    return isKeyOf(DC_KEYS, key) ? input[DC_KEYS[key]] : 0;
  }
  if (channelType === 'AC') {
    if (isKeyOf(AC_KEYS, key)) return data.ac[AC_KEYS[key]];
    if (isKeyOf(PHASE_KEYS, key) && data.phases !== null) {
      const [group, index] = PHASE_KEYS[key];
      return data.phases[group][index];
    }
    return 0;
  }
  switch (key) {
    case 'T':
      return data.temperature;
    case 'EVT_LOG':
      return data.eventLogCount;
    case 'YD':
      return totals.yieldDay;
    case 'YT':
      return totals.yieldTotal;
    case 'PDC':
      return totals.powerDc;
    case 'EFF':
      return totals.efficiency;
    default:
      return 0;
  }
}

/**
 * Every field of the family, raw and derived, in runtime-fields.json order (the order of the test vectors).
 * Irradiation is listed for every input; live data shows it only where `maxPowerW[c] > 0`.
 */
export function runDataFields(data: RunData, maxPowerW: readonly number[] = []): RunDataField[] {
  const layout = LAYOUTS[data.family];
  const totals = runDataTotals(data, maxPowerW);
  return layout.fields.map((spec) => {
    const value = fieldValue(spec, data, totals);
    return {
      channelType: spec.channelType,
      channel: spec.channel,
      key: spec.key,
      name: spec.name,
      unit: spec.unit,
      digits: spec.digits,
      value,
      text: formatRunDataValue(value, spec.digits),
    };
  });
}
