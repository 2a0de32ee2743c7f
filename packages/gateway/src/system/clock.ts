/**
 * The gateway's own clock. Everything that needs "now" or a timer takes a Clock, so tests run a simulated
 * day in milliseconds (ManualClock) and the gateway never changes the host clock (SystemClock keeps an
 * offset instead).
 */
export interface Clock {
  /** Gateway time in ms since the UNIX epoch. */
  now(): number;
  /** Whether the time can be trusted; inverters are not contacted while it is not. */
  isSynchronised(): boolean;
  /** Runs `callback` once after `ms` of this clock's time; returns a function that cancels it. */
  setTimer(ms: number, callback: () => void): () => void;
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>;
}

/** A clock whose time can be set (manual time, SNTP answers); only the gateway's offset moves. */
export interface SettableClock extends Clock {
  setTime(epochMs: number): void;
}

export function isSettableClock(clock: Clock): clock is SettableClock {
  return typeof (clock as Partial<SettableClock>).setTime === 'function';
}

export interface SystemClockOptions {
  /** Start the clock at this moment and let it run on (demos and tests at night); counts as synchronised. */
  startAt?: number;
  /** Hosts without a reliable clock: untrusted until an SNTP answer or a manual time set. */
  requireSync?: boolean;
  /** The host clock, injectable for tests. */
  hostNow?: () => number;
}

/** Host time plus an offset. A manual time set moves the offset, never the host clock. */
export class SystemClock implements Clock {
  #offset = 0;
  #synchronised: boolean;
  readonly #hostNow: () => number;

  constructor(options: SystemClockOptions = {}) {
    this.#hostNow = options.hostNow ?? Date.now;
    if (options.startAt !== undefined) this.#offset = options.startAt - this.#hostNow();
    this.#synchronised = options.startAt !== undefined || !options.requireSync;
  }

  now(): number {
    return this.#hostNow() + this.#offset;
  }

  isSynchronised(): boolean {
    return this.#synchronised;
  }

  /** Manual time set (POST /api/ntp/time) or an SNTP answer: adopt `epochMs` as now. */
  setTime(epochMs: number): void {
    this.#offset = epochMs - this.#hostNow();
    this.#synchronised = true;
  }

  markSynchronised(): void {
    this.#synchronised = true;
  }

  setTimer(ms: number, callback: () => void): () => void {
    const timer = setTimeout(callback, Math.max(0, ms));
    timer.unref?.();
    return () => clearTimeout(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  }
}

interface PendingTimer {
  at: number;
  order: number;
  callback: () => void;
}

/** A clock that moves only when a test says so; timers fire in time order during advance(). */
export class ManualClock implements Clock {
  #now: number;
  #synchronised: boolean;
  #timers: PendingTimer[] = [];
  #order = 0;

  constructor(startAt: number, synchronised = true) {
    this.#now = startAt;
    this.#synchronised = synchronised;
  }

  now(): number {
    return this.#now;
  }

  isSynchronised(): boolean {
    return this.#synchronised;
  }

  setSynchronised(value: boolean): void {
    this.#synchronised = value;
  }

  setTimer(ms: number, callback: () => void): () => void {
    const timer: PendingTimer = { at: this.#now + Math.max(0, ms), order: this.#order++, callback };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(ms, resolve));
  }

  /**
   * Moves time forward by `ms`, firing due timers in order. Awaits pending promise callbacks after each
   * timer, so async work started by a timer (a poll awaiting the radio) runs before the next one.
   */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await flushMicrotasks();
      const next = this.#timers
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = Math.max(this.#now, next.at);
      next.callback();
    }
    this.#now = end;
    await flushMicrotasks();
  }
}

async function flushMicrotasks(): Promise<void> {
  // A few macrotask-free turns let chains of awaits settle.
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
