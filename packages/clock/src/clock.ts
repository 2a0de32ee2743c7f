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

/**
 * A clock a test can move forward (`--test-clock`, POST /api/test/clock; the ManualClock of unit tests).
 * `advance(ms)` is time passing, not a time set: every timer due within `ms` fires in time order at its
 * own moment, so polls, minute writers and rule windows see each step as they would in real time.
 */
export interface AdvanceableClock extends Clock {
  advance(ms: number): Promise<void>;
}

export function isAdvanceableClock(clock: Clock): clock is AdvanceableClock {
  return typeof (clock as Partial<AdvanceableClock>).advance === 'function';
}

export interface SystemClockOptions {
  /** Start the clock at this moment and let it run on (demos and tests at night); counts as synchronised. */
  startAt?: number;
  /** Hosts without a reliable clock: untrusted until an SNTP answer or a manual time set. */
  requireSync?: boolean;
  /** The host clock, injectable for tests. */
  hostNow?: () => number;
}

/** A timer of the SystemClock: a host timeout, and the gateway time it is due at (for advance()). */
interface HostTimer {
  at: number;
  order: number;
  callback: () => void;
  /** Keeps the process alive (sleep) or not (setTimer). */
  ref: boolean;
  handle: NodeJS.Timeout;
}

/**
 * Host time plus an offset. A manual time set moves the offset, never the host clock. Timers run on the
 * host's timeouts; the clock keeps each one's due time so that advance() (tests only, `--test-clock`) can
 * fire them early, in order, as time passing would.
 */
export class SystemClock implements SettableClock, AdvanceableClock {
  #offset = 0;
  #synchronised: boolean;
  readonly #hostNow: () => number;
  readonly #timers = new Set<HostTimer>();
  #order = 0;
  #advancing: Promise<void> = Promise.resolve();

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

  /**
   * Manual time set (POST /api/ntp/time) or an SNTP answer: adopt `epochMs` as now. A correction, not
   * time passing: pending timers keep their remaining durations.
   */
  setTime(epochMs: number): void {
    const delta = epochMs - this.now();
    this.#offset += delta;
    for (const timer of this.#timers) timer.at += delta;
    this.#synchronised = true;
  }

  markSynchronised(): void {
    this.#synchronised = true;
  }

  setTimer(ms: number, callback: () => void): () => void {
    const timer = this.#schedule(ms, callback, false);
    return () => {
      this.#timers.delete(timer);
      clearTimeout(timer.handle);
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.#schedule(ms, resolve, true));
  }

  /**
   * Tests only (`--test-clock`): moves the clock forward by `ms` on top of the host time passing. Each timer
   * due in that span fires at its own moment (the clock steps to it first); between two, the event loop turns once,
   * so the async work a timer started (a poll awaiting the radio, a write) runs before the next one.
   * Timers due later keep their remaining gateway time. Calls are taken one after another.
   */
  advance(ms: number): Promise<void> {
    const run = this.#advancing.then(() => this.#advance(Math.max(0, ms)));
    this.#advancing = run.catch(() => undefined);
    return run;
  }

  async #advance(ms: number): Promise<void> {
    // The offset moves by exactly `ms` in all; the host clock runs on beside it, as it always does.
    let remaining = ms;
    try {
      for (;;) {
        await settle();
        const next = this.#earliestDue(this.now() + remaining);
        if (!next) break;
        this.#timers.delete(next);
        clearTimeout(next.handle);
        // A timer overtaken by the host clock (a slow one before it) fires now: the clock never steps back.
        const step = next.at - this.now();
        if (step > 0) {
          this.#offset += step;
          remaining -= step;
        }
        next.callback();
      }
      this.#offset += remaining;
    } finally {
      // What is still pending was due later by the old offset: its host timeout now counts from here.
      for (const timer of this.#timers) this.#rearm(timer);
    }
    await settle();
  }

  #earliestDue(end: number): HostTimer | undefined {
    let earliest: HostTimer | undefined;
    for (const timer of this.#timers) {
      if (timer.at > end) continue;
      if (!earliest || timer.at < earliest.at || (timer.at === earliest.at && timer.order < earliest.order))
        earliest = timer;
    }
    return earliest;
  }

  #schedule(ms: number, callback: () => void, ref: boolean): HostTimer {
    const delay = Math.max(0, ms);
    const timer: HostTimer = {
      at: this.now() + delay,
      order: this.#order++,
      callback,
      ref,
      handle: undefined as unknown as NodeJS.Timeout,
    };
    this.#timers.add(timer);
    this.#arm(timer, delay);
    return timer;
  }

  #arm(timer: HostTimer, delay: number): void {
    timer.handle = setTimeout(() => {
      if (!this.#timers.delete(timer)) return;
      timer.callback();
    }, delay);
    if (!timer.ref) timer.handle.unref?.();
  }

  #rearm(timer: HostTimer): void {
    clearTimeout(timer.handle);
    this.#arm(timer, Math.max(0, timer.at - this.now()));
  }
}

interface PendingTimer {
  at: number;
  order: number;
  callback: () => void;
}

/** A clock that moves only when a test says so; timers fire in time order during advance(). */
export class ManualClock implements AdvanceableClock {
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

/** Pending promise callbacks, then one turn of the event loop (I/O callbacks that came due). */
async function settle(): Promise<void> {
  await flushMicrotasks();
  await new Promise<void>((resolve) => setImmediate(resolve));
  await flushMicrotasks();
}

async function flushMicrotasks(): Promise<void> {
  // A few macrotask-free turns let chains of awaits settle.
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
