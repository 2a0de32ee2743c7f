/**
 * WebSocket /livedata: one detailed inverter per text frame. A changed inverter is pushed at once (the
 * changes of one radio answer are collected first); new run data always goes out at once, other changes
 * (statistics, reachability, command states) at most every PUSH_MIN_INTERVAL_MS per inverter. A 1 s timer
 * pushes an inverter whose last push is 10 s old.
 * Nothing is built while no client is connected and nothing is sent on connect (clients load
 * /api/livedata/status first). Client frames ("ping", {"type":"ping"}) are ignored.
 *
 * Any change counts, not only new run data as in the reference: reachability, limit and radio-statistics
 * changes then show at once instead of up to 10 s later. The reference pushes on a 1 s timer, so a new
 * value waits half a second on average; here it is on screen within milliseconds of the radio answer.
 */
import type { Clock } from '@dtu-console/clock';
import { Timing } from '@dtu-console/contract';
import type { EventBus } from '../bus';
import type { LiveModel } from '../engine';
import { type HintInputs, livedataMessageJson } from '../output/live-json';
import { OPEN, type SocketClient } from './clients';
import { HubClients } from './hub';

export const PUSH_TICK_MS = 1000;
/** Changes other than new run data push an inverter at most this often, however often they come. */
export const PUSH_MIN_INTERVAL_MS = 250;
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
  readonly #clients: HubClients<null>;
  /** Serials (wire form) changed since their last push: true when new run data is among the changes. */
  readonly #changed = new Map<string, boolean>();
  /** Clock time of each inverter's last push. */
  readonly #lastPush = new Map<string, number>();
  readonly #unsubscribe: (() => void)[];
  #cancelTimer: (() => void) | undefined;
  /** The pending push of changed inverters. */
  #cancelFlush: (() => void) | undefined;

  constructor(options: LivedataHubOptions) {
    this.#live = options.live;
    this.#clock = options.clock;
    this.#hints = options.hints;
    this.#maxBuffered = options.maxBufferedBytes ?? LIVEDATA_MAX_BUFFERED_BYTES;
    this.#onSlowClient = options.onSlowClient ?? (() => {});
    this.#clients = new HubClients({
      bus: options.bus,
      maxClients: options.maxClients,
      idle: () => this.#cancel(),
    });
    this.#unsubscribe = [
      options.bus.on('live:inverter', (serial, change) => {
        this.#changed.set(serial, this.#changed.get(serial) === true || change === 'data');
        this.#scheduleFlush(0);
      }),
      options.bus.on('live:inverters', (serials) => {
        const present = new Set(serials);
        for (const serial of this.#lastPush.keys()) if (!present.has(serial)) this.#lastPush.delete(serial);
        for (const serial of this.#changed.keys()) if (!present.has(serial)) this.#changed.delete(serial);
      }),
    ];
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  add(client: SocketClient): void {
    if (this.#clients.add(client, null)) this.#schedule();
  }

  remove(client: SocketClient): void {
    this.#clients.remove(client);
  }

  closeAll(code: number, reason: string): void {
    this.#clients.closeAll(code, reason);
  }

  /** Nothing to start: pushes begin with the first client (a gateway that only serves, as in tests, pushes too). */
  start(): void {}

  stop(): void {
    for (const off of this.#unsubscribe) off();
    this.#clients.stop();
  }

  /** One timer run: every due inverter to every client. Public for tests. */
  tick(): void {
    this.#push(true);
  }

  /**
   * Sends every changed inverter whose last push is at least PUSH_MIN_INTERVAL_MS old, and with
   * `refresh` also those whose last push is 10 s old; a changed one that has to wait gets a flush then.
   */
  #push(refresh: boolean): void {
    if (this.#clients.size === 0) return;
    const now = this.#clock.now();
    let wait: number | undefined;
    for (const inverter of this.#live.inverters()) {
      const { serial } = inverter;
      const last = this.#lastPush.get(serial);
      // A clock set backwards (manual time set) must not hold pushes back until it catches up.
      const age = last === undefined || now < last ? Number.POSITIVE_INFINITY : now - last;
      const changed = this.#changed.has(serial);
      if (!(refresh && age >= PUSH_REFRESH_MS) && !changed) continue;
      if (age < PUSH_MIN_INTERVAL_MS && this.#changed.get(serial) !== true) {
        if (changed) wait = Math.min(wait ?? PUSH_MIN_INTERVAL_MS, PUSH_MIN_INTERVAL_MS - age);
        continue;
      }
      const message = livedataMessageJson(this.#live, serial, this.#hints());
      if (!message) continue;
      this.#send(JSON.stringify(message));
      this.#lastPush.set(serial, now);
      this.#changed.delete(serial);
    }
    if (wait !== undefined) this.#scheduleFlush(wait);
  }

  /** Pushes the changed inverters after `delayMs` (0: once the current event has run to its end). */
  #scheduleFlush(delayMs: number): void {
    if (this.#cancelFlush || this.#clients.size === 0 || this.#clients.stopped) return;
    this.#cancelFlush = this.#clock.setTimer(delayMs, () => {
      this.#cancelFlush = undefined;
      this.#push(false);
    });
  }

  #send(text: string): void {
    for (const [client] of this.#clients.entries()) {
      if (client.readyState !== OPEN) continue;
      if (client.bufferedAmount > this.#maxBuffered) {
        // a client that cannot keep up is disconnected rather than buffered without bound.
        this.#clients.remove(client);
        client.terminate();
        this.#onSlowClient();
        continue;
      }
      client.send(text);
    }
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
    this.#cancelFlush?.();
    this.#cancelFlush = undefined;
  }
}
