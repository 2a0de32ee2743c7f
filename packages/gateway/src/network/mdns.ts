import type { EventEmitter } from 'node:events';
import Bonjour from 'bonjour-service';
import type { EventBus, Service } from '../bus';
import type { ConfigStore } from '../config/store';
import type { Logger } from '../system/logger';
import { announcedHostname } from './hostname';

/** What the advertiser needs of an mDNS responder (bonjour-service's, or a fake in tests). */
export interface MdnsResponder {
  publish(service: {
    name: string;
    type: string;
    port: number;
    host: string;
    txt?: Record<string, string>;
  }): {
    stop?: (callback?: () => void) => void;
  };
  unpublishAll(callback?: () => void): void;
  destroy(callback?: () => void): void;
}

export interface MdnsAdvertiserOptions {
  config: ConfigStore;
  bus: EventBus;
  log: Logger;
  /** The HTTP port the console is served on. */
  port: number;
  /** Injectable for tests; the default multicasts on the host's interfaces. */
  createResponder?: () => MdnsResponder;
}

/**
 * Announces the console by mDNS (`_http._tcp` as `<host name>.local`) while `mdns.enabled` is on, and
 * follows config saves: switching it off withdraws the announcement, a new host name re-announces.
 */
export class MdnsAdvertiser implements Service {
  readonly name = 'mdns';
  readonly #options: MdnsAdvertiserOptions;
  #responder: MdnsResponder | undefined;
  #announced: string | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Config saves can follow each other quickly; their announcements run one after the other. */
  #queue: Promise<void> = Promise.resolve();

  constructor(options: MdnsAdvertiserOptions) {
    this.#options = options;
  }

  /** The host name currently announced, if any. */
  get announced(): string | undefined {
    return this.#announced;
  }

  async start(): Promise<void> {
    this.#unsubscribe = this.#options.bus.on('config:changed', (section) => {
      if (section === 'mdns' || section === 'wifi') void this.#enqueue(() => this.#apply());
    });
    await this.#enqueue(() => this.#apply());
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.#enqueue(() => this.#withdraw());
  }

  /** Resolves once everything queued so far, this included, is done. */
  settled(): Promise<void> {
    return this.#queue;
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(step, step);
    return this.#queue;
  }

  async #apply(): Promise<void> {
    const { config, log, port } = this.#options;
    const settings = config.all();
    const wanted = settings.mdns.enabled
      ? announcedHostname(settings.wifi.hostname, config.chipId)
      : undefined;
    if (wanted === this.#announced) return;
    await this.#withdraw();
    if (wanted === undefined) return;
    try {
      this.#responder ??= this.#options.createResponder?.() ?? defaultResponder(log);
      this.#responder.publish({
        name: wanted,
        type: 'http',
        port,
        host: `${wanted}.local`,
        txt: { path: '/' },
      });
      this.#announced = wanted;
      log.info(`mDNS: announcing the console as ${wanted}.local`);
    } catch (error) {
      log.warn({ err: error }, 'mDNS announcement failed');
    }
  }

  async #withdraw(): Promise<void> {
    const responder = this.#responder;
    if (!responder) return;
    this.#responder = undefined;
    this.#announced = undefined;
    // Withdrawing sends goodbye packets, so browsers drop the entry at once instead of at its TTL.
    await new Promise<void>((resolve) => responder.unpublishAll(() => resolve()));
    await new Promise<void>((resolve) => responder.destroy(() => resolve()));
  }
}

/**
 * bonjour-service on the host's interfaces. Its failures are logged, never thrown: by default it throws
 * from a socket callback, and multicast-dns reports a port it cannot bind as an 'error' event, both of
 * which would end the gateway.
 */
function defaultResponder(log: Logger): MdnsResponder {
  const onError = (error: Error) => log.warn({ err: error }, 'mDNS responder failed');
  const bonjour = new Bonjour({}, onError);
  (bonjour as unknown as { server?: { mdns?: EventEmitter } }).server?.mdns?.on('error', onError);
  return bonjour as unknown as MdnsResponder;
}
