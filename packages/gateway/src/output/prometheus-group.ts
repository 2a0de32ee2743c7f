/**
 * How a group of metric families is declared and printed: a group names its subjects (with their labels)
 * and lists its families; a family is one entry (name, help, type, how to read its value). Values are read
 * through the field catalogue, so they match every other output's.
 */
import type {
  Alert,
  AlertRuleId,
  BatteryStatus,
  PowerLimiterStatus,
  RadioChipCounters,
  SolarChargerStatus,
  WifiDeviceStatus,
} from '@dtu-console/contract';
import type { RunDataFieldKey } from '@dtu-console/hoymiles';
import type { LiveModel } from '../engine/live-model';
import type { LiveInverter } from '../engine/live-types';
import type { MeterStatus } from '../powermeter/types';
import { type ChannelKind, fieldsOf, roundTo, TOTAL_FIELDS, type TotalField } from './fields';
import { type Exposition, type Labels, type MetricType, num } from './prometheus-exposition';

/** What the families read: the live model and what only the gateway around it knows. */
export interface MetricSource {
  live: LiveModel;
  /** The engine's day period (the sun above the configured sunset angle at the configured place). */
  daylight: boolean;
  /** The open alerts of the gateway's own rules (src/alerts/); none when not given. */
  alerts?: readonly Alert[];
  /** Alerts opened per rule since the start; no such family when not given. */
  alertsOpened?: Readonly<Record<AlertRuleId, number>>;
  /** The power limiter (src/powerlimiter/): its status and the commands it sent per inverter. */
  limiter?: { status: PowerLimiterStatus; commandsSent: ReadonlyMap<string, number> };
  /** The house meter (src/powermeter/). */
  meter?: MeterStatus;
  /** The radio chips' own counts (model and hardware radios; absent for the simulated one). */
  radioChips?: RadioChipCounters;
  /** The Wi-Fi devices (src/wifi/); none when not given. */
  wifiDevices?: readonly WifiDeviceStatus[];
  /** The battery and its charge controllers (src/battery/); none when not given. */
  battery?: BatteryStatus;
  solarCharger?: SolarChargerStatus;
  /** Requests refused for coming from another origin (http/origin-refusals.ts), per kind. */
  crossOriginRefused?: Readonly<Record<'api' | 'websocket', number>>;
}

export const JOULES_PER_WH = 3600;
export const JOULES_PER_KWH = 3_600_000;

/** One metric family over the subjects of its group. */
export interface Family<S> {
  name: string;
  help: string;
  type: MetricType;
  /** The value for one subject; null leaves the subject out of this family. */
  value(subject: S): number | null;
  /** A family with one more label: one sample per `[label value, value]`. */
  split?: { label: string; values(subject: S): readonly (readonly [string, number])[] };
}

export interface MetricGroup {
  /** The names of the group's families (docs and dashboards are checked against them). */
  readonly names: readonly string[];
  /** Adds every family of the group to `out`. */
  collect(source: MetricSource, out: Exposition): void;
}

/** A group: its subjects with their labels, and its families. */
export function group<S>(
  subjects: (source: MetricSource) => readonly { subject: S; labels: Labels }[],
  families: readonly Family<S>[],
): MetricGroup {
  return {
    names: families.map((family) => family.name),
    collect(source, out) {
      const list = subjects(source);
      for (const family of families) {
        for (const { subject, labels } of list) {
          if (family.split) {
            const { label, values } = family.split;
            for (const [key, value] of values(subject)) {
              out.add(family.name, family.help, family.type, [...labels, [label, key]], num(value));
            }
            continue;
          }
          const value = family.value(subject);
          if (value !== null) out.add(family.name, family.help, family.type, labels, num(value));
        }
      }
    },
  };
}

export const flag = (value: boolean) => (value ? 1 : 0);

/** A live value as every output shows it (catalogue decimals), multiplied into the family's unit. */
export function shown(kind: ChannelKind, key: RunDataFieldKey, factor = 1) {
  const field = fieldsOf(kind).find((f) => f.key === key);
  if (!field) throw new Error(`no ${kind} field ${key} in the catalogue`);
  return (inv: LiveInverter, channel = 0) => {
    const value = roundTo(field.read(inv, channel), field.digits) * factor;
    // Joules of a Wh or kWh value with decimals: whole joules, without float noise.
    return factor === 1 ? value : Math.round(value);
  };
}

export function total(key: TotalField['key'], factor = 1) {
  const field = TOTAL_FIELDS.find((f) => f.key === key);
  if (!field) throw new Error(`no plant total ${key}`);
  return (source: MetricSource) => {
    const totals = source.live.totals();
    const value = roundTo(field.read(totals), field.digits(totals)) * factor;
    return factor === 1 ? value : Math.round(value);
  };
}

export const inverterLabels = (inv: LiveInverter): Labels => [
  ['serial', inv.serial],
  ['name', inv.name],
];
