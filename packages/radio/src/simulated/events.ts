/**
 * A virtual inverter's event log and the clock it stamps entries with: the inverter sets that clock from
 * the time in each data request, and both start over when it starts.
 */
import { EVENT_LOG_MAX_ENTRIES } from '@dtu-console/hoymiles';

/** Event ids (alarm-codes.json) the simulation produces. */
export const SimulatedEvent = {
  Started: 1,
  ClockSynchronised: 2,
  /** Held under an active power limit below 100 % ("locked by a remote command"). */
  LimitedByRemote: 123,
  SwitchedOffByRemote: 124,
  /** At dusk, while still awake: "MPPT A input voltage too low". */
  InputTooLow: 207,
} as const;

export interface SimulatedEventEntry {
  messageId: number;
  /** UNIX seconds (UTC) by the inverter's clock. */
  start: number;
  /** null while active. */
  end: number | null;
  extraBits: number;
}

export class InverterEventLog {
  #events: SimulatedEventEntry[] = [];
  #count = 0;
  #clockOffsetMs = 0;
  #clockSynchronised = false;

  /** Entries ever logged since the start (the run data's event-log counter). */
  get count(): number {
    return this.#count;
  }

  /** The kept entries, oldest first. */
  get entries(): readonly SimulatedEventEntry[] {
    return this.#events;
  }

  /** A start: the log and the clock's sync start over; the clock itself runs on. */
  restart(): void {
    this.#events = [];
    this.#count = 0;
    this.#clockSynchronised = false;
  }

  /** A request's time (UNIX seconds) sets the clock; the first one after a start is logged. */
  setClock(timeS: number, now: number): void {
    this.#clockOffsetMs = timeS * 1000 - now;
    if (!this.#clockSynchronised) {
      this.#clockSynchronised = true;
      this.add(SimulatedEvent.ClockSynchronised, now - 1000, now + 1000);
    }
  }

  add(messageId: number, at: number, endAt: number | null, extraBits = 0): void {
    this.#events.push({
      messageId,
      start: this.#inverterSeconds(at),
      end: endAt === null ? null : this.#inverterSeconds(endAt),
      extraBits,
    });
    if (this.#events.length > EVENT_LOG_MAX_ENTRIES) this.#events.shift();
    this.#count++;
  }

  /** Ends the active entries of the id. */
  end(messageId: number, at: number): void {
    for (const event of this.#events) {
      if (event.messageId === messageId && event.end === null) event.end = this.#inverterSeconds(at);
    }
  }

  #inverterSeconds(now: number): number {
    return Math.floor((now + this.#clockOffsetMs) / 1000);
  }
}
