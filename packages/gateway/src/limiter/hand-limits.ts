/**
 * Limits set from outside the limiter (POST /api/limit/config): the last one per inverter, given back when
 * the limiter is switched off, and leases, after whose expiry the inverter falls back (docs/limiter.md).
 */
import type { TemporaryLimit } from './port';

export interface HandLimit extends TemporaryLimit {
  /** Gateway ms when the lease ends; null without a lease. */
  leaseUntil: number | null;
}

export class HandLimits {
  readonly #limits = new Map<string, HandLimit>();

  set(serial: string, limit: TemporaryLimit, expiryS: number | undefined, now: number): void {
    this.#limits.set(serial, { ...limit, leaseUntil: expiryS === undefined ? null : now + expiryS * 1000 });
  }

  get(serial: string): HandLimit | undefined {
    return this.#limits.get(serial);
  }

  /** Under a running lease: the limiter leaves the inverter alone. */
  leased(serial: string, now: number): boolean {
    const until = this.#limits.get(serial)?.leaseUntil;
    return until != null && now < until;
  }

  /** Leases that ran out by `now`; they are forgotten (a leased limit was never meant to stay). */
  takeExpired(now: number): string[] {
    const expired: string[] = [];
    for (const [serial, limit] of this.#limits) {
      if (limit.leaseUntil !== null && now >= limit.leaseUntil) {
        expired.push(serial);
        this.#limits.delete(serial);
      }
    }
    return expired;
  }
}
