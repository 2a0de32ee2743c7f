/**
 * The field catalogue: every live value an output shows per inverter channel, once. Names, units and
 * decimals come from the protocol library's field table; this file only picks which fields each channel
 * kind shows, in which order, and where the value is read in the live model. REST live data, WebSocket
 * pushes, Prometheus and MQTT all iterate these lists instead of restating them. The plant totals are
 * catalogued here too, with their names, units, decimals and MQTT topics.
 */
import { type RunDataChannelType, type RunDataFieldKey, runDataFieldInfo } from '@dtu-console/hoymiles';
import type { LiveInverter } from '../engine/live-types';
import type { PlantTotals } from '../engine/yields';

export type ChannelKind = RunDataChannelType;

export interface LiveField {
  /** AC (grid side, channel 0), DC (one per input, 0..n-1) or INV (inverter-wide, channel 0). */
  kind: ChannelKind;
  /** The protocol library's field key, e.g. 'PAC', 'YD'. */
  key: RunDataFieldKey;
  /** Name in live-data JSON: 'Power', 'Power DC', 'YieldDay', … */
  name: string;
  /** The name without spaces ('PowerDC'): Prometheus metric suffix, MQTT topic leaf (lowercased). */
  compactName: string;
  /** Unit text; '' for ratios and counters. */
  unit: string;
  /** Decimals of every presentation (JSON `d`, metric text, MQTT payload). */
  digits: number;
  /** The value on channel `channel` of `inverter` (0 for an input it does not have). */
  read(inverter: LiveInverter, channel: number): number;
}

function field(kind: ChannelKind, key: RunDataFieldKey, read: LiveField['read']): LiveField {
  const info = runDataFieldInfo(kind, key);
  return { kind, key, ...info, compactName: info.name.replace(/ /g, ''), read };
}

/** The AC channel, in live-data order. */
export const AC_FIELDS: readonly LiveField[] = [
  field('AC', 'PAC', (inv) => inv.values.ac.power),
  field('AC', 'UAC', (inv) => inv.values.ac.voltage),
  field('AC', 'IAC', (inv) => inv.values.ac.current),
  field('AC', 'F', (inv) => inv.values.ac.frequency),
  field('AC', 'PF', (inv) => inv.values.ac.powerFactor),
  field('AC', 'Q', (inv) => inv.values.ac.reactivePower),
];

/**
 * The irradiation of a DC input. Live data shows it only for inputs with a configured max power
 * (`showsIrradiation`); Prometheus and MQTT publish it for every input (0 without a max power).
 */
export const IRRADIATION_FIELD: LiveField = field('DC', 'IRR', (inv, c) => inv.totals.irradiation[c] ?? 0);

/** A DC input, in live-data order (Irradiation last). */
export const DC_FIELDS: readonly LiveField[] = [
  field('DC', 'PDC', (inv, c) => inv.values.dc[c]?.power ?? 0),
  field('DC', 'UDC', (inv, c) => inv.values.dc[c]?.voltage ?? 0),
  field('DC', 'IDC', (inv, c) => inv.values.dc[c]?.current ?? 0),
  field('DC', 'YD', (inv, c) => inv.values.dc[c]?.yieldDay ?? 0),
  field('DC', 'YT', (inv, c) => inv.values.dc[c]?.yieldTotal ?? 0),
  IRRADIATION_FIELD,
];

/** The inverter-wide channel, in live-data order. */
export const INV_FIELDS: readonly LiveField[] = [
  field('INV', 'PDC', (inv) => inv.totals.powerDc),
  field('INV', 'YD', (inv) => inv.totals.yieldDay),
  field('INV', 'YT', (inv) => inv.totals.yieldTotal),
  field('INV', 'T', (inv) => inv.values.temperature),
  field('INV', 'EFF', (inv) => inv.totals.efficiency),
];

/**
 * Values the MI series does not have (docs/protocol.md, The MI series): no AC current, power factor or
 * reactive power, and an efficiency would only restate the assumed one behind the AC estimate.
 */
const MI_ABSENT = new Set(['AC/IAC', 'AC/PF', 'AC/Q', 'INV/EFF']);

