import type {
  LivedataMessage,
  LivedataStatus,
  LiveHints,
  LiveInverterDetail,
  LiveInverterSummary,
  LiveTotal,
} from '@dtu-console/contract/api/livedata';
import { Timing } from '@dtu-console/contract/limits';

/** An inverter as the live view knows it: the summary, plus channels and events once a detail arrived. */
export type LiveInverter = LiveInverterSummary &
  Partial<Pick<LiveInverterDetail, 'AC' | 'DC' | 'INV' | 'events'>>;

export interface LiveSnapshot {
  /** The status call of a start or reload has not answered yet. */
  loading: boolean;
  /** The socket is open (the page frame's live marker). */
  online: boolean;
  /** Message of the last failed status call, null after a successful one. */
  error: string | null;
  total: LiveTotal | null;
  hints: LiveHints | null;
  /** Sorted by `order` (api.md §3.1: clients sort). */
  inverters: readonly LiveInverter[];
}

/** The part of a WebSocket the store uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface LiveDataDeps {
  fetchStatus(): Promise<LivedataStatus>;
  fetchInverter(serial: string): Promise<LivedataStatus<LiveInverterDetail>>;
  /** Opens a new socket to /livedata (URL and credentials are the caller's business). */
  openSocket(): SocketLike;
}

const CONNECTING = 0;
const OPEN = 1;
/** Reconnect back-off after an unexpected close: 1 s, doubling, at most 10 s. */
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 10_000;

function byOrder(a: LiveInverter, b: LiveInverter): number {
  return a.order - b.order || a.serial.localeCompare(b.serial);
}

/** One socket message's inverter replaces the fields of the one with the same serial, or is added. */
export function mergeInverter(list: readonly LiveInverter[], update: LiveInverter): LiveInverter[] {
  const index = list.findIndex((inverter) => inverter.serial === update.serial);
  const next =
    index < 0
      ? [...list, update]
      : list.map((inverter, i) => (i === index ? { ...inverter, ...update } : inverter));
  return next.sort(byOrder);
}

/** A status answer decides which inverters exist; channel data already received is kept. */
export function mergeSummaries(
  list: readonly LiveInverter[],
  fresh: readonly LiveInverterSummary[],
): LiveInverter[] {
  const known = new Map(list.map((inverter) => [inverter.serial, inverter]));
  return fresh.map((inverter) => ({ ...known.get(inverter.serial), ...inverter })).sort(byOrder);
}

/** `{}` or an empty frame asks the client to reconnect (spec §4, api.md §3.5). */
export function isEmptyMessage(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const data: unknown = JSON.parse(text);
    return (
      typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(data).length === 0
    );
  } catch {
    return false;
  }
}

/**
 * Live data of spec §4: the status call first, then the /livedata socket, whose one-inverter messages are
 * merged by serial. A "ping" goes out every 59 s; the same heartbeat reopens a closed socket. An empty
 * message closes the socket and brings the heartbeat forward to 10 s. Data ages tick every second.
 * Reload: close, wait 1 s, refetch, reconnect. After the network or the gateway comes back the socket
 * reconnects (back-off, or at once on the browser's "online" event) and the status is refetched.
 */
export class LiveDataStore {
  private snapshot: LiveSnapshot = {
    loading: true,
    online: false,
    error: null,
    total: null,
    hints: null,
    inverters: [],
  };
  private readonly listeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private users = 0;
  /** Bumped by start, stop and reload: answers of an older run are dropped. */
  private run = 0;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  private ageTimer: ReturnType<typeof setInterval> | undefined;
  private reconnectAttempts = 0;
  /** The socket was down unexpectedly: refetch the status once it is open again. */
  private refetchOnOpen = false;
  private readonly detailsRequested = new Set<string>();

  constructor(private readonly deps: LiveDataDeps) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveSnapshot => this.snapshot;

