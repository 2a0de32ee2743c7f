/**
 * One inverter's limit commands as the limiter sees them: the one in flight, when its effect can be
 * judged, the count of the last hour, and the back-off of an inverter whose commands fail.
 */
import type { SetStatus } from '@dtu-console/contract';
import { backoffDelay, PowerLimiterLimits } from '@dtu-console/contract';

const HOUR_MS = 3_600_000;

export class InverterCommands {
  /** The limit last acknowledged (or, while in flight, asked for), W. */
  limitW: number | null = null;
  /** Output judged held back by the sun, W; null when not. */
  sunCapW: number | null = null;
  #previousW: number | null = null;
  #inFlight = false;
  #sentAt = Number.NEGATIVE_INFINITY;
  #responseMs = 0;
  /** Readings before this (gateway ms) do not yet show the last command's effect. */
  settleAt = Number.NEGATIVE_INFINITY;
  #failures = 0;
  #notBefore = Number.NEGATIVE_INFINITY;
  #sentTimes: number[] = [];

  get inFlight(): boolean {
    return this.#inFlight;
  }

  get failures(): number {
    return this.#failures;
  }

  get failing(): boolean {
    return this.#failures >= PowerLimiterLimits.failuresReported;
  }

  /** A new command may go out: the last one ended, the interval and any back-off have passed. */
  canSend(now: number, minIntervalMs: number): boolean {
    return !this.#inFlight && now >= this.#notBefore && now - this.#sentAt >= minIntervalMs;
  }

  /** `responseMs`: how long the inverter needs to follow once it acknowledged. */
  sent(now: number, limitW: number, responseMs: number): void {
    this.#previousW = this.limitW;
    this.limitW = limitW;
    this.#inFlight = true;
    this.#sentAt = now;
    this.#responseMs = responseMs;
    this.settleAt = Number.POSITIVE_INFINITY;
    this.#sentTimes.push(now);
  }

  /** A limit set from outside: followed like the limiter's own, but not counted as the limiter's. */
  external(now: number, limitW: number, responseMs: number): void {
    this.sent(now, limitW, responseMs);
    this.#sentTimes.pop();
  }

  /** The engine's limit status as seen now; ends the command in flight when it is no longer Pending. */
  observe(status: SetStatus, now: number, minIntervalMs: number): 'ok' | 'failed' | undefined {
    if (!this.#inFlight || status === 'Pending') return undefined;
    this.#inFlight = false;
    if (status === 'Ok') {
      this.#failures = 0;
      this.settleAt = now + this.#responseMs;
      return 'ok';
    }
    // Not acknowledged: the inverter still holds the previous limit. Retry later, spaced out more each time:
    // twice the interval after the first failure (the interval alone holds anyway), doubled per failure.
    this.limitW = this.#previousW;
    this.settleAt = now;
    this.#failures++;
    this.#notBefore =
      now + backoffDelay(this.#failures, { base: minIntervalMs, max: PowerLimiterLimits.backoffMaxMs });
    return 'failed';
  }

  commandsLastHour(now: number): number {
    this.#sentTimes = this.#sentTimes.filter((t) => now - t < HOUR_MS);
    return this.#sentTimes.length;
  }
}
