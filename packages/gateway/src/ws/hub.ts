/**
 * The lifecycle both socket hubs (/livedata, /console) share around their client list: a client that
 * comes once the gateway stops is turned away, every client is closed when anonymous access is turned off
 * (anonymous connections must not outlive that; authenticated clients reconnect with their credentials)
 * and when the gateway stops, and the hub is told when its last client is gone, to stop its work.
 */
import type { EventBus } from '../bus';
import { ClientSet, CloseCode, type SocketClient } from './clients';

export interface HubClientsOptions {
  bus: EventBus;
  maxClients?: number;
  /** The last client is gone (removed, dropped or closed): stop what only runs for clients. */
  idle: () => void;
}

const STOPPING = 'Gateway stopping';

export class HubClients<S> {
  readonly #clients: ClientSet<SocketClient, S>;
  readonly #idle: () => void;
  readonly #unsubscribe: (() => void)[];
  #stopped = false;

  constructor(options: HubClientsOptions) {
    this.#clients = new ClientSet(options.maxClients);
    this.#idle = options.idle;
    this.#unsubscribe = [
      options.bus.on('auth:changed', (change) => {
        if (!change.allowReadonly) this.closeAll(CloseCode.PolicyViolation, 'Authentication required');
      }),
      options.bus.on('shutdown', () => this.closeAll(CloseCode.GoingAway, STOPPING)),
    ];
  }

  get size(): number {
    return this.#clients.size;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  entries(): [SocketClient, S][] {
    return this.#clients.entries();
  }

  /** Adds a client (the oldest go over the cap); false, with the client closed, once stopped. */
  add(client: SocketClient, state: S): boolean {
    if (this.#stopped) {
      client.close(CloseCode.GoingAway, STOPPING);
      return false;
    }
    this.#clients.add(client, state);
    return true;
  }

  /** A client closed its connection, or was dropped by the hub. */
  remove(client: SocketClient): void {
    this.#clients.delete(client);
    if (this.#clients.size === 0) this.#idle();
  }

  closeAll(code: number, reason: string): void {
    this.#clients.closeAll(code, reason);
    this.#idle();
  }

  /** Closes every client and turns new ones away from now on. */
  stop(): void {
    this.#stopped = true;
    for (const off of this.#unsubscribe) off();
    this.closeAll(CloseCode.GoingAway, STOPPING);
  }
}
