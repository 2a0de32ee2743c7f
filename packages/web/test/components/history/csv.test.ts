import { describe, expect, it } from 'vitest';
import { csvFileName, energyCsv, powerCsv } from '../../../src/components/history/csv';
import { batteryView, energyView, powerView } from '../../../src/components/history/view';
import { AUTUMN, batteryNames, day, energyMonth, HOUR, names, SUMMER } from '../../helpers/history-fixtures';

describe('energy CSV', () => {
  const month = energyMonth();

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
});
