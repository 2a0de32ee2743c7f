/**
 * What the radio drivers and chip models time with: a monotonic count of milliseconds and timers on it.
 * Never the gateway clock: that one follows a manual time set or an SNTP answer, and the host's own clock
 * may be stepped by NTP (a Raspberry Pi without a real-time clock steps by hours at its first sync). A
 * deadline taken as a difference of wall time would expire at once after a step forward (a false chip
 * timeout and a reset) and last for hours after a step back (a stalled listen). The gateway clock is only
 * for timestamps (`Cmt2300aRadio`'s `stamp`). A `Clock` fits this shape, so tests run the radio on a
 * ManualClock; the radio thread gives it `monotonicTimer()`.
 */

export interface RadioTimer {
  /** Milliseconds on a clock that only moves forward, at a steady rate; its zero means nothing. */
  now(): number;
  /** Runs `callback` once after `ms`; returns a function that cancels it. */
  setTimer(ms: number, callback: () => void): () => void;
  /** Resolves after `ms`. */
  sleep(ms: number): Promise<void>;
}

/** The host's monotonic clock (the global performance.now) with Node's timers, which run on it too. */
export function monotonicTimer(): RadioTimer {
  return {
    now: () => performance.now(),
    setTimer(ms, callback) {
      const timer = setTimeout(callback, Math.max(0, ms));
      timer.unref?.();
      return () => clearTimeout(timer);
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  };
}
