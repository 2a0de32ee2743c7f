import type { HistoryEnergySeries } from '@dtu-console/contract/history/api';
import { describe, expect, it } from 'vitest';
import { hourTicks } from '../../../src/components/history/scale';
import {
  batteryView,
  dayTotals,
  energyView,
  hasData,
  periodTotal,
  powerView,
} from '../../../src/components/history/view';
import {
  AUTUMN,
  batteryNames,
  day,
  energyMonth,
  HOUR,
  names,
  SPRING,
  SUMMER,
} from '../../helpers/history-fixtures';

describe('power view', () => {
  it('shows the plant alone, or with one line per inverter when there are several', () => {
    const one = day(SUMMER, 24, 6 * HOUR, {
      plant: [0, 100, 200, null],
      inverters: [{ serial: '114172220003', name: 'Roof', power: [0, 100, 200, null] }],
    });
    expect(powerView(one, null, names).series.map((series) => series.key)).toEqual(['plant']);
    const two = {
      ...one,
      inverters: [
        { serial: '114172220003', name: 'Roof', power: [0, 60, 120, null] },
        { serial: '116683554321', name: '', power: [0, 40, 80, null] },
      ],
    };
    const view = powerView(two, null, names);
    expect(view.series.map((series) => series.label)).toEqual(['Plant', 'Roof', '116683554321']);
    expect(view.series[2]?.values).toEqual([0, 40, 80, null]);
  });

  it('keeps gaps as null and fits every series to the time axis', () => {
    const data = day(SUMMER, 24, 6 * HOUR, {
      // One value short, one NaN (JSON cannot carry it, a bug could), one extra.
      plant: [null, 5, Number.NaN],
      inverters: [{ serial: 'A', name: 'A', power: [1, 2, 3, 4, 5] }],
    });
    const view = powerView(data, null, names);
    expect(view.series[0]?.values).toEqual([null, 5, null, null]);
    const single = powerView(data, 'A', names);
    expect(single.series[0]?.values).toEqual([1, 2, 3, 4]);
  });

  it('shows one inverter with its strings, unnamed strings numbered from 1', () => {
    const data = day(SUMMER, 24, 12 * HOUR, {
      inverters: [
        {
          serial: 'A',
          name: 'Roof',
          power: [10, 20],
          strings: [
            { channel: 0, name: 'East', power: [4, 8] },
            { channel: 1, name: '', power: [null, 12] },
          ],
        },
      ],
    });
    const view = powerView(data, 'A', names);
    expect(view.series.map((series) => series.label)).toEqual(['Roof', 'East', 'String 2']);
    expect(view.series[2]?.values).toEqual([null, 12]);
    // An inverter the answer does not know (removed meanwhile) is an empty series, not a crash.
    expect(powerView(data, 'B', names).series).toEqual([{ key: 'B', label: 'B', values: [null, null] }]);
    expect(hasData(powerView(data, 'B', names).series)).toBe(false);
  });

  it('adds up the energy of a day from the step means and finds the peak', () => {
    const data = day(SUMMER, 24, 15 * 60, {});
    data.plant = data.time.map((_, i) => (i === 40 ? 800 : i === 41 ? 400 : i === 42 ? null : 0));
    expect(dayTotals(powerView(data, null, names))).toEqual({ energyWh: 300, peakW: 800 });
    const empty = { ...data, plant: data.time.map(() => null) };
    expect(dayTotals(powerView(empty, null, names))).toEqual({ energyWh: null, peakW: null });
  });

  it('has 23 or 25 hours on the DST days, with ticks on the local hours', () => {
    const spring = powerView(day(SPRING, 23, 300), null, names);
    expect(spring.time).toHaveLength(276);
    const springTicks = hourTicks(spring.from, spring.to, spring.timezone, 3);
    expect(springTicks.map((tick) => tick.hour)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    // 03:00 summer time comes two hours after midnight on that day.
    expect(springTicks[1]?.at).toBe(SPRING + 2 * HOUR);

    const autumn = powerView(day(AUTUMN, 25, 300), null, names);
    expect(autumn.time).toHaveLength(300);
    const autumnTicks = hourTicks(autumn.from, autumn.to, autumn.timezone, 3);
    expect(autumnTicks.map((tick) => tick.hour)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect(autumnTicks[1]?.at).toBe(AUTUMN + 4 * HOUR);
  });
});

describe('energy view', () => {
  const month = energyMonth();

  it('gives every day of the month a bar slot, empty ones null', () => {
    const view = energyView(month, 'month', '2026-02', null, names);
    expect(view.periods).toHaveLength(28);
    expect(view.periods[0]).toBe('2026-02-01');
    expect(view.series[0]?.values.slice(0, 4)).toEqual([1500, null, 3000, null]);
    expect(view.series.map((series) => series.label)).toEqual(['Plant', 'Roof', 'Carport']);
    expect(periodTotal(view.series)).toBe(4500);
    expect(energyView(month, 'month', '2028-02', null, names).periods).toHaveLength(29);
  });

  it('gives a year twelve months, and one inverter alone', () => {
    const year: HistoryEnergySeries = {
      range: 'year',
      date: '2026',
      timezone: 'UTC',
      periods: ['2026-06'],
      plant: [250_000],
      inverters: [{ serial: 'A', name: 'Roof', energy: [250_000] }],
    };
    const view = energyView(year, 'year', '2026', 'A', names);
    expect(view.periods).toHaveLength(12);
    expect(view.series).toHaveLength(1);
    expect(view.series[0]?.values[5]).toBe(250_000);
    expect(periodTotal([{ key: 'x', label: 'x', values: [null, null] }])).toBeNull();
  });
});

describe('battery view', () => {
  it('takes the battery’s power and charge on the day’s steps, gaps kept as null', () => {
    const data = day(SUMMER, 24, 6 * HOUR, {
      // One value short, one extra: fitted to the four steps like every series.
      battery: { soc: [50, null, 70], power: [400, null, -600, 0, 99] },
    });
    const view = batteryView(data, batteryNames);
    expect(view?.power).toMatchObject({ label: 'Battery power', values: [400, null, -600, 0] });
    expect(view?.soc).toMatchObject({ label: 'State of charge', values: [50, null, 70, null] });
    // Their own colours, whatever the power chart above uses.
    expect(view?.power.colour).not.toBe(view?.soc.colour);
  });

  it('is null without a battery, or with only gaps', () => {
    expect(batteryView(day(SUMMER, 24, 6 * HOUR), batteryNames)).toBeNull();
    const empty = day(SUMMER, 24, 6 * HOUR, {
      battery: { soc: [null, null, null, null], power: [null, null, null, null] },
    });
    expect(batteryView(empty, batteryNames)).toBeNull();
  });
});
