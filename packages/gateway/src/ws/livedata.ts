/**
 * WebSocket /livedata: one detailed inverter per text frame, on a 1 s timer:
 * an inverter is pushed when its snapshot changed since its last push, or when that push is 10 s old.
 * Nothing is built while no client is connected and nothing is sent on connect (clients load
 * /api/livedata/status first). Client frames ("ping", {"type":"ping"}) are ignored.
 *
 * Any change counts, not only new run data as in the reference: reachability, limit and radio-statistics
 * changes then show within a second instead of up to 10 s later. It costs little, since changes are
 * collected and each inverter is still sent at most once per tick.
 */
import { Timing } from '@dtu-console/contract';
import type { EventBus } from '../bus';
import type { LiveModel } from '../engine';
import { type HintInputs, livedataMessageJson } from '../output/live-json';
import type { Clock } from '../system/clock';
import { ClientSet, closeOnAuthChangeAndShutdown, OPEN, type SocketClient } from './clients';

export const PUSH_TICK_MS = 1000;
/** An inverter whose last push is this old is pushed again even without a change. */
export const PUSH_REFRESH_MS = Timing.livePushMaxIntervalS * 1000;
/**
 * A client with more than this still unsent is disconnected (the reference allows 32 queued messages;
 * a detailed message is 1–4 KB).
 */
export const LIVEDATA_MAX_BUFFERED_BYTES = 128 * 1024;

export interface LivedataHubOptions {
  live: LiveModel;
  bus: EventBus;
  /** The push timer and the 10 s rule run on this clock (a ManualClock in tests). */
  clock: Pick<Clock, 'now' | 'setTimer'>;
  hints: () => HintInputs;
  maxClients?: number;
  maxBufferedBytes?: number;
  /** Told when a client is dropped for being too slow. */
  onSlowClient?: () => void;
}

/** The /livedata push service: subscribes to the bus when made, closes every client when stopped. */
export class LivedataHub {
  readonly name = 'livedata';
  readonly #live: LiveModel;
  readonly #clock: Pick<Clock, 'now' | 'setTimer'>;
  readonly #hints: () => HintInputs;
  readonly #maxBuffered: number;
  readonly #onSlowClient: () => void;
  readonly #clients: ClientSet<SocketClient, null>;
  /** Serials (wire form) changed since their last push. */
  readonly #changed = new Set<string>();
  /** Clock time of each inverter's last push. */
  readonly #lastPush = new Map<string, number>();
  readonly #unsubscribe: (() => void)[];
  #cancelTimer: (() => void) | undefined;
  #stopped = false;

  constructor(options: LivedataHubOptions) {
    this.#live = options.live;
    this.#clock = options.clock;
    this.#hints = options.hints;
    this.#maxBuffered = options.maxBufferedBytes ?? LIVEDATA_MAX_BUFFERED_BYTES;
    this.#onSlowClient = options.onSlowClient ?? (() => {});
    this.#clients = new ClientSet(options.maxClients);
    this.#unsubscribe = [
      options.bus.on('live:inverter', (serial) => this.#changed.add(serial)),
      options.bus.on('live:inverters', (serials) => {
        const present = new Set(serials);
        for (const serial of this.#lastPush.keys()) if (!present.has(serial)) this.#lastPush.delete(serial);
        for (const serial of this.#changed) if (!present.has(serial)) this.#changed.delete(serial);
      }),
      closeOnAuthChangeAndShutdown(options.bus, (code, reason) => this.closeAll(code, reason)),
    ];
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  add(client: SocketClient): void {
    if (this.#stopped) {
      client.close(1001, 'Gateway stopping');
      return;
    }
    this.#clients.add(client, null);
    this.#schedule();
  }

  remove(client: SocketClient): void {
    this.#clients.delete(client);
    if (this.#clients.size === 0) this.#cancel();
  }

  closeAll(code: number, reason: string): void {
    this.#clients.closeAll(code, reason);
    this.#cancel();
  }

  /** Nothing to start: pushes begin with the first client (a gateway that only serves, as in tests, pushes too). */
  start(): void {}

  stop(): void {
    this.#stopped = true;
    for (const off of this.#unsubscribe) off();
    this.closeAll(1001, 'Gateway stopping');
  }

  /** One timer run: every due inverter to every client. Public for tests. */
  tick(): void {
    if (this.#clients.size === 0) return;
    const now = this.#clock.now();
    for (const inverter of this.#live.inverters()) {
      const { serial } = inverter;
      const last = this.#lastPush.get(serial);
      // A clock set backwards (manual time set) must not hold pushes back until it catches up.
      const stale = last === undefined || now - last >= PUSH_REFRESH_MS || now < last;
      if (!stale && !this.#changed.has(serial)) continue;
      const message = livedataMessageJson(this.#live, serial, this.#hints());
      if (!message) continue;
      this.#send(JSON.stringify(message));
      this.#lastPush.set(serial, now);
      this.#changed.delete(serial);
    }
  }

  #send(text: string): void {
    for (const [client] of this.#clients.entries()) {
      if (client.readyState !== OPEN) continue;
      if (client.bufferedAmount > this.#maxBuffered) {
        // a client that cannot keep up is disconnected rather than buffered without bound.
        this.#clients.delete(client);
        client.terminate();
        this.#onSlowClient();
        continue;
      }
      client.send(text);
    }
    if (this.#clients.size === 0) this.#cancel();
  }

  #schedule(): void {
    if (this.#cancelTimer || this.#clients.size === 0) return;
    this.#cancelTimer = this.#clock.setTimer(PUSH_TICK_MS, () => {
      this.#cancelTimer = undefined;
      this.tick();
      this.#schedule();
    });
  }

  #cancel(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }
}
