/** The battery in the power answer: means per step of the minutes that have data, present only with data. */
import { describe, expect, it } from 'vitest';
import { BATTERY_POWER, BATTERY_SOC } from '../../src/history/battery-minutes';
import { INVERTER_CHANNEL } from '../../src/history/minutes';
import { batterySeries, powerSeries } from '../../src/history/series';
import { HistoryStore } from '../../src/history/store';

const T = Date.UTC(2025, 5, 21, 10) / 1000;

function storeWithBattery(): HistoryStore {
  const store = new HistoryStore(':memory:');
  store.write({
    battery: [
      // Minutes 0 and 1 charging, minute 2 without a reading, minute 3 discharging with 30 s covered.
      { channel: BATTERY_SOC, t: T, value: 50, s: 60 },
      { channel: BATTERY_POWER, t: T, value: 1200, s: 60 },
      { channel: BATTERY_SOC, t: T + 60, value: 52, s: 60 },
      { channel: BATTERY_POWER, t: T + 60, value: 900, s: 60 },
      { channel: BATTERY_SOC, t: T + 180, value: 51, s: 30 },
      { channel: BATTERY_POWER, t: T + 180, value: -600, s: 30 },
    ],
  });
  return store;
}

describe('battery series', () => {
  it('gives each step the mean of the minutes that have data, weighted by their covered seconds', () => {
    const store = storeWithBattery();
    expect(batterySeries(store, { from: T, to: T + 240, step: 60 }, 'minute', 4)).toEqual({
      soc: [50, 52, null, 51],
      power: [1200, 900, null, -600],
    });
    // Two-minute steps: the empty minute does not count as 0.
    expect(batterySeries(store, { from: T, to: T + 240, step: 120 }, 'minute', 2)).toEqual({
      soc: [51, 51],
      power: [1050, -600],
    });
    // The quarter hour: (50·60 + 52·60 + 51·30) / 150 and (1200·60 + 900·60 − 600·30) / 150.
    expect(batterySeries(store, { from: T, to: T + 900, step: 900 }, 'quarter', 1)).toEqual({
      soc: [51.0],
      power: [720],
    });
    store.close();
  });

  it('is part of the power answer only where the range has battery rows, whatever serial is asked for', () => {
    const store = storeWithBattery();
    store.write({ minutes: [{ serial: '114172220003', channel: INVERTER_CHANNEL, t: T, w: 300, s: 60 }] });
    const source = {
      store,
      inverters: [{ serial: '114172220003', name: 'Roof', strings: [] }],
      timezone: 'Europe/Berlin',
    };
    const withBattery = powerSeries(
      source,
      { from: T, to: T + 240, step: 60, serials: ['114172220003'] },
      'minute',
    );
    expect(withBattery.battery?.power).toEqual([1200, 900, null, -600]);
    expect(withBattery.plant).toEqual([300, null, null, null]);
    const later = powerSeries(source, { from: T + 240, to: T + 480, step: 60 }, 'minute');
    expect(later).not.toHaveProperty('battery');
    store.close();
  });
});
