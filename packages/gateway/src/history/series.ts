/**
 * The answers of GET /api/v2/history/power and /energy, shaped from the store's rows: power (and the
 * battery's state of charge and power) as the covered-time weighted mean per step (null where a step has no
 * row), energy as sums of the stored days.
 */
import type { HistoryBatteryPower, HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract';
import { BATTERY_POWER, BATTERY_SOC } from './battery-minutes';
import { dayLabel, dayNumber } from './day-energy';
import { INVERTER_CHANNEL } from './minutes';
import type { EnergyQuery, PowerQuery } from './query';
import type { HistoryStore, PowerRow, PowerTable } from './store';

/** An inverter as the answers name it: configured ones first (slot order), then those only in the history. */
export interface HistoryInverter {
  serial: string;
  name: string;
  /** String names by DC channel. */
  strings: string[];
}

export interface SeriesSource {
  store: HistoryStore;
  /** The inverters asked for, in answer order. */
  inverters: readonly HistoryInverter[];
  /** IANA name of the zone the local dates follow. */
  timezone: string;
}

/**
 * Each inverter's series under `key` (`power` or `energy`), and its strings' too when one inverter was
 * asked for.
 */
function inverterSeries(
  source: SeriesSource,
  query: { serials?: string[] },
  key: 'power' | 'energy',
  series: (serial: string, channel: number) => (number | null)[],
) {
  return source.inverters.map((inverter) => ({
    serial: inverter.serial,
    name: inverter.name,
    [key]: series(inverter.serial, INVERTER_CHANNEL),
    ...(query.serials?.length === 1
      ? {
          strings: stringChannels(inverter, source.store).map((channel) => ({
            channel,
            name: inverter.strings[channel] ?? '',
            [key]: series(inverter.serial, channel),
          })),
        }
      : {}),
  }));
}

/** `table`: minute rows while the whole range lies within their retention, else the quarter hours. */
export function powerSeries(source: SeriesSource, query: PowerQuery, table: PowerTable): HistoryPowerSeries {
  const { store } = source;
  const count = Math.round((query.to - query.from) / query.step);
  const time = Array.from({ length: count }, (_, i) => query.from + i * query.step);
  const series = (serial: string, channel: number) =>
    bucketMeans(store.power(table, serial, channel, query.from, query.to), query.from, query.step, count);
  const inverters = inverterSeries(source, query, 'power', series) as HistoryPowerSeries['inverters'];
  const battery = batterySeries(store, query, table, count);
  return {
    from: query.from,
    to: query.to,
    step: query.step,
    ...(query.date === undefined ? {} : { date: query.date }),
    timezone: source.timezone,
    time,
    plant: sumSeries(
      inverters.map((inverter) => inverter.power),
      count,
    ),
    inverters,
    ...(battery ? { battery } : {}),
  };
}

/**
 * The battery's state of charge and power per step, whatever `serial` restricts (the battery is the
 * plant's, not an inverter's); undefined when the range has no battery row at all.
 */
export function batterySeries(
  store: HistoryStore,
  query: Pick<PowerQuery, 'from' | 'to' | 'step'>,
  table: PowerTable,
  count: number,
): HistoryBatteryPower | undefined {
  const series = (channel: number) =>
    bucketMeans(store.battery(table, channel, query.from, query.to), query.from, query.step, count);
  const soc = series(BATTERY_SOC);
  const power = series(BATTERY_POWER);
  const filled = (values: (number | null)[]) => values.some((value) => value !== null);
  return filled(soc) || filled(power) ? { soc, power } : undefined;
}

/** `today` (YYYYMMDD) ends the years of `range=all` at least. */
export function energySeries(source: SeriesSource, query: EnergyQuery, today: number): HistoryEnergySeries {
  const { store } = source;
  let periods: string[];
  let fromDay: number;
  let toDay: number;
  let periodOf: (day: number) => number;
  if (query.range === 'month' && query.year !== undefined && query.month !== undefined) {
    const { year, month } = query;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    periods = Array.from({ length: days }, (_, i) => dayLabel(dayNumber(year, month, i + 1)));
    fromDay = dayNumber(year, month, 1);
    toDay = dayNumber(year, month, 31);
    periodOf = (day) => (day % 100) - 1;
  } else if (query.range === 'year' && query.year !== undefined) {
    const { year } = query;
    periods = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
    fromDay = dayNumber(year, 1, 1);
    toDay = dayNumber(year, 12, 31);
    periodOf = (day) => (Math.floor(day / 100) % 100) - 1;
  } else {
    const oldest = store.status().oldestDay ?? today;
    const newest = Math.max(store.newestDay() ?? today, today);
    const first = Math.floor(Math.min(oldest, today) / 10_000);
    const last = Math.floor(newest / 10_000);
    periods = Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
    fromDay = dayNumber(first, 1, 1);
    toDay = dayNumber(last, 12, 31);
    periodOf = (day) => Math.floor(day / 10_000) - first;
  }
  const series = (serial: string, channel: number) => {
    const out: (number | null)[] = periods.map(() => null);
    for (const row of store.days(serial, channel, fromDay, toDay)) {
      const i = periodOf(row.day);
      if (i >= 0 && i < out.length) out[i] = round1((out[i] ?? 0) + row.wh);
    }
    return out;
  };
  const inverters = inverterSeries(source, query, 'energy', series) as HistoryEnergySeries['inverters'];
  return {
    range: query.range,
    ...(query.date === undefined ? {} : { date: query.date }),
    timezone: source.timezone,
    periods,
    plant: sumSeries(
      inverters.map((inverter) => inverter.energy),
      periods.length,
    ),
    inverters,
  };
}

function stringChannels(inverter: HistoryInverter, store: HistoryStore): number[] {
  const count = Math.max(inverter.strings.length, ...store.stringChannels(inverter.serial).map((c) => c + 1));
  return Array.from({ length: count }, (_, c) => c);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Mean per step, weighted by the covered seconds; null where a step has no row. */
export function bucketMeans(rows: readonly PowerRow[], from: number, step: number, count: number) {
  const area = new Array<number>(count).fill(0);
  const covered = new Array<number>(count).fill(0);
  for (const row of rows) {
    const i = Math.floor((row.t - from) / step);
    if (i < 0 || i >= count) continue;
    area[i] = (area[i] ?? 0) + row.w * row.s;
    covered[i] = (covered[i] ?? 0) + row.s;
  }
  return area.map((a, i) => ((covered[i] ?? 0) > 0 ? round1(a / (covered[i] ?? 1)) : null));
}

/** Sum of the series per step; null where every series is null. */
export function sumSeries(series: readonly (number | null)[][], count: number): (number | null)[] {
  return Array.from({ length: count }, (_, i) => {
    let sum: number | null = null;
    for (const values of series) {
      const value = values[i];
      if (value !== null && value !== undefined) sum = (sum ?? 0) + value;
    }
    return sum === null ? null : round1(sum);
  });
}
