/**
 * The simulator's only source of chance: a small seeded PRNG (mulberry32) injected everywhere, so the same
 * seed gives the same plant, the same clouds and the same lost frames. Never Math.random.
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [a, b). */
  between(a: number, b: number): number;
  /** True with probability p (p ≤ 0 never, p ≥ 1 always). */
  chance(p: number): boolean;
  /** Standard normal (mean 0, standard deviation 1). */
  normal(): number;
  /**
   * An independent stream derived from this one's seed and `label`, not from how far this one has run:
   * each inverter, the sky and the fault injector get their own, so adding an inverter does not change
   * the clouds or another inverter's noise.
   */
  fork(label: string): Random;
}

/** 32-bit string hash (FNV-1a), used to turn fork labels into seeds. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Avalanche mix of a 32-bit value (murmur3 finaliser). */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class SeededRandom implements Random {
  readonly #seed: number;
  #state: number;
  #spareNormal: number | undefined;

  /** A number (its low 32 bits are used) or any text. */
  constructor(seed: number | string) {
    this.#seed = typeof seed === 'string' ? hashString(seed) : mix32(Math.trunc(seed) >>> 0);
    this.#state = this.#seed;
  }

  next(): number {
    // mulberry32: small, fast and good enough for a simulation.
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  between(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  chance(p: number): boolean {
    if (p <= 0) return false;
    if (p >= 1) return true;
    return this.next() < p;
  }

  normal(): number {
    if (this.#spareNormal !== undefined) {
      const spare = this.#spareNormal;
      this.#spareNormal = undefined;
      return spare;
    }
    // Box–Muller; 1 − next() keeps the logarithm away from 0.
    const u = 1 - this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.#spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  fork(label: string): Random {
    return new SeededRandom(mix32(hashString(label, this.#seed) ^ 0x9e3779b9));
  }
}

/**
 * Smooth 1-D value noise in [0, 1): a deterministic function of x (no state), so a value depends only on
 * where it is asked, not on how often or in which order. Lattice values come from a hash of the salt.
 */
export class SmoothNoise {
  readonly #salt: number;

  constructor(random: Random) {
    this.#salt = Math.floor(random.next() * 4294967296) >>> 0;
  }

  /** Value at x; x = 1 is one lattice step (the caller scales time by its period). */
  at(x: number): number {
    const i = Math.floor(x);
    const f = x - i;
    const a = this.#lattice(i);
    const b = this.#lattice(i + 1);
    const s = f * f * (3 - 2 * f); // smoothstep: continuous slope at the lattice points
    return a + (b - a) * s;
  }

  #lattice(i: number): number {
    // Lattice indices of epoch times exceed 32 bits, so both halves enter the hash.
    const lo = i >>> 0;
    const hi = Math.floor(i / 4294967296) >>> 0;
    return mix32(mix32(lo ^ this.#salt) ^ Math.imul(hi + 1, 0x27d4eb2d)) / 4294967296;
  }
}
