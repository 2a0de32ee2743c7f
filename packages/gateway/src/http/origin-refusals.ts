/**
 * Refused cross-origin requests (docs/security.md): counted per kind for Prometheus
 * (`dtu_http_cross_origin_refused_total`), and logged once per origin and hour so a page that keeps trying
 * cannot flood the log.
 */
import type { Clock } from '@dtu-console/clock';
import type { Logger } from '../system/logger';

/** A change to /api, or a WebSocket upgrade. */
export type RefusalKind = 'api' | 'websocket';
export const REFUSAL_KINDS: readonly RefusalKind[] = ['api', 'websocket'];

/** One warning per origin in this time. */
export const REFUSAL_LOG_INTERVAL_MS = 60 * 60 * 1000;
/** Origins remembered for the log interval; a flood of new names cannot grow the map further. */
const REMEMBERED_ORIGINS_MAX = 256;

export class OriginRefusals {
  readonly #clock: Pick<Clock, 'now'>;
  readonly #log: Pick<Logger, 'warn'>;
  readonly #counts: Record<RefusalKind, number> = { api: 0, websocket: 0 };
  /** Origin → clock time of its last warning. */
  readonly #logged = new Map<string, number>();

  constructor(options: { clock: Pick<Clock, 'now'>; log: Pick<Logger, 'warn'> }) {
    this.#clock = options.clock;
    this.#log = options.log;
  }

  /** Refusals since the start, per kind. */
  counts(): Readonly<Record<RefusalKind, number>> {
    return { ...this.#counts };
  }

  refused(kind: RefusalKind, origin: string, what: string): void {
    this.#counts[kind] += 1;
    const now = this.#clock.now();
    const last = this.#logged.get(origin);
    // A clock set backwards must not silence an origin for the difference.
    if (last !== undefined && now >= last && now - last < REFUSAL_LOG_INTERVAL_MS) return;
    this.#remember(origin, now);
    this.#log.warn(
      `Refused ${what} from the web origin ${origin}: only the gateway's own pages and security.allowed_origins may change settings or open sockets (logged once an hour per origin)`,
    );
  }

  #remember(origin: string, now: number): void {
    this.#logged.delete(origin);
    if (this.#logged.size >= REMEMBERED_ORIGINS_MAX) {
      for (const [known, at] of this.#logged) {
        if (now - at >= REFUSAL_LOG_INTERVAL_MS || now < at) this.#logged.delete(known);
      }
      // Still full: forget the oldest.
      const oldest = this.#logged.keys().next();
      if (this.#logged.size >= REMEMBERED_ORIGINS_MAX && !oldest.done) this.#logged.delete(oldest.value);
    }
    this.#logged.set(origin, now);
  }
}
