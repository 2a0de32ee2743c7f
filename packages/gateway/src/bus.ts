import { EventEmitter } from 'node:events';

/**
 * The typed event bus services talk through (data flows one way: radio → engine → live model → outputs).
 * Later issues add their events to GatewayEvents.
 */
export interface GatewayEvents {
  /** The gateway is about to restart in-process (reboot) or stop. */
  shutdown: [reason: 'reboot' | 'stop'];
}

export class EventBus {
  readonly #emitter = new EventEmitter({ captureRejections: true });

  constructor() {
    // Every service and socket may listen; the default cap of 10 would only produce false leak warnings.
    this.#emitter.setMaxListeners(0);
  }

  on<K extends keyof GatewayEvents>(event: K, listener: (...args: GatewayEvents[K]) => void): () => void {
    this.#emitter.on(event, listener as (...args: unknown[]) => void);
    return () => this.#emitter.off(event, listener as (...args: unknown[]) => void);
  }

  emit<K extends keyof GatewayEvents>(event: K, ...args: GatewayEvents[K]): void {
    this.#emitter.emit(event, ...args);
  }
}

/** A gateway service: started in order, stopped in reverse order. */
export interface Service {
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}
