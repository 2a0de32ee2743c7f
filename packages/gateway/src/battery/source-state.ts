/**
 * What the gateway knows of one running source: its last reading, its last problem, and its counts of
 * decoded and refused frames. A reading is validated here once more (reading.ts): a value out of its range
 * is dropped and counted, never kept. Stale is decided at the time of asking.
 */
import type { Clock } from '@dtu-console/clock';
import type { Validated } from './reading';
import type { BatteryProblem, Stamped } from './types';

export interface SourceView<T> {
  reading: Stamped<T> | undefined;
  /** Age of the reading now, ms; undefined before the first. */
  ageMs: number | undefined;
  stale: boolean;
  problem: BatteryProblem | undefined;
  framesOk: number;
  framesBad: number;
}

export class SourceState<T extends object> {
  readonly #clock: Clock;
  readonly #validate: (reading: T) => Validated<T>;
  readonly #onProblem: (problem: BatteryProblem) => void;
  #reading: Stamped<T> | undefined;
  #problem: BatteryProblem | undefined;
  #framesOk = 0;
  #framesBad = 0;

  constructor(
    clock: Clock,
    validate: (reading: T) => Validated<T>,
    onProblem: (problem: BatteryProblem) => void = () => {},
  ) {
    this.#clock = clock;
    this.#validate = validate;
    this.#onProblem = onProblem;
  }

  reading(reading: Stamped<T>): void {
    const { reading: kept, refused } = this.#validate(reading);
    if (refused.length > 0) {
      this.#framesBad++;
      this.problem({ code: 'bad-frames', detail: `Refused out-of-range values: ${refused.join(', ')}` });
    } else this.#problem = undefined;
    this.#reading = { ...kept, atMs: reading.atMs };
  }

  problem(problem: BatteryProblem): void {
    if (this.#problem?.code !== problem.code) this.#onProblem(problem);
    this.#problem = problem;
  }

  frame(ok: boolean): void {
    if (ok) this.#framesOk++;
    else this.#framesBad++;
  }

  view(staleAfterS: number): SourceView<T> {
    const reading = this.#reading;
    const ageMs = reading ? Math.max(0, this.#clock.now() - reading.atMs) : undefined;
    const stale = ageMs === undefined || ageMs > staleAfterS * 1000;
    const problem =
      this.#problem ??
      (reading === undefined
        ? { code: 'no-reading' as const, detail: 'Waiting for the first reading' }
        : stale
          ? {
              code: 'stale' as const,
              detail: `Last reading ${Math.round((ageMs ?? 0) / 1000)} s old (max ${staleAfterS} s)`,
            }
          : undefined);
    return { reading, ageMs, stale, problem, framesOk: this.#framesOk, framesBad: this.#framesBad };
  }
}
