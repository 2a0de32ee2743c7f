import { backoffDelay } from '@dtu-console/contract/common/backoff';

/** The part of a WebSocket the socket module uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface ReconnectingSocketOptions {
  /** Opens a new socket (URL and credentials are the caller's business). */
  open(): SocketLike;
  /** A "ping" goes out this often while open; the same timer reopens a socket that is closed. */
  heartbeatMs: number;
  onMessage(text: string): void;
  /**
   * The socket opened; `resumed` when it had been down unexpectedly (or was reopened by the heartbeat or
   * the browser's "online" event), so the caller may want to refetch what it missed.
   */
  onOpen?(resumed: boolean): void;
  /** Open or not, as a connection marker shows it; called on changes only. */
  onStatus?(open: boolean): void;
}

const CONNECTING = 0;
const OPEN = 1;
/** Reconnect back-off after an unexpected close: 1 s, doubling, at most 10 s. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 10_000;

/**
 * One reconnecting WebSocket, shared by the live view (/livedata) and the console (/console): heartbeat
 * "ping", back-off after an unexpected close, an immediate retry when the browser reports the network
 * back, and closes on purpose that schedule nothing.
 */
export class ReconnectingSocket {
  private socket: SocketLike | null = null;
  private active = false;
  private reportedOpen = false;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private resumed = false;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  /** Allows connecting and listens for the network coming back; does not open yet. */
  start(): void {
    if (this.active) return;
    this.active = true;
    globalThis.addEventListener?.('online', this.onNetworkBack);
  }

  /** Closes for good until the next start; back-off and the "missed something" flag are reset. */
  stop(): void {
    this.active = false;
    globalThis.removeEventListener?.('online', this.onNetworkBack);
    this.close();
    this.attempts = 0;
    this.resumed = false;
  }

  /** Opens a fresh socket now (closing the current one) and starts the heartbeat. */
  connect(): void {
    if (!this.active) return;
    this.closeSocket();
    clearTimeout(this.reconnectTimer);
    let socket: SocketLike;
    try {
      socket = this.options.open();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.report(true);
      const resumed = this.resumed;
      this.resumed = false;
      this.options.onOpen?.(resumed);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.options.onMessage(String(event.data));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.report(false);
      this.scheduleReconnect();
    };
    this.scheduleHeartbeat(this.options.heartbeatMs);
  }

  /** Closes on purpose, with no reconnect scheduled, until `connect` is called again. */
  close(): void {
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.reconnectTimer);
    this.closeSocket();
  }

  /** Closes on purpose and lets the heartbeat reopen it after `delayMs`. */
  closeAndReopenIn(delayMs: number): void {
    this.closeSocket();
    this.scheduleHeartbeat(delayMs);
  }

  private report(open: boolean): void {
    if (this.reportedOpen === open) return;
    this.reportedOpen = open;
    this.options.onStatus?.(open);
  }

  /** The handlers are detached first, so this close schedules nothing. */
  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      try {
        socket.close();
      } catch {
        // Already closed.
      }
    }
    this.report(false);
  }

  private scheduleHeartbeat(delayMs: number): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.heartbeat(), delayMs);
  }

  private heartbeat(): void {
    const socket = this.socket;
    if (socket?.readyState === OPEN) {
      socket.send('ping');
      this.scheduleHeartbeat(this.options.heartbeatMs);
    } else if (socket?.readyState === CONNECTING) {
      this.scheduleHeartbeat(this.options.heartbeatMs);
    } else {
      this.resumed = true;
      this.connect();
    }
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.resumed = true;
    const delay = backoffDelay(this.attempts, { base: RECONNECT_MIN_MS, max: RECONNECT_MAX_MS });
    this.attempts++;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private readonly onNetworkBack = (): void => {
    if (!this.active || this.socket?.readyState === OPEN) return;
    this.attempts = 0;
    this.resumed = true;
    this.connect();
  };
}