/** Whether the inverter has this value at all (every output leaves an absent one out). */
export function hasField(inv: LiveInverter, field: Pick<LiveField, 'kind' | 'key'>): boolean {
  return inv.mi === undefined || !MI_ABSENT.has(`${field.kind}/${field.key}`);
}

/** Whether the value is an estimate, not a reading: the AC power of the MI series. */
export function isEstimated(inv: LiveInverter, field: Pick<LiveField, 'kind' | 'key'>): boolean {
  return inv.mi?.acPowerEstimated === true && field.kind === 'AC' && field.key === 'PAC';
}

/** Every field of every channel kind: AC, then DC, then INV. */
export const LIVE_FIELDS: readonly LiveField[] = [...AC_FIELDS, ...DC_FIELDS, ...INV_FIELDS];

/** One plant total, as live data, MQTT state topics and Home Assistant discovery show it. */
export interface TotalField {
  key: 'acPower' | 'dcPower' | 'yieldDay' | 'yieldTotal' | 'irradiation';
  /** Entity name: 'AC Power', 'Yield Day', … (Home Assistant's name and object id). */
  name: string;
  /** Key in the live-data `total` object; absent for totals live data does not show. */
  liveName?: 'Power' | 'YieldDay' | 'YieldTotal';
  /** State topic below the MQTT base topic. */
  topic: string;
  unit: string;
  /** Decimals of the total now (the largest among its parts, 0 while nothing counts). */
  digits(totals: PlantTotals): number;
  read(totals: PlantTotals): number;
}

/** The plant totals, in live-data order (the totals live data does not show last). */
export const TOTAL_FIELDS: readonly TotalField[] = [
  {
    key: 'acPower',
    name: 'AC Power',
    liveName: 'Power',
    topic: 'ac/power',
    unit: 'W',
    digits: (t) => t.decimals.power,
    read: (t) => t.acPowerW,
  },
  {
    key: 'yieldDay',
    name: 'Yield Day',
    liveName: 'YieldDay',
    topic: 'ac/yieldday',
    unit: 'Wh',
    digits: (t) => t.decimals.yieldDay,
    read: (t) => t.yieldDayWh,
  },
  {
    key: 'yieldTotal',
    name: 'Yield Total',
    liveName: 'YieldTotal',
    topic: 'ac/yieldtotal',
    unit: 'kWh',
    digits: (t) => t.decimals.yieldTotal,
    read: (t) => t.yieldTotalKWh,
  },
  {
    key: 'dcPower',
    name: 'DC Power',
    topic: 'dc/power',
    unit: 'W',
    digits: (t) => t.decimals.power,
    read: (t) => t.dcPowerW,
  },
  {
    key: 'irradiation',
    name: 'Irradiation',
    topic: 'dc/irradiation',
    unit: '%',
    // Always 3 decimals (0.000 without configured peaks), as OpenDTU publishes it.
    digits: () => 3,
    read: (t) => t.irradiationPercent,
  },
];

/** The catalogue entry of one total. */
export function totalField(key: TotalField['key']): TotalField {
  const found = TOTAL_FIELDS.find((f) => f.key === key);
  if (!found) throw new Error(`no plant total ${key}`);
  return found;
}

/** A DC input's configured peak power in W (0 = not set). */
export function inputMaxPowerW(inverter: LiveInverter, input: number): number {
  return inverter.channels[input]?.maxPowerW ?? 0;
}

/** Live data lists Irradiation only for inputs with a configured max power. */
export function showsIrradiation(inverter: LiveInverter, input: number): boolean {
  return inputMaxPowerW(inverter, input) > 0;
}

/** The channels of one kind an inverter has: one AC and one INV channel, one DC channel per input. */
export function channelsOf(inverter: LiveInverter, kind: ChannelKind): number[] {
  return kind === 'DC' ? inverter.values.dc.map((_, c) => c) : [0];
}

/** The fields of one channel kind. */
export function fieldsOf(kind: ChannelKind): readonly LiveField[] {
  return kind === 'AC' ? AC_FIELDS : kind === 'DC' ? DC_FIELDS : INV_FIELDS;
}

/** Rounds to `digits` decimals; never -0, never NaN (a non-finite value reads 0). */
export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = Number(value.toFixed(digits));
  return rounded === 0 ? 0 : rounded;
}
