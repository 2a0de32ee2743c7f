import { Code } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { SECRET_MASK } from '../../src/config/secrets';
import { BoundedLineQueue, ConsoleLog } from '../../src/system/console-log';
import { CONSOLE_LINE_MAX_CHARS, ConsoleHub } from '../../src/ws/console';
import { post } from '../helpers/api';
import { expectCode } from '../helpers/envelopes';
import { FakeSocket } from '../helpers/fake-socket';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { connect, connectOpen, type OpenedSocket, waitFor } from '../helpers/ws-client';

/** A hub on manual scheduling: `run()` fires what is due, like the event loop would. */
function hubHarness(
  options: { queueLines?: number; maxBufferedBytes?: number; history?: string[]; maxClients?: number } = {},
) {
  const consoleLog = new ConsoleLog(50);
  for (const line of options.history ?? []) consoleLog.push(line);
  const bus = new EventBus();
  let pending: { ms: number; callback: () => void }[] = [];
  const hub = new ConsoleHub({
    consoleLog,
    bus,
    ...(options.queueLines === undefined ? {} : { queueLines: options.queueLines }),
    ...(options.maxBufferedBytes === undefined ? {} : { maxBufferedBytes: options.maxBufferedBytes }),
    ...(options.maxClients === undefined ? {} : { maxClients: options.maxClients }),
    schedule: (ms, callback) => {
      const entry = { ms, callback };
      pending.push(entry);
      return () => {
        pending = pending.filter((p) => p !== entry);
      };
    },
  });
  const run = () => {
    const due = pending;
    pending = [];
    for (const entry of due) entry.callback();
  };
  return { consoleLog, bus, hub, run, pending: () => pending };
}

const linesOf = (socket: FakeSocket) => socket.frames.join('').split('\n').slice(0, -1);

describe('ConsoleHub', () => {
  it('sends the recent lines on connect, then new ones batched into frames of whole lines', () => {
    const h = hubHarness({ history: ['I old one', 'W old two'] });
    const socket = new FakeSocket();
    h.hub.add(socket);
    h.run();
    expect(socket.frames).toEqual(['I old one\nW old two\n']);
    h.consoleLog.push('I new a');
    h.consoleLog.push('E new b');
    expect(socket.frames.length).toBe(1);
    h.run();
    expect(socket.frames[1]).toBe('I new a\nE new b\n');
    h.hub.stop();
  });

  it('holds lines back for a slow client and drops the oldest when its queue is full, telling it how many', () => {
    const h = hubHarness({ queueLines: 5, maxBufferedBytes: 1000 });
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    h.hub.add(slow);
    h.hub.add(fast);
    h.run();
    slow.bufferedAmount = 5000;
    for (let i = 0; i < 12; i++) h.consoleLog.push(`I line ${i}`);
    h.run();
    expect(linesOf(fast)).toEqual(Array.from({ length: 12 }, (_, i) => `I line ${i}`));
    expect(slow.frames).toEqual([]);
    expect(h.hub.queued(slow)).toBe(5);
    // A retry is scheduled while the client is backed up; it stays connected.
    expect(h.pending().some((p) => p.ms > 0)).toBe(true);
    h.run();
    expect(slow.frames).toEqual([]);
    slow.bufferedAmount = 0;
    h.run();
    expect(linesOf(slow)).toEqual([
      '… 7 lines skipped (slow connection)',
      'I line 7',
      'I line 8',
      'I line 9',
      'I line 10',
      'I line 11',
    ]);
    expect(slow.closed).toBeUndefined();
    expect(slow.terminated).toBe(false);
    h.hub.stop();
  });

  it('never holds more than the queue size per client however much is logged', () => {
    const h = hubHarness({ queueLines: 20 });
    const stuck = new FakeSocket();
    h.hub.add(stuck);
    stuck.bufferedAmount = Number.MAX_SAFE_INTEGER;
    for (let i = 0; i < 10_000; i++) h.consoleLog.push(`D spam ${i} ${'x'.repeat(5000)}`);
    h.run();
    expect(h.hub.queued(stuck)).toBe(20);
    stuck.bufferedAmount = 0;
    h.run();
    const lines = linesOf(stuck);
    expect(lines.length).toBe(21);
    // Lines are cut, so a queue's memory is bounded too.
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(CONSOLE_LINE_MAX_CHARS);
    h.hub.stop();
  });

  it('stops listening to the log when the last client leaves', () => {
    const h = hubHarness();
    const socket = new FakeSocket();
    h.hub.add(socket);
    h.run();
    h.hub.remove(socket);
    h.consoleLog.push('I nobody watches');
    expect(h.pending()).toEqual([]);
    h.hub.stop();
  });

  it('keeps at most its client cap (here 8) and closes all when anonymous access is turned off', () => {
    const h = hubHarness({ maxClients: 8 });
    const sockets = Array.from({ length: 9 }, () => new FakeSocket());
    for (const socket of sockets) h.hub.add(socket);
    expect(h.hub.clientCount).toBe(8);
    expect(sockets[0]!.closed?.code).toBe(1013);
    h.bus.emit('auth:changed', { allowReadonly: false, passwordChanged: false });
    expect(sockets.every((s) => s.closed?.code === 1008 || s === sockets[0])).toBe(true);
    expect(h.hub.clientCount).toBe(0);
    h.hub.stop();
  });

  it('BoundedLineQueue keeps the newest lines and counts the dropped ones', () => {
    const queue = new BoundedLineQueue(2);
    queue.push('a');
    queue.push('b');
    queue.push('c');
    expect(queue.drain()).toEqual(['… 1 lines skipped (slow connection)', 'b', 'c']);
    expect(queue.size).toBe(0);
  });
});

