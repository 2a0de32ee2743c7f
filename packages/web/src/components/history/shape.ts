import type { HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract/api/history';

/**
 * Pure shaping of the history answers for the chart and the CSV file: which series are shown, how long a
 * day is (23, 24 or 25 hours), where the ticks go, and the text of the CSV. No React, no Intl state.
 */

/** One line or bar series; `values[i]` belongs to point `i`, null is a gap (no data). */
export interface ChartSeries {
  key: string;
  label: string;
  values: Array<number | null>;
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

export function daysInMonth(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}

/** Every period label of a month ("YYYY-MM-DD") or a year ("YYYY-MM"). */
export function periodsOf(range: EnergyRange, date: string): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  return range === 'month'
    ? Array.from({ length: daysInMonth(date) }, (_, i) => `${date}-${pad(i + 1)}`)
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

/** A round axis top and step for values up to `max`, with about `count` steps (1, 2, 2.5 or 5 × 10ⁿ). */
export function niceScale(max: number, count = 4): { top: number; step: number; ticks: number[] } {
  const target = max > 0 && Number.isFinite(max) ? max : 1;
  const raw = target / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= raw) ?? 10) * magnitude;
  const top = Math.ceil(target / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  return { top, step, ticks };
}

/** Local hour and minute of a Unix time in a zone. */
function zoneClock(zone: string) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (seconds: number) => {
    const parts = format.formatToParts(new Date(seconds * 1000));
    const read = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    return { hour: read('hour'), minute: read('minute') };
  };
}

/**
 * Ticks on the local full hours of a day that are multiples of `every` (in the gateway's zone): a day with
 * a DST change still gets its ticks on 03:00, 06:00 … even though it is 23 or 25 hours long.
 */
export function hourTicks(
  from: number,
  to: number,
  zone: string,
  every: number,
): { at: number; hour: number }[] {
  const clock = zoneClock(zone);
  const ticks: { at: number; hour: number }[] = [];
  // Full hours are whole hours from midnight in every zone whose offset is a whole number of hours; a
  // zone on a half hour gets its ticks on the half hours.
  for (let at = from; at < to; at += 3600) {
    const { hour } = clock(at);
    if (hour % every === 0) ticks.push({ at, hour });
  }
  return ticks;
}

/** "2026-06-21T12:05+02:00": a step's start in the gateway's zone, unambiguous on the DST change. */
export function zonedTimestamp(zone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  return (seconds: number) => {
    const parts = format.formatToParts(new Date(seconds * 1000));
    const read = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
    const offset = read('timeZoneName').replace('GMT', '') || '+00:00';
    return `${read('year')}-${read('month')}-${read('day')}T${read('hour')}:${read('minute')}${offset}`;
  };
}

/** Shifts "YYYY-MM-DD" by whole days (calendar arithmetic, no zone involved). */
export function shiftDay(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Shifts "YYYY-MM" by whole months. */
export function shiftMonth(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + months, 1)).toISOString().slice(0, 7);
}

export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
export const isMonth = (value: string) => /^\d{4}-\d{2}$/.test(value);

/** A CSV field: quoted when it holds a separator, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * CSV with a comma between fields and CRLF after each line; numbers with a dot and fixed decimals whatever
 * the console's language (a spreadsheet's import can be told the format once); empty for no data.
 */
export function toCsv(
  header: string[],
  rows: Array<Array<string | number | null>>,
  decimals: number,
): string {
  const line = (fields: Array<string | number | null>) =>
    fields
      .map((field) =>
        field === null ? '' : typeof field === 'number' ? field.toFixed(decimals) : csvField(field),
      )
      .join(',');
  return `${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** The CSV of a day curve: the step's local start, then one column per series in W. */
export function powerCsv(view: PowerView): string {
  const stamp = zonedTimestamp(view.timezone);
  return toCsv(
    ['time', ...view.series.map((one) => `${one.label} (W)`)],
    view.time.map((at, i) => [stamp(at), ...view.series.map((one) => one.values[i] ?? null)]),
    1,
  );
}

/** The CSV of month or year bars: the period, then one column per series in kWh. */
export function energyCsv(view: EnergyView): string {
  return toCsv(
    [view.range === 'month' ? 'date' : 'month', ...view.series.map((one) => `${one.label} (kWh)`)],
    view.periods.map((period, i) => [
      period,
      ...view.series.map((one) => {
        const value = one.values[i] ?? null;
        return value === null ? null : value / 1000;
      }),
    ]),
    3,
  );
}

/** "history-day-2026-06-21.csv", with the inverter's serial when one is shown. */
export function csvFileName(tab: 'day' | 'month' | 'year', date: string, serial: string | null): string {
  return `history-${tab}-${date}${serial ? `-${serial}` : ''}.csv`;
}
