import { localDateOf } from '@dtu-console/contract/common/format';
import type { HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract/history/api';
import { describe, expect, it } from 'vitest';
import { shiftDay, shiftMonth, zonedTimestamp } from '../../../src/components/history/calendar';
import { csvFileName, energyCsv, powerCsv } from '../../../src/components/history/csv';
import { hourTicks, niceRange, niceScale } from '../../../src/components/history/scale';
import {
  batteryView,
  dayTotals,
  energyView,
  hasData,
  periodTotal,
  powerView,
} from '../../../src/components/history/view';

const names = { plant: 'Plant', string: (number: number) => `String ${number}` };
const batteryNames = { power: 'Battery power', soc: 'State of charge' };
const HOUR = 3600;

/** A day of `hours` hours from `from` in steps of `step` seconds. */
function day(
  from: number,
  hours: number,
  step: number,
  patch: Partial<HistoryPowerSeries> = {},
): HistoryPowerSeries {
  const time = Array.from({ length: (hours * HOUR) / step }, (_, i) => from + i * step);
  return {
    from,
    to: from + hours * HOUR,
    step,
    timezone: 'Europe/Berlin',
    time,
    plant: time.map(() => 0),
    inverters: [],
    ...patch,
  };
}

// Local midnights in Berlin: 29 March 2026 has 23 hours (clocks go forward), 25 October 2026 has 25.
const SPRING = Date.UTC(2026, 2, 28, 23) / 1000;
const AUTUMN = Date.UTC(2026, 9, 24, 22) / 1000;
const SUMMER = Date.UTC(2026, 5, 20, 22) / 1000;

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
  const month: HistoryEnergySeries = {
    range: 'month',
    date: '2026-02',
    timezone: 'Europe/Berlin',
    // Only the days with data, out of order: each lands on its own day.
    periods: ['2026-02-03', '2026-02-01'],
    plant: [3000, 1500],
    inverters: [
      { serial: 'A', name: 'Roof', energy: [2000, 1000] },
      { serial: 'B', name: 'Carport', energy: [1000, null] },
    ],
  };

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

  it('writes kWh with a dot and three decimals, the date first, empty for no data', () => {
    const view = energyView(month, 'month', '2026-02', null, names);
    const lines = energyCsv(view).split('\r\n');
    expect(lines[0]).toBe('date,Plant (kWh),Roof (kWh),Carport (kWh)');
    expect(lines[1]).toBe('2026-02-01,1.500,1.000,');
    expect(lines[2]).toBe('2026-02-02,,,');
    expect(lines[3]).toBe('2026-02-03,3.000,2.000,1.000');
    expect(lines).toHaveLength(28 + 2);
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

describe('power CSV', () => {
  it('stamps each step with its local time and offset, so the doubled hour of the DST end stays apart', () => {
    const data = day(AUTUMN, 25, HOUR, {});
    data.plant = data.time.map((_, i) => (i === 3 ? 12.345 : null));
    const lines = powerCsv(powerView(data, null, names)).split('\r\n');
    expect(lines[0]).toBe('time,Plant (W)');
    expect(lines[1]).toBe('2026-10-25T00:00+02:00,');
    expect(lines[3]).toBe('2026-10-25T02:00+02:00,');
    expect(lines[4]).toBe('2026-10-25T02:00+01:00,12.3');
    expect(lines).toHaveLength(25 + 2);
  });

  it('quotes names that hold a comma or a quote', () => {
    const data = day(SUMMER, 24, 12 * HOUR, {
      inverters: [
        { serial: 'A', name: 'Roof, east', power: [1, 2] },
        { serial: 'B', name: 'The "big" one', power: [3, 4] },
      ],
    });
    expect(powerCsv(powerView(data, null, names)).split('\r\n')[0]).toBe(
      'time,Plant (W),"Roof, east (W)","The ""big"" one (W)"',
    );
  });

  it('adds the battery’s power and state of charge as the last columns when the day has them', () => {
    const data = day(SUMMER, 24, 6 * HOUR, {
      plant: [0, 1200, 800, 0],
      battery: { soc: [40, 55.55, null, 62], power: [-250, 900, null, -310.04] },
    });
    const lines = powerCsv(powerView(data, null, names), batteryView(data, batteryNames)).split('\r\n');
    expect(lines[0]).toBe('time,Plant (W),Battery power (W),State of charge (%)');
    expect(lines[1]).toBe('2026-06-21T00:00+02:00,0.0,-250.0,40.0');
    expect(lines[2]).toBe('2026-06-21T06:00+02:00,1200.0,900.0,55.5');
    expect(lines[3]).toBe('2026-06-21T12:00+02:00,800.0,,');
    expect(lines[4]).toBe('2026-06-21T18:00+02:00,0.0,-310.0,62.0');
    // Without a battery the columns stay as they were.
    expect(powerCsv(powerView(data, null, names), null).split('\r\n')[0]).toBe('time,Plant (W)');
  });

  it('names the file after the tab, the period and the inverter', () => {
    expect(csvFileName('day', '2026-06-21', null)).toBe('history-day-2026-06-21.csv');
    expect(csvFileName('month', '2026-06', '114172220003')).toBe('history-month-2026-06-114172220003.csv');
  });

  it('writes UTC as +00:00', () => {
    expect(zonedTimestamp('UTC')(0)).toBe('1970-01-01T00:00+00:00');
  });
});

describe('calendar and axis helpers', () => {
  it('shifts days and months across month and year ends', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it('picks round axis steps', () => {
    expect(niceScale(2231)).toEqual({ top: 3000, step: 1000, ticks: [0, 1000, 2000, 3000] });
    expect(niceScale(1800)).toEqual({ top: 2000, step: 500, ticks: [0, 500, 1000, 1500, 2000] });
    expect(niceScale(16.37)).toMatchObject({ top: 20, step: 5 });
    expect(niceScale(0)).toMatchObject({ top: 1, step: 0.25 });
    expect(niceScale(0.9).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // Below zero (grid power in export): the bottom on a step too, zero among the ticks.
    expect(niceRange(0, 2231)).toEqual({ bottom: 0, top: 3000, step: 1000, ticks: [0, 1000, 2000, 3000] });
    expect(niceRange(-350, 1200)).toEqual({
      bottom: -500,
      top: 1500,
      step: 500,
      ticks: [-500, 0, 500, 1000, 1500],
    });
    expect(niceRange(-80, -20)).toMatchObject({ bottom: -80, top: 0, step: 20 });
    expect(niceRange(-2100, 2300)).toMatchObject({ bottom: -3000, top: 3000, step: 1000 });
  });

  it("reads the gateway's local date from its time status", () => {
    expect(localDateOf('Sunday, June 21 2026 12:00:06')).toBe('2026-06-21');
    expect(localDateOf('Thursday, January 01 1970 00:00:00')).toBe('1970-01-01');
    expect(localDateOf('--')).toBeNull();
  });
});
