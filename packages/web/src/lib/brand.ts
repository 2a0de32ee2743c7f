export type BrandIcon = 'tree' | 'egg' | 'sun';

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const DAY_MS = 86_400_000;

/** Whole days from a to b, both taken as local calendar dates (safe across DST changes). */
function daysBetween(a: Date, b: Date): number {
  return Math.round(
    (Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) -
      Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) /
      DAY_MS,
  );
}

/** A tree on 24–26 December, an egg from Good Friday to Easter Monday, a sun otherwise. */
export function brandIconFor(date: Date): BrandIcon {
  const month = date.getMonth() + 1;
  const day = date.getDate();
  if (month === 12 && day >= 24 && day <= 26) return 'tree';
  const easter = easterSunday(date.getFullYear());
  const offset = daysBetween(new Date(date.getFullYear(), easter.month - 1, easter.day), date);
  if (offset >= -2 && offset <= 1) return 'egg';
  return 'sun';
}
