import type { LivedataMessage } from '@dtu-console/contract/livedata/api';
import { detail, hints, status, summary, total, value } from '@dtu-console/contract/livedata/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBasic } from '../../src/api/auth';
import {
  isEmptyMessage,
  LiveDataStore,
  type LiveInverter,
  mergeInverter,
  mergeSummaries,
  type SocketLike,
} from '../../src/ws/livedata';
import { socketTarget } from '../../src/ws/url';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  /** The gateway or the network went away. */
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

const latest = () => FakeSocket.all.at(-1)!;
const releases: (() => void)[] = [];

/** Retains the store for one test; afterEach releases it so no timer or listener leaks into the next. */
function retain(store: LiveDataStore): () => void {
  const release = store.retain();
  releases.push(release);
  return release;
}

function makeStore(inverters = [summary('111', { order: 1 }), summary('222', { order: 0 })]) {
  const fetchStatus = vi.fn(async () => status(inverters));
  const fetchInverter = vi.fn(async (serial: string) => ({ inverters: [detail(serial)], total, hints }));
  const store = new LiveDataStore({ fetchStatus, fetchInverter, openSocket: () => new FakeSocket() });
  return { store, fetchStatus, fetchInverter };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  for (const release of releases.splice(0)) release();
  vi.useRealTimers();
});

describe('merging', () => {
  it('replaces the fields of the inverter with the same serial and keeps the order sorted', () => {
    const list = mergeSummaries([], [summary('a', { order: 2 }), summary('b', { order: 1 })]);
    expect(list.map((i) => i.serial)).toEqual(['b', 'a']);
    const merged = mergeInverter(list, detail('a', { order: 2, data_age: 7 }));
    expect(merged.map((i) => i.serial)).toEqual(['b', 'a']);
    expect(merged[1]).toMatchObject({ data_age: 7, events: 2 });
    expect(merged[0]).toBe(list[0]);
  });

  it('a status answer decides which inverters exist but keeps channel data', () => {
    const withDetail = mergeInverter([], detail('a'));
    const next = mergeSummaries(withDetail, [summary('a', { data_age: 3 }), summary('c')]);
    expect(next.map((i) => i.serial)).toEqual(['a', 'c']);
    expect(next[0]).toMatchObject({ data_age: 3, events: 2 });
    expect(next[0]?.AC).toBeDefined();
  });

  it('recognises the empty message', () => {
    expect(isEmptyMessage('{}')).toBe(true);
    expect(isEmptyMessage(' { } ')).toBe(true);
    expect(isEmptyMessage('')).toBe(true);
    expect(isEmptyMessage('{"inverters":[]}')).toBe(false);
    expect(isEmptyMessage('[]')).toBe(false);
    expect(isEmptyMessage('ping')).toBe(false);
  });
});

describe('socket target', () => {
  it('follows the page protocol and offers no subprotocol when anonymous', () => {
    expect(socketTarget('/livedata', { protocol: 'http:', host: 'dtu.local' }, null)).toEqual({
      url: 'ws://dtu.local/livedata',
      protocols: [],
    });
    expect(socketTarget('/livedata', { protocol: 'https:', host: 'dtu.local:8443' }, null).url).toBe(
      'wss://dtu.local:8443/livedata',
    );
  });

  it('carries the signed-in credentials in the URL and as a base64url token subprotocol', () => {
    const authdata = encodeBasic('admin', 'p@ss:wörd?>');
    expect(authdata).toMatch(/[+/=]/); // the token must be turned into subprotocol-safe characters
    const target = socketTarget(
      '/livedata',
      { protocol: 'http:', host: 'dtu.local' },
      { username: 'admin', authdata },
    );
    expect(target.url).toBe('ws://admin:p%40ss%3Aw%C3%B6rd%3F%3E@dtu.local/livedata');
    expect(target.protocols[0]).toBe('dtu-console');
    const token = target.protocols[1]!;
    expect(token).toMatch(/^dtu-auth\.[A-Za-z0-9_-]+$/);
    const base64 = token.slice('dtu-auth.'.length).replace(/-/g, '+').replace(/_/g, '/');
    expect(
      new TextDecoder().decode(
        Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0)),
      ),
    ).toBe('admin:p@ss:wörd?>');
  });
});

