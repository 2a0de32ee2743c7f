/**
 * Failed logins per client address: after `maxFailures` within `windowMs` the address is locked out for
 * `blockMs` (HTTP 429), counted from the failure that locked, wherever it fell in the window. Only wrong
 * credentials count; requests without any do not, and a success clears the count. Each IPv6 address counts
 * on its own, not its /64. The table is bounded so a flood of addresses cannot grow it without limit.
 * Own code, not `@fastify/rate-limit`: ARCHITECTURE.md, "Dependencies", says why.
 */
export interface FailureLimits {
  maxFailures: number;
  windowMs: number;
  blockMs: number;
  /** Most addresses tracked at once; the oldest entry goes first. */
  maxTracked: number;
}

export const DEFAULT_FAILURE_LIMITS: FailureLimits = {
  maxFailures: 10,
  windowMs: 10 * 60_000,
  blockMs: 5 * 60_000,
  maxTracked: 1024,
};

interface Entry {
  failures: number;
  windowStart: number;
  blockedUntil: number;
}

export class FailureLimiter {
  readonly #limits: FailureLimits;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(limits: Partial<FailureLimits> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_FAILURE_LIMITS, ...limits };
    this.#now = now;
  }

  /** Milliseconds until `ip` may try again; 0 when it is not locked out. */
  blockedFor(ip: string): number {
    const entry = this.#entries.get(ip);
    if (!entry) return 0;
    return Math.max(0, entry.blockedUntil - this.#now());
  }

  /** Counts a failure; returns true when this one locked the address out. */
  fail(ip: string): boolean {
    const now = this.#now();
    let entry = this.#entries.get(ip);
    if (!entry || now - entry.windowStart > this.#limits.windowMs) {
      entry = { failures: 0, windowStart: now, blockedUntil: entry?.blockedUntil ?? 0 };
    }
    entry.failures += 1;
    // Re-inserting keeps the map in "least recently failed first" order for eviction.
    this.#entries.delete(ip);
    this.#entries.set(ip, entry);
    if (entry.failures >= this.#limits.maxFailures) {
      entry.blockedUntil = now + this.#limits.blockMs;
      entry.failures = 0;
      entry.windowStart = now;
      return true;
    }
    this.#evict();
    return false;
  }

  succeed(ip: string): void {
    this.#entries.delete(ip);
  }

  #evict(): void {
    for (const ip of this.#entries.keys()) {
      if (this.#entries.size <= this.#limits.maxTracked) break;
      this.#entries.delete(ip);
    }
  }
}
