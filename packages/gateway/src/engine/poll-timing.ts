/**
 * When the engine polls: the configured inverters take turns, one turn per poll interval. An inverter
 * with nothing to do in its turn hands it on at once to the next one.
 */
import type { Clock } from '../system/clock';
import type { InverterState } from './inverter';
import { elapsedMs } from './time';

export interface PollTimingOptions {
  clock: Clock;
  intervalMs(): number;
  /** In turn order. */
  inverters(): readonly InverterState[];
  /** One inverter's turn; true when it did something (and so used up the interval). */
  turn(inv: InverterState): boolean;
}

export class PollTiming {
  readonly #options: PollTimingOptions;
  #running = false;
  #cancelTimer: () => void = () => {};
  #position = 0;
  #lastPollAt: number | null = null;

  constructor(options: PollTimingOptions) {
    this.#options = options;
  }

  /** The first turn goes at once. */
  start(): void {
    this.#running = true;
    this.#schedule(0);
  }

  stop(): void {
    this.#running = false;
    this.#cancelTimer();
  }

  /** The interval was changed: the next turn is due one new interval after the last one. */
  intervalChanged(): void {
    if (!this.#running) return;
    const due = this.#options.intervalMs() - elapsedMs(this.#options.clock.now(), this.#lastPollAt);
    this.#schedule(Math.max(0, due));
  }

  #schedule(delayMs: number): void {
    this.#cancelTimer();
    this.#cancelTimer = this.#options.clock.setTimer(delayMs, () => this.#tick());
  }

  #tick(): void {
    if (!this.#running) return;
    const inverters = this.#options.inverters();
    const count = inverters.length;
    for (let i = 0; i < count; i++) {
      const inv = inverters[this.#position % count];
      this.#position = (this.#position + 1) % count;
      if (inv && this.#options.turn(inv)) {
        this.#lastPollAt = this.#options.clock.now();
        break;
      }
    }
    this.#schedule(this.#options.intervalMs());
  }
}
