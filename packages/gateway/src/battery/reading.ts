/**
 * What a battery source and a charge-controller source report, and the ranges outside which a
 * value is refused (counted, never used). Lives here until the contract gets its battery domain.
 */

export interface BatteryReading {
  socPercent?: number;
  voltageV?: number;
  /** Positive while charging, negative while discharging. */
  currentA?: number;
  powerW?: number;
  temperatureC?: number;
  chargeCurrentLimitA?: number;
  dischargeCurrentLimitA?: number;
  alarms: readonly string[];
  warnings: readonly string[];
}

export interface ChargerReading {
  solarPowerW?: number;
  batteryVoltageV?: number;
  batteryCurrentA?: number;
  chargeState?: string;
}

type Range = readonly [min: number, max: number];

/** Physically sensible bounds for a home storage battery (12–60 V nominal systems and HV stacks). */
export const BATTERY_RANGES = {
  socPercent: [0, 100],
  voltageV: [0, 1000],
  currentA: [-1000, 1000],
  powerW: [-100_000, 100_000],
  temperatureC: [-40, 100],
  chargeCurrentLimitA: [0, 1000],
  dischargeCurrentLimitA: [0, 1000],
} as const satisfies Record<string, Range>;

export const CHARGER_RANGES = {
  solarPowerW: [0, 100_000],
  batteryVoltageV: [0, 1000],
  batteryCurrentA: [-1000, 1000],
} as const satisfies Record<string, Range>;

export interface Validated<T> {
  reading: T;
  /** Names of the fields that were out of range or not finite, and so dropped. */
  refused: string[];
}

function check<T extends object>(reading: T, ranges: Record<string, Range>): Validated<T> {
  const out = { ...reading } as Record<string, unknown>;
  const refused: string[] = [];
  for (const [field, [min, max]] of Object.entries(ranges)) {
    const v = out[field];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
      refused.push(field);
      delete out[field];
    }
  }
  return { reading: out as T, refused };
}

export function validateBattery(reading: BatteryReading): Validated<BatteryReading> {
  return check(reading, BATTERY_RANGES);
}

export function validateCharger(reading: ChargerReading): Validated<ChargerReading> {
  return check(reading, CHARGER_RANGES);
}