describe('WebSocket /console on a running gateway', () => {
  let env: PlantGateway;
  const url = (query = '') => `ws://127.0.0.1:${env.port}/console${query}`;
  const token = Buffer.from('admin:openDTU42').toString('base64url');
  const setAllowReadonly = async (allow: boolean) =>
    expectCode(
      await post(env.gateway, '/api/security/config', { password: SECRET_MASK, allow_readonly: allow }),
      Code.SettingsSaved,
    );

  beforeAll(async () => {
    env = await plantGateway({ maxSocketClients: 8 });
  });
  afterAll(() => env.cleanup());

  const lines = (socket: OpenedSocket) => socket.messages.join('').split('\n').slice(0, -1);

  it('sends the recent log lines on connect, then new ones, as text frames of whole lines', async () => {
    env.consoleLog.push('I [test] before connecting');
    const socket = await connectOpen(url());
    await waitFor(() => lines(socket).includes('I [test] before connecting'));
    env.consoleLog.push('W [test] after connecting');
    env.consoleLog.push('E [test] and another');
    await waitFor(() => lines(socket).includes('E [test] and another'));
    expect(lines(socket).slice(-2)).toEqual(['W [test] after connecting', 'E [test] and another']);
    expect(socket.messages.every((frame) => frame.endsWith('\n'))).toBe(true);
    await socket.close();
  });

  it('gets the lines of the real gateway log', async () => {
    const own = await plantGateway({ logToConsole: true });
    const socket = await connectOpen(`ws://127.0.0.1:${own.port}/console`);
    own.gateway.ctx.log.warn('a line from the gateway logger');
    await waitFor(() => socket.messages.join('').includes('a line from the gateway logger'));
    await socket.close();
    await own.cleanup();
  });

  it('ignores client frames ("ping") and answers nothing', async () => {
    const socket = await connectOpen(url());
    await waitFor(() => socket.messages.length > 0);
    socket.messages.length = 0;
    socket.ws.send('ping');
    socket.ws.send('{"type":"ping"}');
    await socket.sync();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.messages).toEqual([]);
    expect(socket.ws.readyState).toBe(1);
    await socket.close();
  });

  it('auth like /livedata: open while allow_readonly is on, else admin or 401; turning it off closes clients', async () => {
    const anonymous = await connectOpen(url());
    await setAllowReadonly(false);
    expect((await anonymous.closed).code).toBe(1008);
    const refused = await connect(url());
    expect(refused.kind === 'refused' && refused.status).toBe(401);
    const wrong = await connect(url(), {
      headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` },
    });
    expect(wrong.kind === 'refused' && wrong.status).toBe(401);
    const admin = await connectOpen(url(`?auth=${token}`));
    env.consoleLog.push('I [test] for the admin');
    await waitFor(() => admin.messages.join('').includes('for the admin'));
    await admin.close();
    await setAllowReadonly(true);
  });

  it('keeps at most --max-socket-clients clients (here 8)', async () => {
    const sockets = [];
    for (let i = 0; i < 9; i++) sockets.push(await connectOpen(url()));
    expect((await sockets[0]!.closed).code).toBe(1013);
    await Promise.all(sockets.map((s) => s.close()));
  });
});
