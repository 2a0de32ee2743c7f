import { describe, expect, it } from 'vitest';
import { SeededRandom, SmoothNoise } from '../../src/simulated/random';

const take = (r: { next(): number }, n: number) => Array.from({ length: n }, () => r.next());

describe('SeededRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    expect(take(new SeededRandom(7), 20)).toEqual(take(new SeededRandom(7), 20));
    expect(take(new SeededRandom('plant'), 20)).toEqual(take(new SeededRandom('plant'), 20));
    expect(take(new SeededRandom(7), 20)).not.toEqual(take(new SeededRandom(8), 20));
  });

  it('gives uniform values in [0, 1) and in [a, b)', () => {
    const r = new SeededRandom(1);
    const values = take(r, 20_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeCloseTo(0.5, 1);
    // Each tenth of the range gets about a tenth of the values.
    const buckets = new Array(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]++;
    for (const count of buckets) expect(count).toBeGreaterThan(1800);
    for (let i = 0; i < 1000; i++) {
      const x = r.between(-3, 5);
      expect(x).toBeGreaterThanOrEqual(-3);
      expect(x).toBeLessThan(5);
    }
  });

  it('chance(p) is true with probability p, never for 0 and always for 1', () => {
    const r = new SeededRandom(2);
    let hits = 0;
    for (let i = 0; i < 10_000; i++) if (r.chance(0.3)) hits++;
    expect(hits / 10_000).toBeGreaterThan(0.28);
    expect(hits / 10_000).toBeLessThan(0.32);
    for (let i = 0; i < 100; i++) {
      expect(r.chance(0)).toBe(false);
      expect(r.chance(1)).toBe(true);
    }
  });

  it('normal() has mean 0 and standard deviation 1', () => {
    const r = new SeededRandom(3);
    const values = Array.from({ length: 20_000 }, () => r.normal());
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(variance).toBeGreaterThan(0.95);
    expect(variance).toBeLessThan(1.05);
  });

  it('fork(label) depends on the seed and label only, not on how far the parent has run', () => {
    const a = new SeededRandom(9);
    const b = new SeededRandom(9);
    take(b, 50);
    expect(take(a.fork('sky'), 10)).toEqual(take(b.fork('sky'), 10));
    expect(take(a.fork('sky'), 10)).not.toEqual(take(a.fork('faults'), 10));
    expect(take(a.fork('sky'), 10)).not.toEqual(take(new SeededRandom(10).fork('sky'), 10));
  });
});

describe('SmoothNoise', () => {
  it('is a deterministic, continuous function in [0, 1)', () => {
    const n1 = new SmoothNoise(new SeededRandom(4));
    const n2 = new SmoothNoise(new SeededRandom(4));
    const xs = Array.from({ length: 2000 }, (_, i) => i * 0.013 + 28_000_000);
    const values = xs.map((x) => n1.at(x));
    expect(values).toEqual(xs.map((x) => n2.at(x)));
    // Asked in another order, the same answers.
    expect([...xs].reverse().map((x) => n1.at(x))).toEqual([...values].reverse());
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
    for (let i = 1; i < values.length; i++) {
      expect(Math.abs(values[i]! - values[i - 1]!)).toBeLessThan(0.05);
    }
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(0.3);
  });

  it('differs between seeds', () => {
    const a = new SmoothNoise(new SeededRandom(5));
    const b = new SmoothNoise(new SeededRandom(6));
    const xs = [0.5, 10.5, 1e9 + 0.5];
    expect(xs.map((x) => a.at(x))).not.toEqual(xs.map((x) => b.at(x)));
  });
});
