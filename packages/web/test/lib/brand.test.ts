import { describe, expect, it } from 'vitest';
import { brandIconFor, easterSunday } from '../../src/lib/brand';

const day = (year: number, month: number, date: number, hour = 12) => new Date(year, month - 1, date, hour);

describe('easterSunday (anonymous Gregorian algorithm)', () => {
  it.each([
    [2024, 3, 31],
    [2025, 4, 20],
    [2026, 4, 5],
    [2027, 3, 28],
    [2038, 4, 25],
    [2008, 3, 23],
    [2285, 3, 22],
  ])('%i → %i-%i', (year, month, date) => {
    expect(easterSunday(year)).toEqual({ month, day: date });
  });
});

describe('brandIconFor', () => {
  it('shows a tree on 24, 25 and 26 December only', () => {
    expect(brandIconFor(day(2025, 12, 23, 23))).toBe('sun');
    expect(brandIconFor(day(2025, 12, 24, 0))).toBe('tree');
    expect(brandIconFor(day(2025, 12, 25))).toBe('tree');
    expect(brandIconFor(day(2025, 12, 26, 23))).toBe('tree');
    expect(brandIconFor(day(2025, 12, 27, 0))).toBe('sun');
  });

  it.each([
    [2024, 3, 31],
    [2025, 4, 20],
    [2026, 4, 5],
    [2027, 3, 28],
    [2038, 4, 25],
  ])('shows an egg from Good Friday to Easter Monday around %i-%i-%i', (year, month, date) => {
    const easter = day(year, month, date);
    const shifted = (days: number, hour = 12) =>
      new Date(easter.getFullYear(), easter.getMonth(), easter.getDate() + days, hour);
    expect(brandIconFor(shifted(-3, 23))).toBe('sun');
    expect(brandIconFor(shifted(-2, 0))).toBe('egg');
    expect(brandIconFor(shifted(-1))).toBe('egg');
    expect(brandIconFor(shifted(0))).toBe('egg');
    expect(brandIconFor(shifted(1, 23))).toBe('egg');
    expect(brandIconFor(shifted(2, 0))).toBe('sun');
  });

  it('shows the sun on an ordinary day', () => {
    expect(brandIconFor(day(2026, 7, 14))).toBe('sun');
    expect(brandIconFor(day(2026, 1, 1))).toBe('sun');
  });
});
