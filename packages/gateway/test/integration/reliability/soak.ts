/**
 * The reliability tests run short in `npm test` and long under `npm run test:soak` (DTU_SOAK=1), which
 * only changes how many cases, kills or minutes each test runs, never what it checks.
 */
export const SOAK = process.env.DTU_SOAK === '1';

/** `short` in the default run, `long` in the soak. */
export function bySoak<T>(short: T, long: T): T {
  return SOAK ? long : short;
}

/** The seed of the generated cases: DTU_SOAK_SEED reproduces a soak failure, the default run is fixed. */
export const SEED = Number(process.env.DTU_SOAK_SEED ?? 20261123);

/** A small deterministic generator (mulberry32): the same seed gives the same corpus everywhere. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
