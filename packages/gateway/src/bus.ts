import { EventEmitter } from 'node:events';
import type { Alert } from '@dtu-console/contract';
import type { ConfigEvents } from './config/events';
import type { LiveEvents } from './engine/live-types';

/**
 * The typed event bus services talk through (data flows one way: radio → engine → live model → outputs).
 * A service that announces something new adds its event here.
 */
export interface GatewayEvents extends LiveEvents, ConfigEvents {
  /** The gateway is about to restart in-process (reboot) or stop. */
  shutdown: [reason: 'reboot' | 'stop'];
  // config:changed: the config store's (config/events.ts, ConfigEvents).
  /**
   * The security settings were saved (auth/service.ts). When `allowReadonly` is false, WebSocket
   * servers close every open connection: new ones must authenticate.
   */
  'auth:changed': [change: { allowReadonly: boolean; passwordChanged: boolean }];
  // live:inverter, live:totals and live:inverters: the live model's (engine/live-types.ts, LiveEvents).
  /** The open alerts changed (opened, cleared, acknowledged; src/alerts/); texts in the display's language. */
  'alerts:changed': [open: readonly Alert[]];
  /** The power limiter ran a pass (src/powerlimiter/service.ts); read its status from the service. */
  'powerlimiter:evaluated': [];
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

export type { Service } from './system/service';
