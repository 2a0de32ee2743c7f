/**
 * `limit_set_status` / `power_set_status`: Pending while any command of
 * the kind is queued or on air for the inverter, then the result of the last one to finish. Every queued
 * command ends in exactly one of finished/dropped, so the status cannot stay Pending.
 */
import type { SetStatus } from '@dtu-console/contract';

/**
 * Before any command nothing is known about its outcome: "Unknown" (a value the API already defines) until
 * a command has run (quirk "set status Ok after boot", not copied; docs/compatibility.md).
 */
export const INITIAL_SET_STATUS: SetStatus = 'Unknown';

export class CommandStatus {
  #status: SetStatus = INITIAL_SET_STATUS;
  #outstanding = 0;

  get value(): SetStatus {
    return this.#status;
  }

  queued(): void {
    this.#outstanding++;
    this.#status = 'Pending';
  }

  /** A command got its answer (ok) or gave up (not ok). A newer one still outstanding decides instead. */
  finished(ok: boolean): void {
    this.#outstanding = Math.max(0, this.#outstanding - 1);
    if (this.#outstanding === 0) this.#status = ok ? 'Ok' : 'Failure';
  }

  /** Removed without an answer (replaced, inverter removed, engine stopped): counts as not acknowledged. */
  dropped(): void {
    this.finished(false);
  }
}
