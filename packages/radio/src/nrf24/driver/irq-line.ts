/**
 * The nRF24's IRQ line as the driver waits on it: asserted low while STATUS holds an unmasked flag. A
 * falling edge wakes a waiter; so does a low level, as long as the line can be trusted to follow STATUS
 * (a line stuck low, or wired to something else, is only listened to for its edges until the next set-up).
 */
import type { GpioInput } from '../../io';
import type { RadioTimer } from '../../radio-timer';

export class IrqLine {
  readonly #irq: GpioInput;
  readonly #clock: RadioTimer;
  #trustLevel = true;
  #stopEdges: (() => void) | undefined;
  #wake: (() => void) | undefined;

  constructor(irq: GpioInput, clock: RadioTimer) {
    this.#irq = irq;
    this.#clock = clock;
  }

  /** Listens for falling edges (once; again after stop). */
  listen(): void {
    this.#stopEdges ??= this.#irq.onEdge((edge) => {
      if (!edge.rising) this.#wake?.();
    });
  }

  stop(): void {
    this.#stopEdges?.();
    this.#stopEdges = undefined;
  }

  /** A fresh set-up: the level is trusted again. */
  trustLevel(): void {
    this.#trustLevel = true;
  }

  /** The line is asserted (low). */
  get asserted(): boolean {
    return !this.#irq.get();
  }

  /**
   * Woken with nothing to do: true when the line is low anyway (it does not follow STATUS); its level is
   * then ignored until the next set-up.
   */
  stuckLow(): boolean {
    if (!this.asserted) return false;
    this.#trustLevel = false;
    return true;
  }

  /** Resolves true on an IRQ (the line is low or falls), false after `ms` of the clock. */
  wait(ms: number): Promise<boolean> {
    if (this.#trustLevel && this.asserted) return Promise.resolve(true);
    return new Promise((resolve) => {
      const cancel = this.#clock.setTimer(Math.max(0, ms), () => {
        this.#wake = undefined;
        resolve(false);
      });
      this.#wake = () => {
        this.#wake = undefined;
        cancel();
        resolve(true);
      };
    });
  }
}
