import { describe, expect, it } from 'vitest';
import { readTheme, resolveTheme } from '../../src/lib/theme';

describe('theme', () => {
  it('auto follows the system preference', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
  });
  it('an explicit choice wins over the system', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
  it('restores the saved choice, auto when none or invalid', () => {
    expect(readTheme()).toBe('auto');
    localStorage.setItem('theme', 'dark');
    expect(readTheme()).toBe('dark');
    localStorage.setItem('theme', 'purple');
    expect(readTheme()).toBe('auto');
  });
});
