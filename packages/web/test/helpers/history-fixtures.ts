/** Days of history as the gateway sends them, for the tests of the history card's pure parts. */
import type { HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract/history/api';

export const names = { plant: 'Plant', string: (number: number) => `String ${number}` };
export const batteryNames = { power: 'Battery power', soc: 'State of charge' };
export const HOUR = 3600;

/** A day of `hours` hours from `from` in steps of `step` seconds. */
export function day(
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
export const SPRING = Date.UTC(2026, 2, 28, 23) / 1000;
export const AUTUMN = Date.UTC(2026, 9, 24, 22) / 1000;
export const SUMMER = Date.UTC(2026, 5, 20, 22) / 1000;

/** February 2026 of two inverters with only the days that have data, out of order: each lands on its own day. */
export function energyMonth(): HistoryEnergySeries {
  return {
    range: 'month',
    date: '2026-02',
    timezone: 'Europe/Berlin',
    periods: ['2026-02-03', '2026-02-01'],
    plant: [3000, 1500],
    inverters: [
      { serial: 'A', name: 'Roof', energy: [2000, 1000] },
      { serial: 'B', name: 'Carport', energy: [1000, null] },
    ],
  };
}
