import { daysInMonth } from '@dtu-console/contract/common/calendar';

/** The history card's dates: "YYYY-MM-DD" days and "YYYY-MM" months, zone-free unless a zone is named. */

/** Days in a "YYYY-MM" month. */
export function daysInMonthOf(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return daysInMonth(year, number);
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

/** The browser's date, for a gateway that cannot tell its own. */
export function browserToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Calendar dates without a zone: "YYYY-MM-DD" is read as that day, never shifted by the browser's zone. */
export function utcDate(date: string): Date {
  const [year, month = 1, day = 1] = date.split('-').map(Number) as [number, number?, number?];
  return new Date(Date.UTC(year, month - 1, day));
}
