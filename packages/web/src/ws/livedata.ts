import { Timing } from '@dtu-console/contract/common/console-limits';
import type {
  LivedataMessage,
  LivedataStatus,
  LiveHints,
  LiveInverterDetail,
  LiveInverterSummary,
  LiveTotal,
} from '@dtu-console/contract/livedata/api';
import { ReconnectingSocket, type SocketLike } from './socket';

export type { SocketLike };

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
  /** Sorted by `order` (clients sort). */
  inverters: readonly LiveInverter[];
}

export interface LiveDataDeps {
  fetchStatus(): Promise<LivedataStatus>;
  fetchInverter(serial: string): Promise<LivedataStatus<LiveInverterDetail>>;
  /**
   * The status the gateway put into the page for the first paint, if any: the first start shows it and
   * opens the socket at once instead of asking for the status first.
   */
  firstPaint?: LivedataStatus | null;
  /** Opens a new socket to /livedata (URL and credentials are the caller's business). */
  openSocket(): SocketLike;
}

function byOrder(a: LiveInverter, b: LiveInverter): number {
  return a.order - b.order || a.serial.localeCompare(b.serial);
}

/**
 * One socket message's inverter replaces the fields of the one with the same serial, or is added. The
 * others keep their identity (a large plant's list re-renders only the changed entry), and the list is
 * sorted again only when the order can have changed.
 */
export function mergeInverter(list: readonly LiveInverter[], update: LiveInverter): LiveInverter[] {
  const index = list.findIndex((inverter) => inverter.serial === update.serial);
  if (index < 0) return [...list, update].sort(byOrder);
  const current = list[index] as LiveInverter;
  const next = list.slice();
  next[index] = { ...current, ...update };
  return current.order === update.order && current.serial === update.serial ? next : next.sort(byOrder);
}

/** A status answer decides which inverters exist; channel data already received is kept. */
export function mergeSummaries(
  list: readonly LiveInverter[],
  fresh: readonly LiveInverterSummary[],
): LiveInverter[] {
  const known = new Map(list.map((inverter) => [inverter.serial, inverter]));
  return fresh.map((inverter) => ({ ...known.get(inverter.serial), ...inverter })).sort(byOrder);
}

/** `{}` or an empty frame asks the client to reconnect. */
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
 * Live data: the status call first, then the /livedata socket, whose one-inverter messages are
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
  private readonly socket: ReconnectingSocket;
  private users = 0;
  private prestarted = false;
  /** Bumped by start, stop and reload: answers of an older run are dropped. */
  private run = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | undefined;
  private ageTimer: ReturnType<typeof setInterval> | undefined;
  private readonly detailsRequested = new Set<string>();

  constructor(private readonly deps: LiveDataDeps) {
    this.socket = new ReconnectingSocket({
      open: () => deps.openSocket(),
      heartbeatMs: Timing.liveHeartbeatMs,
      onMessage: (text) => this.receive(text),
      // Back after being down: the status call brings what the socket missed.
      onOpen: (resumed) => {
        if (resumed) void this.load(this.run);
      },
      onStatus: (online) => this.set({ online }),
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveSnapshot => this.snapshot;

  /**
   * Starts before the first user (the page's script, before React mounts on the live view): the first
   * retain() takes this start over instead of starting again. Only with the page's snapshot: without it the
   * status call could answer 401 before the console can lead to the login.
   */
  prestart(): void {
    if (this.users > 0 || !this.deps.firstPaint) return;
    this.prestarted = true;
    this.users = 1;
    this.start();
  }

  /** The first user starts loading and the socket, the last one's release stops everything. */
  retain(): () => void {
    if (this.prestarted) this.prestarted = false;
    else if (this.users++ === 0) this.start();
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
    clearTimeout(this.reloadTimer);
    this.socket.close();
    this.detailsRequested.clear();
    this.set({ loading: true });
    this.reloadTimer = setTimeout(() => {
      void this.load(run).then(() => {
        if (run === this.run) this.socket.connect();
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

  /**
   * Shows the page's snapshot, once: the state the gateway renders the first paint from (entry-server.tsx
   * primes a store of its own with it) and the browser's store starts in. False when there is none.
   */
  showFirstPaint(): boolean {
    const firstPaint = this.deps.firstPaint;
    if (!firstPaint) return false;
    this.deps.firstPaint = null; // only once: a later start asks the gateway again
    this.showStatus(firstPaint);
    return true;
  }

  private start(): void {
    const run = ++this.run;
    this.ageTimer = setInterval(() => this.tickAge(), Timing.dataAgeTickMs);
    this.socket.start();
    if (this.showFirstPaint()) {
      this.socket.connect();
      return;
    }
    this.set({ loading: true });
    void this.load(run).then(() => {
      if (run === this.run) this.socket.connect();
    });
  }

  private stop(): void {
    this.run++;
    clearTimeout(this.reloadTimer);
    clearInterval(this.ageTimer);
    this.socket.stop();
    this.detailsRequested.clear();
  }

  private async load(run: number): Promise<void> {
    try {
      const status = await this.deps.fetchStatus();
      if (run !== this.run) return;
      this.showStatus(status);
    } catch (error) {
      if (run !== this.run) return;
      this.set({ loading: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private showStatus(status: LivedataStatus): void {
    this.set({
      loading: false,
      error: null,
      total: status.total,
      hints: status.hints,
      inverters: mergeSummaries(this.snapshot.inverters, status.inverters ?? []),
    });
  }

  private receive(text: string): void {
    if (isEmptyMessage(text)) {
      this.socket.closeAndReopenIn(Timing.liveHeartbeatAfterEmptyMs);
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
