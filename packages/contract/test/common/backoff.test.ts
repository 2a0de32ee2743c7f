import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/common/backoff';

/** A fixed sequence of random numbers, repeated. */
function randoms(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe('back-off delay', () => {
  it('starts at the base on attempt 0 and doubles per attempt', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, { base: 1000 }))).toEqual([
      1000, 2000, 4000, 8000, 16_000,
    ]);
  });

  it('grows by the given factor', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, { base: 100, factor: 3 }))).toEqual([100, 300, 900, 2700]);
    expect([0, 5].map((n) => backoffDelay(n, { base: 250, factor: 1 }))).toEqual([250, 250]);
  });

  it('stops at the cap and stays there, however many attempts', () => {
    const options = { base: 1000, max: 10_000 };
    expect([2, 3, 4, 5, 50, 5000].map((n) => backoffDelay(n, options))).toEqual([
      4000, 8000, 10_000, 10_000, 10_000, 10_000,
    ]);
    expect(backoffDelay(Number.POSITIVE_INFINITY, options)).toBe(10_000);
    // A base above the cap is capped too.
    expect(backoffDelay(0, { base: 20_000, max: 10_000 })).toBe(10_000);
  });

  it('counts a negative, NaN or fractional attempt as a sane one', () => {
    const options = { base: 1000, max: 60_000 };
    expect(backoffDelay(-1, options)).toBe(1000);
    expect(backoffDelay(-Number.POSITIVE_INFINITY, options)).toBe(1000);
    expect(backoffDelay(Number.NaN, options)).toBe(1000);
    expect(backoffDelay(2.9, options)).toBe(4000);
  });

  it('keeps a zero base at zero, even past the overflow of the factor', () => {
    expect(backoffDelay(0, { base: 0 })).toBe(0);
    expect(backoffDelay(5000, { base: 0 })).toBe(0);
  });

  it('takes at most the jitter share off, from the injected random source', () => {
    const options = { base: 1000, max: 10_000, jitter: 0.5 };
    expect(backoffDelay(1, { ...options, random: () => 0 })).toBe(2000);
    expect(backoffDelay(1, { ...options, random: () => 0.5 })).toBe(1500);
    expect(backoffDelay(1, { ...options, random: () => 0.999_999 })).toBeCloseTo(1000, 2);
    // Full jitter: anywhere in (0, delay]; the cap applies before the jitter.
    expect(backoffDelay(10, { ...options, jitter: 1, random: () => 0.25 })).toBe(7500);
    const random = randoms(0, 0.1, 0.37, 0.5, 0.73, 0.999);
    for (let n = 0; n < 12; n++) {
      const plain = backoffDelay(n, { base: 1000, max: 10_000 });
      const jittered = backoffDelay(n, { ...options, random });
      expect(jittered).toBeGreaterThan(plain * 0.5);
      expect(jittered).toBeLessThanOrEqual(plain);
    }
  });

  it('holds a random source that strays outside [0, 1) inside it', () => {
    const options = { base: 1000, jitter: 0.5 };
    expect(backoffDelay(0, { ...options, random: () => -3 })).toBe(1000);
    expect(backoffDelay(0, { ...options, random: () => Number.NaN })).toBe(1000);
    expect(backoffDelay(0, { ...options, random: () => 7 })).toBe(500);
  });

  it('uses no random number without jitter', () => {
    const random = () => {
      throw new Error('not asked for');
    };
    expect(backoffDelay(3, { base: 1000, random })).toBe(8000);
  });

  it('refuses options outside their ranges', () => {
    expect(() => backoffDelay(0, { base: -1 })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: Number.NaN })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: 1000, factor: 0.5 })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: 1000, factor: Number.NaN })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: 1000, max: -1 })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: 1000, max: Number.NaN })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: 1000, jitter: 1.5 })).toThrow(RangeError);
    expect(() => backoffDelay(0, { base: 1000, jitter: -0.1 })).toThrow(RangeError);
  });
});
