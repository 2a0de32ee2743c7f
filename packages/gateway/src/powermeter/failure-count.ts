/**
 * What a source that decodes a byte stream keeps of its failures: how many of each kind so far, so the
 * problem it reports says how often (`SML CRC mismatch … (3 so far)`). The meter service shows the last.
 */
import type { PowerMeterProblemCode } from '@dtu-console/contract';
import type { MeterProblem } from './types';

export class FailureCount {
  readonly #counts = new Map<PowerMeterProblemCode, number>();

  /** Counts one failure and returns it as a problem whose detail carries the count. */
  problem(code: PowerMeterProblemCode, detail: string): MeterProblem {
    const count = (this.#counts.get(code) ?? 0) + 1;
    this.#counts.set(code, count);
    return { code, detail: count > 1 ? `${detail} (${count} so far)` : detail };
  }

  count(code: PowerMeterProblemCode): number {
    return this.#counts.get(code) ?? 0;
  }

  get total(): number {
    let sum = 0;
    for (const n of this.#counts.values()) sum += n;
    return sum;
  }
}