  /** The first user starts loading and the socket, the last one's release stops everything. */
  retain(): () => void {
    if (this.users++ === 0) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.users === 0) this.stop();
    };
  }

  readonly reload = (): void => {
    if (this.users === 0) return;
    const run = ++this.run;
    this.clearTimers(false);
    this.closeSocket();
    this.detailsRequested.clear();
    this.set({ loading: true });
    this.reloadTimer = setTimeout(() => {
      void this.load(run).then(() => {
        if (run === this.run) this.connect();
      });
    }, Timing.liveReloadDelayMs);
  };

  /** Fetches one inverter's channels right away instead of waiting up to 10 s for its next push. */
  loadDetail(serial: string): void {
    if (this.users === 0 || this.detailsRequested.has(serial)) return;
    this.detailsRequested.add(serial);
    const run = this.run;
    this.deps.fetchInverter(serial).then(
      (status) => {
        const inverter = status.inverters?.[0];
        if (run !== this.run || !inverter) return;
        // Only fill in: a socket message may already have brought newer values.
        const current = this.snapshot.inverters.find((known) => known.serial === serial);
        if (current?.AC) return;
        this.set({ inverters: mergeInverter(this.snapshot.inverters, inverter) });
      },
      () => this.detailsRequested.delete(serial),
    );
  }

  private start(): void {
    const run = ++this.run;
    this.ageTimer = setInterval(() => this.tickAge(), Timing.dataAgeTickMs);
    globalThis.addEventListener?.('online', this.onNetworkBack);
    this.set({ loading: true });
    void this.load(run).then(() => {
      if (run === this.run) this.connect();
    });
  }

  private stop(): void {
    this.run++;
    this.clearTimers(true);
    globalThis.removeEventListener?.('online', this.onNetworkBack);
    this.closeSocket();
    this.detailsRequested.clear();
    this.reconnectAttempts = 0;
    this.refetchOnOpen = false;
  }

  private clearTimers(includingAge: boolean): void {
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.reloadTimer);
    if (includingAge) clearInterval(this.ageTimer);
  }

  private async load(run: number): Promise<void> {
    try {
      const status = await this.deps.fetchStatus();
      if (run !== this.run) return;
      this.set({
        loading: false,
        error: null,
        total: status.total,
        hints: status.hints,
        inverters: mergeSummaries(this.snapshot.inverters, status.inverters ?? []),
      });
    } catch (error) {
      if (run !== this.run) return;
      this.set({ loading: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private connect(): void {
    if (this.users === 0) return;
    this.closeSocket();
    clearTimeout(this.reconnectTimer);
    let socket: SocketLike;
    try {
      socket = this.deps.openSocket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.reconnectAttempts = 0;
      this.set({ online: true });
      if (this.refetchOnOpen) {
        this.refetchOnOpen = false;
        void this.load(this.run);
      }
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(String(event.data));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.set({ online: false });
      this.scheduleReconnect();
    };
    this.scheduleHeartbeat(Timing.liveHeartbeatMs);
  }

  /** Closes on purpose: the handlers are detached first, so no reconnect is scheduled. */
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
    if (this.snapshot.online) this.set({ online: false });
  }

  private scheduleHeartbeat(delayMs: number): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.heartbeat(), delayMs);
  }

  private heartbeat(): void {
    const socket = this.socket;
    if (socket?.readyState === OPEN) {
      socket.send('ping');
      this.scheduleHeartbeat(Timing.liveHeartbeatMs);
    } else if (socket?.readyState === CONNECTING) {
      this.scheduleHeartbeat(Timing.liveHeartbeatMs);
    } else {
      this.refetchOnOpen = true;
      this.connect();
    }
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.refetchOnOpen = true;
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** this.reconnectAttempts, RECONNECT_MAX_MS);
    this.reconnectAttempts++;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private readonly onNetworkBack = (): void => {
    if (this.users === 0 || this.socket?.readyState === OPEN) return;
    this.reconnectAttempts = 0;
    this.refetchOnOpen = true;
    this.connect();
  };

  private receive(text: string): void {
    if (isEmptyMessage(text)) {
      this.closeSocket();
      this.scheduleHeartbeat(Timing.liveHeartbeatAfterEmptyMs);
      return;
    }
    let message: Partial<LivedataMessage>;
    try {
      message = JSON.parse(text) as Partial<LivedataMessage>;
    } catch {
      return; // Not ours to interpret; the next push comes within 10 s.
    }
    if (typeof message !== 'object' || message === null) return;
    let inverters = this.snapshot.inverters;
    for (const inverter of message.inverters ?? []) inverters = mergeInverter(inverters, inverter);
    this.set({
      loading: false,
      total: message.total ?? this.snapshot.total,
      hints: message.hints ?? this.snapshot.hints,
      inverters,
    });
  }

  private tickAge(): void {
    if (this.snapshot.inverters.length === 0) return;
    this.set({
      inverters: this.snapshot.inverters.map((inverter) => ({
        ...inverter,
        data_age: inverter.data_age + 1,
      })),
    });
  }

  private set(patch: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
