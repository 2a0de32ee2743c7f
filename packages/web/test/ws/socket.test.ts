import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendFrame, replayOverlap, stampLines, timestamp } from '../../src/ws/console';
import { ReconnectingSocket, type SocketLike } from '../../src/ws/socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

describe('ReconnectingSocket', () => {
  let sockets: FakeSocket[];
  let messages: string[];
  let opens: boolean[];
  let status: boolean[];
  let socket: ReconnectingSocket;
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    messages = [];
    opens = [];
    status = [];
    socket = new ReconnectingSocket({
      open: () => {
        const fake = new FakeSocket();
        sockets.push(fake);
        return fake;
      },
      heartbeatMs: 5000,
      onMessage: (text) => messages.push(text),
      onOpen: (resumed) => opens.push(resumed),
      onStatus: (open) => status.push(open),
    });
    socket.start();
  });
  afterEach(() => {
    socket.stop();
    vi.useRealTimers();
  });

  it('sends "ping" every heartbeat while open and passes messages on', () => {
    socket.connect();
    sockets[0]!.open();
    sockets[0]!.onmessage?.({ data: 'line\n' } as MessageEvent);
    vi.advanceTimersByTime(15_000);
    expect(sockets[0]!.sent).toEqual(['ping', 'ping', 'ping']);
    expect(messages).toEqual(['line\n']);
    expect(opens).toEqual([false]);
    expect(status).toEqual([true]);
  });

  it('reconnects after an unexpected close with a doubling back-off up to 10 s, and reports the resume', () => {
    socket.connect();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(status).toEqual([true, false]);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(3);
    for (let i = 0; i < 5; i++) {
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(10_000);
    }
    expect(sockets).toHaveLength(8);
    sockets.at(-1)!.open();
    expect(opens).toEqual([false, true]);
  });

  it('closes on purpose without reconnecting, and reopens only when asked', () => {
    socket.connect();
    sockets[0]!.open();
    socket.close();
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    socket.connect();
    expect(sockets).toHaveLength(2);
  });

  it('closeAndReopenIn lets the heartbeat reopen after the delay', () => {
    socket.connect();
    sockets[0]!.open();
    socket.closeAndReopenIn(10_000);
    vi.advanceTimersByTime(9_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('does nothing after stop', () => {
    socket.connect();
    socket.stop();
    socket.connect();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('console lines', () => {
  it('prefixes every line of a frame with the receive time', () => {
    const at = new Date(2026, 0, 2, 3, 4, 5, 6);
    expect(timestamp(at)).toBe('03:04:05.006 ');
    expect(stampLines('I one\nW two\r\n\n', at)).toEqual(['03:04:05.006 I one', '03:04:05.006 W two']);
  });

  it('finds how much of a replay the page already shows', () => {
    expect(replayOverlap(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(2);
    expect(replayOverlap(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(3);
    expect(replayOverlap(['a', 'b'], ['x', 'y'])).toBe(0);
    expect(replayOverlap([], ['a'])).toBe(0);
    // Repeated lines: the longest match wins.
    expect(replayOverlap(['x', 'x', 'x'], ['x', 'x', 'y'])).toBe(2);
  });

  it('shows the lines a reconnect replays only once', () => {
    const at = new Date(2026, 0, 2, 3, 4, 5, 6);
    let state = appendFrame({ raw: [], lines: [] }, 'I one\nI two\n', at, true);
    state = appendFrame(state, 'I three\n', at, false);
    // The gateway replays its recent lines (two, three) and then a new one.
    state = appendFrame(state, 'I two\nI three\nI four\n', at, true);
    expect(state.raw).toEqual(['I one', 'I two', 'I three', 'I four']);
    expect(state.lines).toHaveLength(4);
    // Without a reconnect, repeated text is a new line.
    state = appendFrame(state, 'I four\n', at, false);
    expect(state.raw).toHaveLength(5);
  });
});
