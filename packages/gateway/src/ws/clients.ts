/**
 * The client list both WebSocket servers (/livedata, /console) keep: the client cap and the close codes.
 * Their shared lifecycle (closing on auth changes and shutdown) is in hub.ts.
 */
import { SocketLimits } from '@dtu-console/contract';

/** At most this many clients per socket unless `--max-socket-clients` says otherwise; the oldest connection goes. */
export const MAX_SOCKET_CLIENTS: number = SocketLimits.maxClientsPerSocket;

/** Every close code the gateway's sockets send (the WebSocket protocol's registered codes). */
export const CloseCode = {
  /** The gateway stops or restarts. */
  GoingAway: 1001,
  /** Anonymous access was turned off: reconnect with credentials. */
  PolicyViolation: 1008,
  /** A client frame over the size limit (sent by the WebSocket library, configured in plugin.ts). */
  MessageTooBig: 1009,
  /** Too many clients: the oldest made room for a newer one. */
  TryAgainLater: 1013,
} as const;

/** The part of a `ws` WebSocket the servers use (tests pass fakes). */
export interface SocketClient {
  readonly readyState: number;
  /** Bytes queued but not yet handed to the operating system. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Drops the connection without a closing handshake (which a stuck client would never read). */
  terminate(): void;
}

/** WebSocket.OPEN */
export const OPEN = 1;

/** Connected clients in connection order, each with its own state. */
export class ClientSet<C extends SocketClient, S> {
  readonly #clients = new Map<C, S>();

  constructor(readonly max = MAX_SOCKET_CLIENTS) {}

  /** Adds a client; the oldest ones are closed (and removed) while more than `max` are connected. */
  add(client: C, state: S): void {
    this.#clients.set(client, state);
    for (const oldest of this.#clients.keys()) {
      if (this.#clients.size <= this.max) break;
      this.#clients.delete(oldest);
      oldest.close(CloseCode.TryAgainLater, 'Too many clients');
    }
  }

  delete(client: C): boolean {
    return this.#clients.delete(client);
  }

  get size(): number {
    return this.#clients.size;
  }

  entries(): [C, S][] {
    return [...this.#clients.entries()];
  }

  closeAll(code: number, reason: string): void {
    const clients = [...this.#clients.keys()];
    this.#clients.clear();
    for (const client of clients) client.close(code, reason);
  }
}
