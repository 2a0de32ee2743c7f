/**
 * Limits set from outside the limiter (POST /api/limit/config): the last one per inverter, given back when
 * the limiter is switched off, and leases, after whose expiry the inverter falls back (docs/limiter.md).
 */
import type { TemporaryLimit } from './port';

export interface HandLimit extends TemporaryLimit {
  /** Gateway ms when the lease ends; null without a lease. */
  leaseUntil: number | null;
}

/** An open lease as it is kept across restarts (lease-file.ts). */
export interface StoredLease extends TemporaryLimit {
  serial: string;
  /** When it ends: Unix ms of the gateway's (wall) clock. */
  until: number;
}

export class HandLimits {
  readonly #limits = new Map<string, HandLimit>();
  #leaseChanges = 0;

  set(serial: string, limit: TemporaryLimit, expiryS: number | undefined, now: number): void {
    const leased = this.#limits.get(serial)?.leaseUntil != null;
    this.#limits.set(serial, { ...limit, leaseUntil: expiryS === undefined ? null : now + expiryS * 1000 });
    if (leased || expiryS !== undefined) this.#leaseChanges++;
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
    if (expired.length > 0) this.#leaseChanges++;
    return expired;
  }

  /** Counts every change of the open leases: the service saves them when it moves. */
  get leaseChanges(): number {
    return this.#leaseChanges;
  }

  /** The open leases, to be kept across a restart. */
  leases(): StoredLease[] {
    const list: StoredLease[] = [];
    for (const [serial, limit] of this.#limits) {
      if (limit.leaseUntil === null) continue;
      list.push({ serial, value: limit.value, relative: limit.relative, until: limit.leaseUntil });
    }
    return list;
  }

  /** A lease kept from the last run (still running or not: takeExpired sorts that out). */
  restore(lease: StoredLease): void {
    this.#limits.set(lease.serial, { value: lease.value, relative: lease.relative, leaseUntil: lease.until });
    this.#leaseChanges++;
  }
}
