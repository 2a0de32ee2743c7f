/**
 * The one back-off: the wait before a retry, growing by a factor per failure up to a cap, optionally
 * shortened at random (jitter). Pure: the caller keeps the count of failures and its own reset rule, and
 * hands in the random source, so tests get the same delays every time. Unit-free: most callers pass
 * milliseconds, the engine's poll back-off passes rounds.
 */

export interface BackoffOptions {
  /** The first delay (attempt 0). Finite and not negative. */
  base: number;
  /** Growth per attempt; 2 (doubling) unless given. Finite and at least 1. */
  factor?: number;
  /** The longest delay; no cap unless given. Not negative. */
  max?: number;
  /**
   * Share of the delay that may be taken off at random, from 0 (none, the default) to 1 (anywhere between
   * 0 and the delay). The result lies in (delay × (1 − jitter), delay], so it never exceeds the cap.
   */
  jitter?: number;
  /** Random numbers in [0, 1) for the jitter; `Math.random` unless given. */
  random?: () => number;
}

/**
 * The delay before retry number `attempt` (0 = the first retry): min(max, base × factor^attempt), less the
 * jitter. An attempt that is negative or not a number counts as 0, a fractional one is rounded down, so a
 * miscounted attempt still gives a sane delay; options outside their ranges throw a RangeError.
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const { base, factor = 2, max = Number.POSITIVE_INFINITY, jitter = 0, random = Math.random } = options;
  if (!(Number.isFinite(base) && base >= 0)) throw new RangeError(`back-off base ${base} is not a delay`);
  if (!(Number.isFinite(factor) && factor >= 1))
    throw new RangeError(`back-off factor ${factor} is not a growth of at least 1`);
  if (!(max >= 0)) throw new RangeError(`back-off cap ${max} is not a delay`);
  if (!(jitter >= 0 && jitter <= 1)) throw new RangeError(`back-off jitter ${jitter} is outside 0..1`);
  const n = attempt > 0 ? Math.floor(attempt) : 0;
  // base 0 stays 0 even where factor^n overflows to Infinity (0 × Infinity would be NaN).
  const delay = base === 0 ? 0 : Math.min(max, base * factor ** n);
  if (jitter === 0 || !Number.isFinite(delay)) return delay;
  // A random source that strays outside [0, 1] (or gives NaN) is held inside it.
  const r = random();
  const share = r > 0 ? Math.min(r, 1) : 0;
  return delay * (1 - jitter * share);
}
