/** The fuzz tests' randomness: the simulator's seeded generator, so every run feeds the same garbage. */
import { SeededRandom } from '@dtu-console/radio/simulated/random';

/** Numbers in [0, 1) from `seed`, the same on every run. */
export function rng(seed: number): () => number {
  const random = new SeededRandom(seed);
  return () => random.next();
}
