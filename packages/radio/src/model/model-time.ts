/**
 * The chip models' own time. A real chip changes state, ends a send or lands a mode change in its own time,
 * whatever the host does meanwhile; a model that did these on plain host timers lagged behind whenever the
 * host's loop was held up (a busy machine, a long garbage collection): each step of a chain (an nRF24 send,
 * its ack wait and retransmits; a CMT2300A mode change, then its send) started its own delay only when the
 * previous step's timer finally ran, and a driver that looked after its own deadline read a state the chip
 * would long have left, and reported a false time-out.
 *
 * Here every step has a due time on the model's clock: a step scheduled while another runs counts from
 * that step's due time, not from when the host got round to it. Whenever the host looks at the chip (an
 * SPI transfer, a GPIO read or write: the ports call `catchUp()`) and whenever the one host timer for the
 * earliest step fires, every step that is due by then runs first, in order of due time. While a step runs,
 * `now()` is its due time. The host's view is then what a real chip would show at that moment.
 */
import type { RadioTimer } from '../radio-timer';

interface Step {
  due: number;
  run: () => void;
  cancelled: boolean;
}

export class ModelTime implements RadioTimer {
  readonly #host: RadioTimer;
  /** Pending steps, earliest due first; a step goes after those due at the same time (scheduled first). */
  readonly #steps: Step[] = [];
  /** The due time of the step running now, if one does. */
  #running: number | undefined;
  #armed: { due: number; cancel: () => void } | undefined;

  constructor(host: RadioTimer) {
    this.#host = host;
  }

  now(): number {
    return this.#running ?? this.#host.now();
  }

  setTimer(ms: number, callback: () => void): () => void {
    const step: Step = {
      due: this.now() + Math.max(0, ms),
      run: callback,
      cancelled: false,
    };
    let at = this.#steps.length;
    while (at > 0 && this.#steps[at - 1]!.due > step.due) at--;
    this.#steps.splice(at, 0, step);
    if (this.#running === undefined) this.#arm();
    return () => {
      step.cancelled = true;
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(ms, resolve));
  }

  /** Runs every step due by the host's now, in order; a no-op when called from inside a step. */
  catchUp(): void {
    if (this.#running !== undefined) return;
    const now = this.#host.now();
    try {
      for (;;) {
        const next = this.#steps[0];
        if (!next || next.due > now) break;
        this.#steps.shift();
        if (next.cancelled) continue;
        this.#running = next.due;
        next.run();
      }
    } finally {
      this.#running = undefined;
      this.#arm();
    }
  }

  /** One host timer, for the earliest step still pending. */
  #arm(): void {
    while (this.#steps[0]?.cancelled) this.#steps.shift();
    const next = this.#steps[0];
    if (this.#armed && this.#armed.due === next?.due) return;
    this.#armed?.cancel();
    this.#armed = undefined;
    if (!next) return;
    const cancel = this.#host.setTimer(next.due - this.#host.now(), () => {
      this.#armed = undefined;
      this.catchUp();
    });
    this.#armed = { due: next.due, cancel };
  }
}
