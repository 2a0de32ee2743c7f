// Calendar arithmetic shared by the gateway (query parsing, time zone rules) and the console (history views).

/** Days in a month of the proleptic Gregorian calendar; `month` counts from 1 (January). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
