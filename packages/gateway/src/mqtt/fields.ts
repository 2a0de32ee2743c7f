/**
 * Which live values go out per channel, and under which topic leaf. Names, units and decimals come from
 * the one field catalogue; this file only picks the MQTT subset and its order, and adds what is MQTT's
 * own: the lowercase topic leaf and Home Assistant's device and state classes.
 */
import type { RunDataFieldKey } from '@dtu-console/hoymiles';
import type { LiveInverter } from '../engine';
import {
  type ChannelKind,
  channelsOf,
  fieldsOf,
  hasField,
  isEstimated,
  type TotalField,
} from '../output/fields';

export type MqttChannelType = ChannelKind;

export interface MqttField {
  key: RunDataFieldKey;
  /** Catalogue name without spaces, e.g. `PowerDC` (the Home Assistant object id part). */
  fieldName: string;
  /** Topic leaf, e.g. `powerdc`. */
  leaf: string;
  unit: string;
  value: number;
  /** The value with the catalogue's decimals. */
  text: string;
  /** An estimate, not a reading (the MI series' AC power): Home Assistant names it so. */
  estimated: boolean;
}

export interface MqttChannel {
  type: MqttChannelType;
  /** Topic channel: 0 for AC and INV, 1… for the DC inputs. */
  number: number;
  fields: MqttField[];
}

/**
 * Published fields in OpenDTU's order within a channel (the catalogue lists them in live-data order).
 * The per-phase values of three-phase inverters and the event-log counter stay off MQTT, as on the device.
 */
const MQTT_FIELD_ORDER: readonly RunDataFieldKey[] = [
  'UDC',
  'IDC',
  'PDC',
  'YD',
  'YT',
  'UAC',
  'IAC',
  'PAC',
  'F',
  'T',
  'PF',
  'EFF',
  'IRR',
  'Q',
];

/** Home Assistant classes per field; fields without one (efficiency, irradiation) carry none. */
export const HASS_FIELD_CLASSES: Partial<Record<RunDataFieldKey, { device: string; state: string }>> = {
  UDC: { device: 'voltage', state: 'measurement' },
  UAC: { device: 'voltage', state: 'measurement' },
  IDC: { device: 'current', state: 'measurement' },
  IAC: { device: 'current', state: 'measurement' },
  PDC: { device: 'power', state: 'measurement' },
  PAC: { device: 'power', state: 'measurement' },
  YD: { device: 'energy', state: 'total_increasing' },
  YT: { device: 'energy', state: 'total_increasing' },
  F: { device: 'frequency', state: 'measurement' },
  T: { device: 'temperature', state: 'measurement' },
  PF: { device: 'power_factor', state: 'measurement' },
  Q: { device: 'reactive_power', state: 'measurement' },
};

/** The total topics in publishing order, as OpenDTU groups them: AC first, then DC. */
export const MQTT_TOTAL_GROUPS: readonly { prefix: 'ac' | 'dc'; totals: readonly TotalField['key'][] }[] = [
  { prefix: 'ac', totals: ['acPower', 'yieldTotal', 'yieldDay'] },
  { prefix: 'dc', totals: ['dcPower', 'irradiation'] },
];

/** The totals with a Home Assistant entity on the DTU device, in discovery order, with their classes. */
export const HASS_TOTALS: readonly { key: TotalField['key']; device: string; state: string }[] = [
  { key: 'yieldTotal', device: 'energy', state: 'total_increasing' },
  { key: 'yieldDay', device: 'energy', state: 'total_increasing' },
  { key: 'acPower', device: 'power', state: 'measurement' },
  { key: 'dcPower', device: 'power', state: 'measurement' },
];

/** Channels in publishing order: AC, the DC inputs, then the inverter-wide values. */
export function channelFields(inv: LiveInverter): MqttChannel[] {
  const channel = (type: MqttChannelType, index: number, number: number): MqttChannel => ({
    type,
    number,
    fields: fieldsOf(type)
      .filter((f) => MQTT_FIELD_ORDER.includes(f.key) && hasField(inv, f))
      .sort((a, b) => MQTT_FIELD_ORDER.indexOf(a.key) - MQTT_FIELD_ORDER.indexOf(b.key))
      .map((f) => {
        const value = f.read(inv, index);
        // toFixed as OpenDTU prints: a value just below zero stays "-0.0".
        return {
          key: f.key,
          fieldName: f.compactName,
          leaf: f.compactName.toLowerCase(),
          unit: f.unit,
          value,
          text: value.toFixed(f.digits),
          estimated: isEstimated(inv, f),
        };
      }),
  });
  return [
    ...channelsOf(inv, 'AC').map((c) => channel('AC', c, 0)),
    ...channelsOf(inv, 'DC').map((c) => channel('DC', c, c + 1)),
    ...channelsOf(inv, 'INV').map((c) => channel('INV', c, 0)),
  ];
}