describe('LiveDataStore', () => {
  it('loads the status first, then opens the socket; online follows the socket', async () => {
    const { store, fetchStatus } = makeStore();
    expect(store.getSnapshot().loading).toBe(true);
    retain(store);
    expect(fetchStatus).toHaveBeenCalledOnce();
    expect(FakeSocket.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = store.getSnapshot();
    expect(snapshot.loading).toBe(false);
    expect(snapshot.inverters.map((i) => i.serial)).toEqual(['222', '111']);
    expect(FakeSocket.all).toHaveLength(1);
    expect(snapshot.online).toBe(false);
    latest().open();
    expect(store.getSnapshot().online).toBe(true);
  });

  it('merges each message into the inverter with its serial and takes totals and hints', async () => {
    const { store } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    latest().open();
    const before = store.getSnapshot().inverters.find((i) => i.serial === '222');
    const message: LivedataMessage = {
      inverters: [detail('111', { order: 1, data_age: 0, limit_relative: 50 })],
      total: { ...total, Power: value(321, 'W') },
      hints: { ...hints, time_sync: true },
    };
    latest().receive(JSON.stringify(message));
    const snapshot = store.getSnapshot();
    expect(snapshot.inverters.find((i) => i.serial === '111')).toMatchObject({
      limit_relative: 50,
      events: 2,
    });
    expect(snapshot.inverters.find((i) => i.serial === '222')).toBe(before);
    expect(snapshot.total?.Power.v).toBe(321);
    expect(snapshot.hints?.time_sync).toBe(true);
  });

  it('ages the data every second', async () => {
    const { store } = makeStore([summary('111', { data_age: 5 })]);
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot().inverters[0]?.data_age).toBe(5);
    await vi.advanceTimersByTimeAsync(3000);
    expect(store.getSnapshot().inverters[0]?.data_age).toBe(8);
    latest().open();
    latest().receive(JSON.stringify({ inverters: [detail('111', { data_age: 1 })], total, hints }));
    expect(store.getSnapshot().inverters[0]?.data_age).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot().inverters[0]?.data_age).toBe(2);
  });

  it('sends "ping" every 59 s', async () => {
    const { store } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    const socket = latest();
    socket.open();
    await vi.advanceTimersByTimeAsync(58_999);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toEqual(['ping']);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(socket.sent).toEqual(['ping', 'ping']);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('an empty object closes the socket and brings the heartbeat forward to 10 s, which reconnects', async () => {
    const { store } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.open();
    await vi.advanceTimersByTimeAsync(30_000);
    first.receive('{}');
    expect(first.closedByClient).toBe(true);
    expect(store.getSnapshot().online).toBe(false);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(first.sent).toEqual([]);
    latest().open();
    expect(store.getSnapshot().online).toBe(true);
    // And the regular 59 s heartbeat goes on on the new socket.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(latest().sent).toEqual(['ping']);
  });

  it('reload closes the socket, waits 1 s, refetches and reconnects', async () => {
    const { store, fetchStatus } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.open();
    store.reload();
    expect(first.closedByClient).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ loading: true, online: false });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().loading).toBe(false);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects after the gateway went away and refetches once the socket is back', async () => {
    const { store, fetchStatus } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    latest().open();
    latest().drop();
    expect(store.getSnapshot().online).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(); // still down: the next try waits longer
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().online).toBe(true);
  });

  it('reconnects at once when the browser is back online', async () => {
    const { store } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    latest().open();
    latest().drop();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('loads one inverter in detail on request, once', async () => {
    const { store, fetchInverter } = makeStore();
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    store.loadDetail('111');
    store.loadDetail('111');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchInverter).toHaveBeenCalledOnce();
    expect(store.getSnapshot().inverters.find((i) => i.serial === '111')?.AC).toBeDefined();
  });

  it('the last release closes the socket and stops every timer', async () => {
    const { store } = makeStore();
    const releaseA = retain(store);
    const releaseB = retain(store);
    await vi.advanceTimersByTimeAsync(0);
    latest().open();
    releaseA();
    expect(latest().closedByClient).toBe(false);
    releaseB();
    expect(latest().closedByClient).toBe(true);
    const ages = store.getSnapshot().inverters.map((i) => i.data_age);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(store.getSnapshot().inverters.map((i) => i.data_age)).toEqual(ages);
  });

  it('reports a failed status call and still connects', async () => {
    const store = new LiveDataStore({
      fetchStatus: () => Promise.reject(new Error('Failed to fetch')),
      fetchInverter: vi.fn(),
      openSocket: () => new FakeSocket(),
    });
    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSnapshot()).toMatchObject({ loading: false, error: 'Failed to fetch' });
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('the first-paint snapshot from the page', () => {
  it('shows it at once, opens the socket without asking for the status, and asks again on a later start', async () => {
    const fetchStatus = vi.fn(async () => status([summary('111', { order: 0 })]));
    const fetchInverter = vi.fn(async (serial: string) => ({ inverters: [detail(serial)], total, hints }));
    const store = new LiveDataStore({
      fetchStatus,
      fetchInverter,
      firstPaint: { inverters: [detail('111', { order: 0 }), summary('222', { order: 1 })], total, hints },
      openSocket: () => new FakeSocket(),
    });
    const release = store.retain();
    const first = store.getSnapshot();
    expect(first.loading).toBe(false);
    expect(first.inverters.map((inverter) => inverter.serial)).toEqual(['111', '222']);
    expect(first.inverters[0]).toHaveProperty('AC');
    expect(first.total).toEqual(total);
    expect(fetchStatus).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(1);
    release();

    retain(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().inverters.map((inverter) => inverter.serial)).toEqual(['111']);
  });
});

describe('a start before the first user', () => {
  it('opens the socket before anyone retains; the first retain takes it over and its release stops it', async () => {
    const fetchStatus = vi.fn(async () => status([summary('111')]));
    const store = new LiveDataStore({
      fetchStatus,
      fetchInverter: vi.fn(),
      firstPaint: status([detail('111')]),
      openSocket: () => new FakeSocket(),
    });
    store.prestart();
    expect(store.getSnapshot().inverters).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(1);
    const release = store.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(1);
    release();
    expect(latest().closedByClient).toBe(true);
  });

  it('does nothing without the page snapshot: the status call waits for the console', () => {
    const { store, fetchStatus } = makeStore();
    store.prestart();
    expect(fetchStatus).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(0);
  });
});

/** A plant of `count` inverters; `order` runs backwards against the serials, as a reordered plant does. */
function plant(count: number): LiveInverter[] {
  return Array.from({ length: count }, (_, i) =>
    summary(`1161${String(i).padStart(8, '0')}`, { name: `Roof ${i + 1}`, order: i }),
  );
}

describe('merging pushes of a large plant', () => {
  it('replaces one inverter and keeps the identity and order of the others', () => {
    const list = plant(100);
    const merged = mergeInverter(list, detail(list[50]!.serial, { name: 'Roof 51', order: 50 }));
    expect(merged).toHaveLength(100);
    expect(merged[50]?.AC).toBeDefined();
    expect(merged.filter((inverter, i) => inverter !== list[i])).toHaveLength(1);
    const moved = mergeInverter(merged, detail(list[50]!.serial, { order: 200 }));
    expect(moved.at(-1)?.serial).toBe(list[50]!.serial);
  });
});
