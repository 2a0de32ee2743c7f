import type { HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract/history/api';
import { daysInMonthOf } from './calendar';

/**
 * The history answers shaped for the chart: which series are shown, one value per step or period, and
 * the totals a panel shows above its chart. No React, no Intl state.
 */

/** One line or bar series; `values[i]` belongs to point `i`, null is a gap (no data). */
export interface ChartSeries {
  key: string;
  label: string;
  values: Array<number | null>;
  /** Index into the chart's colours (`--history-c0…5`); the series' own position when absent. */
  colour?: number;
}

export interface SeriesNames {
  plant: string;
  /** A DC string without a configured name: "String 1" for channel 0. */
  string: (number: number) => string;
}

/** A day curve as the chart draws it: one point per step, step starts in Unix seconds. */
export interface PowerView {
  from: number;
  to: number;
  step: number;
  timezone: string;
  time: number[];
  /** The first series is the main one (filled area); the others are lines. */
  series: ChartSeries[];
}

/** Exactly `length` values: missing ones are gaps, extra ones are dropped. */
function fit(values: ReadonlyArray<number | null> | undefined, length: number): Array<number | null> {
  return Array.from({ length }, (_, i) => {
    const value = values?.[i];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
}

/**
 * The series of a day: the plant (and each inverter when there are several), or one inverter's AC power
 * with its DC strings.
 */
export function powerView(data: HistoryPowerSeries, serial: string | null, names: SeriesNames): PowerView {
  const length = data.time.length;
  let series: ChartSeries[];
  if (serial === null) {
    series = [{ key: 'plant', label: names.plant, values: fit(data.plant, length) }];
    if (data.inverters.length > 1) {
      for (const inverter of data.inverters)
        series.push({
          key: inverter.serial,
          label: inverter.name || inverter.serial,
          values: fit(inverter.power, length),
        });
    }
  } else {
    const inverter = data.inverters.find((candidate) => candidate.serial === serial);
    series = [
      { key: serial, label: inverter?.name || serial, values: fit(inverter?.power, length) },
      ...(inverter?.strings ?? []).map((dc) => ({
        key: `dc${dc.channel}`,
        label: dc.name || names.string(dc.channel + 1),
        values: fit(dc.power, length),
      })),
    ];
  }
  return {
    from: data.from,
    to: data.to,
    step: data.step,
    timezone: data.timezone,
    time: [...data.time],
    series,
  };
}

/** The battery's series names, in the console's language. */
export interface BatteryNames {
  power: string;
  soc: string;
}

/** The battery of a day: its power (W, charging above zero) and its state of charge (%), on the day's steps. */
export interface BatteryView {
  power: ChartSeries;
  soc: ChartSeries;
}

/** Colours of the battery's series: green for its power, blue for its charge (either theme's tone). */
const BATTERY_POWER_COLOUR = 2;
const BATTERY_SOC_COLOUR = 1;

/** The battery of a day's answer; null when the answer has none or only gaps. */
export function batteryView(data: HistoryPowerSeries, names: BatteryNames): BatteryView | null {
  if (!data.battery) return null;
  const length = data.time.length;
  const view: BatteryView = {
    power: {
      key: 'battery-power',
      label: names.power,
      values: fit(data.battery.power, length),
      colour: BATTERY_POWER_COLOUR,
    },
    soc: {
      key: 'battery-soc',
      label: names.soc,
      values: fit(data.battery.soc, length),
      colour: BATTERY_SOC_COLOUR,
    },
  };
  return hasData([view.power, view.soc]) ? view : null;
}

/** Energy of the main series of a day in Wh (mean power × step), and its peak in W; null without data. */
export function dayTotals(view: PowerView): { energyWh: number | null; peakW: number | null } {
  const main = view.series[0]?.values ?? [];
  let energy = 0;
  let peak: number | null = null;
  for (const value of main) {
    if (value === null) continue;
    energy += (value * view.step) / 3600;
    peak = peak === null ? value : Math.max(peak, value);
  }
  return { energyWh: peak === null ? null : energy, peakW: peak };
}

export type EnergyRange = 'month' | 'year';

/** Bars of a month (one per day) or a year (one per month), in Wh. */
export interface EnergyView {
  range: EnergyRange;
  /** Every day of the month or every month of the year, whether the answer had it or not. */
  periods: string[];
  series: ChartSeries[];
}

/** Every period label of a month ("YYYY-MM-DD") or a year ("YYYY-MM"). */
export function periodsOf(range: EnergyRange, date: string): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  return range === 'month'
    ? Array.from({ length: daysInMonthOf(date) }, (_, i) => `${date}-${pad(i + 1)}`)
    : Array.from({ length: 12 }, (_, i) => `${date}-${pad(i + 1)}`);
}

/**
 * The bars of the plant (its inverters as further series when there are several, shown in the readout and
 * the CSV) or of one inverter and its strings. Values are placed by their period label, so a month answered
 * with only the days that have data still gets a slot per day.
 */
export function energyView(
  data: HistoryEnergySeries,
  range: EnergyRange,
  date: string,
  serial: string | null,
  names: SeriesNames,
): EnergyView {
  const periods = periodsOf(range, date);
  const place = (values: ReadonlyArray<number | null> | undefined) => {
    const byPeriod = new Map<string, number | null>();
    data.periods.forEach((period, i) => {
      byPeriod.set(period, values?.[i] ?? null);
    });
    return fit(
      periods.map((period) => byPeriod.get(period) ?? null),
      periods.length,
    );
  };
  let series: ChartSeries[];
  if (serial === null) {
    series = [{ key: 'plant', label: names.plant, values: place(data.plant) }];
    if (data.inverters.length > 1)
      for (const inverter of data.inverters)
        series.push({
          key: inverter.serial,
          label: inverter.name || inverter.serial,
          values: place(inverter.energy),
        });
  } else {
    const inverter = data.inverters.find((candidate) => candidate.serial === serial);
    series = [
      { key: serial, label: inverter?.name || serial, values: place(inverter?.energy) },
      ...(inverter?.strings ?? []).map((dc) => ({
        key: `dc${dc.channel}`,
        label: dc.name || names.string(dc.channel + 1),
        values: place(dc.energy),
      })),
    ];
  }
  return { range, periods, series };
}

/**
 * The stored energy of one day (Wh) of the plant or of one inverter, from a month's answer: the gateway's
 * daily energy follows the inverters' own counters and is the truth; a sum of the curve is only an estimate.
 */
export function storedDayEnergy(
  data: HistoryEnergySeries,
  day: string,
  serial: string | null,
): number | null {
  const index = data.periods.indexOf(day);
  if (index < 0) return null;
  const values = serial === null ? data.plant : data.inverters.find((one) => one.serial === serial)?.energy;
  return values?.[index] ?? null;
}

/** Sum of the main series in Wh; null when no period has data. */
export function periodTotal(series: ChartSeries[]): number | null {
  let total: number | null = null;
  for (const value of series[0]?.values ?? []) if (value !== null) total = (total ?? 0) + value;
  return total;
}

export function hasData(series: ChartSeries[]): boolean {
  return series.some((one) => one.values.some((value) => value !== null));
}
