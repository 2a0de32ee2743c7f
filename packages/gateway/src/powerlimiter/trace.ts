/**
 * The limiter's recent past for the console's chart (GET /api/powerlimiter/trace): grid power, production
 * and the governed limits, at most one point per spacing, over a bounded window, in memory only.
 */
import type { PowerLimiterTrace, PowerLimiterTracePoint } from '@dtu-console/contract';

export class LimiterTrace {
  readonly #windowMs: number;
  readonly #spacingMs: number;
  readonly #points: PowerLimiterTracePoint[] = [];

  constructor(windowMs: number, spacingMs: number) {
    this.#windowMs = windowMs;
    this.#spacingMs = spacingMs;
  }

  /** A point is due: none yet, or the last is at least one spacing old (or from the future: clock set back). */
  due(now: number): boolean {
    const last = this.#points.at(-1);
    return last === undefined || now - last.time >= this.#spacingMs || now < last.time;
  }

  record(point: PowerLimiterTracePoint): void {
    const last = this.#points.at(-1);
    // A clock set back starts the trace again: its points must stay in order.
    if (last && point.time < last.time) this.#points.length = 0;
    this.#points.push(point);
    this.#dropOlderThan(point.time - this.#windowMs);
  }

  snapshot(now: number): PowerLimiterTrace {
    this.#dropOlderThan(now - this.#windowMs);
    return {
      window_ms: this.#windowMs,
      spacing_ms: this.#spacingMs,
      points: this.#points.map((point) => ({ ...point })),
    };
  }

  #dropOlderThan(limit: number): void {
    let drop = 0;
    while (drop < this.#points.length && (this.#points[drop] as PowerLimiterTracePoint).time < limit) drop++;
    if (drop > 0) this.#points.splice(0, drop);
  }
}
