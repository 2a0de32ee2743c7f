/** A service's settings, applied again whenever one of the sections it reads is saved. */
import type { ConfigListeners } from './events';
import type { ConfigSection } from './schema';
/**
 * Applies a service's settings whenever one of the sections it reads is saved: one apply at a time, in
 * order, each after the one before has finished (a source is stopped before the next starts).
 */
export class SectionFollower {
  readonly #bus: ConfigListeners;
  readonly #watches: (section: ConfigSection) => boolean;
  readonly #apply: () => Promise<void>;
  readonly #failed: (error: unknown) => void;
  #applying: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;

  constructor(options: {
    bus: ConfigListeners;
    watches: (section: ConfigSection) => boolean;
    apply: () => Promise<void>;
    failed: (error: unknown) => void;
  }) {
    this.#bus = options.bus;
    this.#watches = options.watches;
    this.#apply = options.apply;
    this.#failed = options.failed;
  }

  /** Follows saves from now on, and applies the settings as they are. */
  start(): Promise<void> {
    this.#unsubscribe = this.#bus.on('config:changed', (section) => {
      if (this.#watches(section)) void this.queue();
    });
    return this.queue();
  }

  /** Follows no more saves; resolves once the last apply has finished. */
  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.#applying;
  }

  queue(): Promise<void> {
    this.#applying = this.#applying.then(() => this.#apply()).catch(this.#failed);
    return this.#applying;
  }
}
