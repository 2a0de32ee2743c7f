/**
 * When the engine polls: in rounds. A round starts once per poll interval, or at once when the previous
 * round needed longer than that on air; in a round every due inverter gets one turn, back to back, each
 * turn handed on only when that inverter's polls have left the radio. So every inverter's data is at most
 * max(poll interval, one round's radio time) old, only one inverter's polls wait in the queue at any time,
 * and a limit or power command goes on air after at most the one transaction on air (docs/scale.md).
 * Inverters that do not answer are probed in fewer rounds (`poll-backoff.ts`), so they cannot slow the
 * others down.
 */
import type { Clock } from '@dtu-console/clock';
import type { InverterState } from './inverter';
import { PollBackoff } from './poll-backoff';
import { elapsedMs } from './time';

export interface PollTimingOptions {
  clock: Clock;
  intervalMs(): number;
  /** In turn order. */
  inverters(): readonly InverterState[];
  /** One inverter's turn; true when it did something (queued polls or commands). */
  turn(inv: InverterState): boolean;
  /** Resolves once the polls the last turn of `inv` queued have left the radio. */
  settled(inv: InverterState): Promise<void>;
  /** Polled but not answering: probed in fewer rounds. */
  unanswered(inv: InverterState): boolean;
}

export class PollTiming {
  readonly #options: PollTimingOptions;
  readonly #backoff: PollBackoff;
  #running = false;
  /** Bumped on stop, so a settle of a stopped run does not start turns in the next one. */
  #generation = 0;
  #cancelTimer: () => void = () => {};
  /** Inverters still to take their turn in this round. */
  #pending: InverterState[] = [];
  #roundStartedAt: number | null = null;
  #round = 0;
  #waitingForSettle = false;
  /** Radio time the last complete round needed (ms), for the status and the tests. */
  #lastRoundMs = 0;

  constructor(options: PollTimingOptions) {
    this.#options = options;
    this.#backoff = new PollBackoff();
  }

  /** How long the last complete round took, from its first turn until its last polls left the radio. */
  get lastRoundMs(): number {
    return this.#lastRoundMs;
  }

  /** The first round starts at once. */
  start(): void {
    this.#running = true;
    this.#pending = [];
    this.#roundStartedAt = null;
    this.#schedule(0);
  }

  stop(): void {
    this.#running = false;
    this.#generation++;
    this.#waitingForSettle = false;
    this.#cancelTimer();
  }

  /** The interval was changed: the next round is due one new interval after the start of the last one. */
  intervalChanged(): void {
    if (!this.#running || this.#waitingForSettle || this.#pending.length > 0) return;
    this.#schedule(this.#untilNextRound());
  }

  #untilNextRound(): number {
    if (this.#roundStartedAt === null) return 0;
    const elapsed = elapsedMs(this.#options.clock.now(), this.#roundStartedAt);
    return Math.max(0, this.#options.intervalMs() - elapsed);
  }

  #schedule(delayMs: number): void {
    this.#cancelTimer();
    this.#cancelTimer = this.#options.clock.setTimer(delayMs, () => this.#tick());
  }

  #tick(): void {
    if (!this.#running) return;
    if (this.#pending.length === 0) {
      const wait = this.#untilNextRound();
      if (wait > 0) {
        this.#schedule(wait);
        return;
      }
      this.#startRound();
    }
    while (this.#pending.length > 0) {
      const inv = this.#pending.shift() as InverterState;
      // Removed since the round started: its turn is gone with it.
      if (!this.#options.inverters().includes(inv)) continue;
      if (!this.#options.turn(inv)) continue;
      this.#awaitSettle(inv);
      return;
    }
    this.#endRound();
  }

  #startRound(): void {
    this.#round++;
    this.#roundStartedAt = this.#options.clock.now();
    const inverters = this.#options.inverters();
    const selected = this.#backoff.select(
      this.#round,
      inverters.map((inv) => ({ serial: inv.serialNumber, unanswered: this.#options.unanswered(inv) })),
    );
    this.#pending = inverters.filter((inv) => selected.has(inv.serialNumber));
  }

  #endRound(): void {
    if (this.#roundStartedAt !== null) {
      this.#lastRoundMs = elapsedMs(this.#options.clock.now(), this.#roundStartedAt);
    }
    this.#schedule(this.#untilNextRound());
  }

  #awaitSettle(inv: InverterState): void {
    const generation = this.#generation;
    this.#waitingForSettle = true;
    void this.#options.settled(inv).then(() => {
      if (generation !== this.#generation || !this.#running) return;
      this.#waitingForSettle = false;
      // A timer, not a direct call: the next turn starts from the clock, never inside a settling command.
      this.#schedule(0);
    });
  }
}
