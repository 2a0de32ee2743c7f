import { saveFile } from '../saveFile';
import { zonedTimestamp } from './calendar';
import type { BatteryView, EnergyView, PowerView } from './view';

/** The CSV files of the history card: what the chart shows, as text a spreadsheet reads. */

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

/**
 * The CSV of a day curve: the step's local start, then one column per series in W, and with a battery its
 * power (W, negative while discharging) and state of charge (%).
 */
export function powerCsv(view: PowerView, battery: BatteryView | null = null): string {
  const stamp = zonedTimestamp(view.timezone);
  const columns = [
    ...view.series.map((one) => ({ one, unit: 'W' })),
    ...(battery
      ? [
          { one: battery.power, unit: 'W' },
          { one: battery.soc, unit: '%' },
        ]
      : []),
  ];
  return toCsv(
    ['time', ...columns.map(({ one, unit }) => `${one.label} (${unit})`)],
    view.time.map((at, i) => [stamp(at), ...columns.map(({ one }) => one.values[i] ?? null)]),
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

/** Offers a CSV text as a file download. */
export function saveCsv(text: string, name: string) {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}
