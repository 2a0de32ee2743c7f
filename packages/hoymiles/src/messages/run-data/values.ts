/** The decoded run data of one inverter, and which field key fills which value. */
import type { FamilyId } from '../../types';

/** One DC input ("string"). */
export interface RunDataDcInput {
  /** V */
  voltage: number;
  /** A */
  current: number;
  /** W */
  power: number;
  /** Wh today */
  yieldDay: number;
  /** kWh lifetime */
  yieldTotal: number;
}

export interface RunDataAc {
  /** V. HMT: the Ph1-Ph2 line voltage (alias). */
  voltage: number;
  /** A. HMT_4CH: the Ph1 current (alias); HMT_6CH: Ph1 + Ph2 + Ph3. */
  current: number;
  /** W */
  power: number;
  /** var, signed */
  reactivePower: number;
  /** Hz */
  frequency: number;
  powerFactor: number;
}

/** Three-phase extras of the HMT families (not exposed in live data or MQTT). */
export interface RunDataPhases {
  /** V, Ph1-N, Ph2-N, Ph3-N */
  voltageToNeutral: [number, number, number];
  /** V, Ph1-Ph2, Ph2-Ph3, Ph3-Ph1 */
  voltageLineToLine: [number, number, number];
  /** A, Ph1, Ph2, Ph3 */
  current: [number, number, number];
}

export interface RunData {
  family: FamilyId;
  dc: RunDataDcInput[];
  ac: RunDataAc;
  /** Present for HMT_4CH and HMT_6CH, null otherwise. */
  phases: RunDataPhases | null;
  /** °C, signed */
  temperature: number;
  eventLogCount: number;
}

/** The `RunDataDcInput` value each DC field key reads or writes. */
export const DC_KEYS = {
  UDC: 'voltage',
  IDC: 'current',
  PDC: 'power',
  YD: 'yieldDay',
  YT: 'yieldTotal',
} as const;

/** The `RunDataAc` value each AC field key reads or writes. */
export const AC_KEYS = {
  UAC: 'voltage',
  IAC: 'current',
  PAC: 'power',
  Q: 'reactivePower',
  F: 'frequency',
  PF: 'powerFactor',
} as const;

/** The `RunDataPhases` value (group and phase) each HMT phase key reads or writes. */
export const PHASE_KEYS = {
  UAC_1N: ['voltageToNeutral', 0],
  UAC_2N: ['voltageToNeutral', 1],
  UAC_3N: ['voltageToNeutral', 2],
  UAC_12: ['voltageLineToLine', 0],
  UAC_23: ['voltageLineToLine', 1],
  UAC_31: ['voltageLineToLine', 2],
  IAC_1: ['current', 0],
  IAC_2: ['current', 1],
  IAC_3: ['current', 2],
} as const;

export function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
