/**
 * The SNTP service: asks the configured time server in the background (at start, after every change of
 * the NTP settings, then periodically). Routes only read whether it answers; they never wait for it.
 */
import { type Clock, isSettableClock } from '@dtu-console/clock';
import type { EventBus, Service } from '../bus';
import type { ConfigStore } from '../config/store';
import type { Logger } from '../system/logger';
import { SntpClient } from './sntp';

export interface TimeSyncOptions {
  config: Pick<ConfigStore, 'get'>;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  /** Tests shorten the SNTP timeout. */
  timeoutMs?: number;
}

export class TimeSync implements Service {
  readonly name = 'sntp';
  readonly #client: SntpClient;
  readonly #bus: EventBus;
  #unsubscribe: (() => void) | undefined;

  constructor(options: TimeSyncOptions) {
    const { config, clock } = options;
    const settable = isSettableClock(clock) ? clock : undefined;
    this.#bus = options.bus;
    this.#client = new SntpClient({
      server: () => config.get('ntp').server,
      // The host clock is the basis on Linux; an answer only sets the time while the clock is not trusted
      // (a host without RTC or network time), so it never overrides a manual set or a demo start time.
      onTime: (epochMs) => {
        if (!clock.isSynchronised()) settable?.setTime(epochMs);
      },
      log: options.log,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
  }

  start(): void {
    this.#unsubscribe ??= this.#bus.on('config:changed', (section) => {
      if (section === 'ntp') void this.#client.reconfigure();
    });
    this.#client.start();
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.#client.stop();
  }

  /** The clock was set by an answer of the current server or by hand during this run. */
  isSynchronised(): boolean {
    return this.#client.isSynchronised();
  }

  /** A manual time set counts as synchronised, like an answer. */
  noteManualSet(): void {
    this.#client.noteManualSet();
  }
}
