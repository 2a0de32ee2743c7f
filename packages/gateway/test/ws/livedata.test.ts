import { Code, type LivedataMessage } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src/config/secrets';
import { LivedataHub, PUSH_MIN_INTERVAL_MS, PUSH_REFRESH_MS } from '../../src/ws/livedata';
import { HM800, HMS800, harness } from '../engine/harness';
import { expectSameShape, post } from '../helpers/api';
import { detailExample, SIMULATED_HINTS_EXAMPLE, TOTAL_EXAMPLE } from '../helpers/api-examples';
import { expectCode } from '../helpers/envelopes';
import { FakeSocket } from '../helpers/fake-socket';
import {
  HM800 as HM_800,
  HMS2000 as HMS_2000,
  type PlantGateway,
  plantGateway,
} from '../helpers/plant-gateway';
import { connect, connectOpen, waitFor } from '../helpers/ws-client';

/** The engine harness (ManualClock, FakeRadio) with a live-data hub on the same clock and bus. */
async function hubHarness(options: { maxBufferedBytes?: number; maxClients?: number } = {}) {
  const h = harness({
    inverters: [
      { serial: HM800, name: 'Roof' },
      { serial: HMS800, name: 'Shed' },
    ],
  });
  h.radio.add(HM800);
  h.radio.add(HMS800);
  const hub = new LivedataHub({
    live: h.live,
    bus: h.bus,
    clock: h.clock,
    hints: () => ({ defaultPassword: false }),
    ...options,
  });
  return { ...h, hub };
}

const serialsOf = (socket: FakeSocket) =>
  socket.frames.map(
    (frame) => (JSON.parse(frame) as { inverters: { serial: string }[] }).inverters[0]?.serial,
  );

describe('LivedataHub (docs/api.md push schedule)', () => {
  it('builds nothing while no client is connected and sends nothing on connect', async () => {
    const h = await hubHarness();
    await h.engine.start();
    // Between two polling rounds (every 5 s, both inverters answered within their first 1.5 s).
    await h.clock.advance(22_000);
    const socket = new FakeSocket();
    h.hub.add(socket);
    expect(socket.frames).toEqual([]);
    await h.clock.advance(1000);
    // Both never pushed before: due at the first tick, one inverter per message.
    expect(serialsOf(socket).sort()).toEqual([HM800, HMS800].sort());
    for (const frame of socket.frames) {
      const message = JSON.parse(frame) as Record<string, unknown>;
      expect(Object.keys(message)).toEqual(['inverters', 'total', 'hints']);
      expect((message.inverters as unknown[]).length).toBe(1);
      expect(Object.keys((message.inverters as Record<string, unknown>[])[0]!)).toContain('AC');
    }
    await h.engine.stop();
    h.hub.stop();
  });

  it('pushes an inverter within 1 s of a change and at least every 10 s without one', async () => {
    const h = await hubHarness();
    const socket = new FakeSocket();
    h.hub.add(socket);
    await h.clock.advance(1000);
    expect(socket.frames.length).toBe(2);
    socket.frames.length = 0;

    // No change: nothing until the last push is 10 s old.
    await h.clock.advance(PUSH_REFRESH_MS - 1000);
    expect(socket.frames).toEqual([]);
    await h.clock.advance(1000);
    expect(serialsOf(socket).sort()).toEqual([HM800, HMS800].sort());
    socket.frames.length = 0;

    // New run data of the HM-800 (the engine polls it at once): pushed at the next tick, alone.
    await h.engine.start();
    await h.clock.advance(1000);
    expect(serialsOf(socket)).toContain(HM800);
    const hm = socket.frames.map((f) => JSON.parse(f)).find((m) => m.inverters[0].serial === HM800);
    expect(hm.inverters[0].reachable).toBe(true);
    await h.engine.stop();
    h.hub.stop();
  });

  it('sends each inverter at most once per tick however often it changes', async () => {
    const h = await hubHarness();
    const socket = new FakeSocket();
    h.hub.add(socket);
    await h.clock.advance(1000);
    socket.frames.length = 0;
    for (let i = 0; i < 5; i++) h.bus.emit('live:inverter', HM800, 'data');
    await h.clock.advance(1000);
    expect(serialsOf(socket)).toEqual([HM800]);
    h.hub.stop();
  });

  it('serves hundreds of clients by default (a Linux host, not the 8 of an ESP32)', async () => {
    const h = await hubHarness();
    const sockets = Array.from({ length: 600 }, () => new FakeSocket());
    for (const socket of sockets) h.hub.add(socket);
    expect(h.hub.clientCount).toBe(600);
    expect(sockets.every((socket) => socket.closed === undefined)).toBe(true);
    h.hub.stop();
  });

  it('pushes a change at once; other changes than run data at most every 250 ms per inverter', async () => {
    const h = await hubHarness();
    const socket = new FakeSocket();
    h.hub.add(socket);
    await h.clock.advance(1000);
    socket.frames.length = 0;
    await h.clock.advance(500);
    h.bus.emit('live:inverter', HM800, 'data');
    h.bus.emit('live:inverter', HM800, 'status');
    await h.clock.advance(0);
    expect(serialsOf(socket)).toEqual([HM800]);
    // A status change 100 ms later: held until its last push is PUSH_MIN_INTERVAL_MS old.
    await h.clock.advance(100);
    h.bus.emit('live:inverter', HM800, 'status');
    await h.clock.advance(PUSH_MIN_INTERVAL_MS - 101);
    expect(serialsOf(socket)).toEqual([HM800]);
    await h.clock.advance(1);
    expect(serialsOf(socket)).toEqual([HM800, HM800]);
    // New run data right after: out at once all the same.
    await h.clock.advance(10);
    h.bus.emit('live:inverter', HM800, 'data');
    await h.clock.advance(0);
    expect(serialsOf(socket)).toEqual([HM800, HM800, HM800]);
    h.hub.stop();
  });

  it('ignores a serial that is not in the live model', async () => {
    const h = await hubHarness();
    const socket = new FakeSocket();
    h.hub.add(socket);
    h.bus.emit('live:inverter', '999999999999', 'data');
    await h.clock.advance(1000);
    expect(serialsOf(socket).sort()).toEqual([HM800, HMS800].sort());
    h.hub.stop();
  });

  it('keeps at most its client cap (here 8): the oldest is closed', async () => {
    const h = await hubHarness({ maxClients: 8 });
    const sockets = Array.from({ length: 10 }, () => new FakeSocket());
    for (const socket of sockets) h.hub.add(socket);
    expect(h.hub.clientCount).toBe(8);
    expect(sockets[0]!.closed?.code).toBe(1013);
    expect(sockets[1]!.closed?.code).toBe(1013);
    expect(sockets[2]!.closed).toBeUndefined();
    await h.clock.advance(1000);
    expect(sockets[0]!.frames).toEqual([]);
    expect(sockets[9]!.frames.length).toBe(2);
    h.hub.stop();
  });

  it('disconnects a client whose send queue is too full, and keeps serving the others', async () => {
    const h = await hubHarness({ maxBufferedBytes: 10_000 });
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    h.hub.add(slow);
    h.hub.add(fast);
    slow.bufferedAmount = 10_001;
    await h.clock.advance(1000);
    expect(slow.terminated).toBe(true);
    expect(slow.frames).toEqual([]);
    expect(fast.frames.length).toBe(2);
    expect(h.hub.clientCount).toBe(1);
    h.hub.stop();
  });

  it('stops its timer when the last client leaves', async () => {
    const h = await hubHarness();
    const socket = new FakeSocket();
    h.hub.add(socket);
    h.hub.remove(socket);
    let built = 0;
    const original = h.live.inverters.bind(h.live);
    h.live.inverters = () => {
      built++;
      return original();
    };
    await h.clock.advance(5000);
    expect(built).toBe(0);
    h.hub.stop();
  });

  it('closes every client when anonymous access is turned off or the gateway stops', async () => {
    const h = await hubHarness();
    const a = new FakeSocket();
    h.hub.add(a);
    h.bus.emit('auth:changed', { allowReadonly: true, passwordChanged: true });
    expect(a.closed).toBeUndefined();
    h.bus.emit('auth:changed', { allowReadonly: false, passwordChanged: false });
    expect(a.closed?.code).toBe(1008);
    expect(h.hub.clientCount).toBe(0);
    const b = new FakeSocket();
    h.hub.add(b);
    h.bus.emit('shutdown', 'reboot');
    expect(b.closed?.code).toBe(1001);
    h.hub.stop();
  });

  it('pushes again at once after the clock was set backwards (manual time set)', async () => {
    const h = harness({ inverters: [{ serial: HM800, name: 'Roof' }] });
    let now = 1_000_000;
    const hub = new LivedataHub({
      live: h.live,
      bus: h.bus,
      clock: { now: () => now, setTimer: (ms, callback) => h.clock.setTimer(ms, callback) },
      hints: () => ({ defaultPassword: false }),
    });
    const socket = new FakeSocket();
    hub.add(socket);
    await h.clock.advance(1000);
    expect(socket.frames.length).toBe(1);
    await h.clock.advance(1000);
    expect(socket.frames.length).toBe(1);
    now -= 3_600_000;
    await h.clock.advance(1000);
    expect(socket.frames.length).toBe(2);
    hub.stop();
  });
});

describe('WebSocket /livedata on a running gateway', () => {
  let env: PlantGateway;
  const url = (query = '') => `ws://127.0.0.1:${env.port}/livedata${query}`;
  const token = Buffer.from('admin:openDTU42').toString('base64url');
  const setAllowReadonly = async (allow: boolean) => {
    expectCode(
      await post(env.gateway, '/api/security/config', { password: SECRET_MASK, allow_readonly: allow }),
      Code.SettingsSaved,
    );
  };

  beforeAll(async () => {
    env = await plantGateway({ maxSocketClients: 8 });
    await env.advance(30_000);
  });
  afterAll(() => env.cleanup());

  const serialOf = (frame: string) => (JSON.parse(frame) as LivedataMessage).inverters[0]?.serial;

  it('sends nothing on connect, then one detailed inverter per message within a tick (docs/api.md shapes)', async () => {
    const socket = await connectOpen(url());
    await socket.sync();
    expect(socket.messages).toEqual([]);
    await env.advance(1000);
    await socket.sync();
    // Both within the first tick; one may come twice when its new run data arrives in the same second.
    expect([...new Set(socket.messages.map(serialOf))].sort()).toEqual([HM_800, HMS_2000].sort());
    for (const frame of socket.messages) {
      const message = JSON.parse(frame) as LivedataMessage;
      expect(message.inverters.length).toBe(1);
      const irradiation = message.inverters[0]!.serial === HM_800 ? [true, true] : [true, true, true, true];
      expectSameShape(message, {
        inverters: [detailExample(irradiation)],
        total: TOTAL_EXAMPLE,
        hints: SIMULATED_HINTS_EXAMPLE,
      });
    }
    await socket.close();
  });

  it('pushes every inverter within 1 s of new data and at least every 10 s', async () => {
    const socket = await connectOpen(url());
    const dataAt: { serial: string; at: number }[] = [];
    const off = env.gateway.ctx.bus.on('live:inverter', (serial, change) => {
      if (change === 'data') dataAt.push({ serial, at: env.clock.now() });
    });
    const pushedAt: { serial: string; at: number }[] = [];
    const start = env.clock.now();
    for (let step = 0; step < 40; step++) {
      await env.advance(1000);
      await socket.sync();
      for (const frame of socket.messages.splice(0))
        pushedAt.push({ serial: serialOf(frame)!, at: env.clock.now() });
    }
    off();
    expect(dataAt.length).toBeGreaterThan(4);
    for (const { serial, at } of dataAt) {
      // A push in the same clock step as the data (answer at a step boundary) counts as at once.
      const pushed = pushedAt.find((p) => p.serial === serial && p.at >= at && p.at <= at + 1000);
      expect(pushed, `${serial} data at +${at - start} ms`).toBeDefined();
    }
    for (const serial of [HM_800, HMS_2000]) {
      const times = [start, ...pushedAt.filter((p) => p.serial === serial).map((p) => p.at)];
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      expect(Math.max(...gaps), serial).toBeLessThanOrEqual(10_000);
    }
    await socket.close();
  });

  it('ignores client frames ("ping", {"type":"ping"}) and answers nothing', async () => {
    const socket = await connectOpen(url());
    socket.ws.send('ping');
    socket.ws.send('{"type":"ping"}');
    socket.ws.send('anything else');
    await socket.sync();
    expect(socket.messages).toEqual([]);
    expect(socket.ws.readyState).toBe(1);
    await socket.close();
  });

  it('keeps at most --max-socket-clients clients (here 8): the oldest is closed with 1013', async () => {
    const sockets = [];
    for (let i = 0; i < 9; i++) sockets.push(await connectOpen(url()));
    expect((await sockets[0]!.closed).code).toBe(1013);
    await sockets[8]!.sync();
    expect(sockets.slice(1).every((s) => s.ws.readyState === 1)).toBe(true);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('auth: open for anyone while allow_readonly is on, else admin credentials or 401', async () => {
    const wrong = Buffer.from('admin:nope').toString('base64url');
    // On: anonymous, wrong and right credentials all get in.
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: `Basic ${wrong}` },
      { authorization: `Basic ${token}` },
    ];
    for (const headers of headerSets) {
      const socket = await connectOpen(url(), { headers });
      await socket.close();
    }
    await setAllowReadonly(false);
    for (const options of [
      {},
      { headers: { authorization: `Basic ${wrong}` } },
      { protocols: [`dtu-auth.${wrong}`] },
    ]) {
      const refused = await connect(url(), options);
      expect(refused.kind, JSON.stringify(options)).toBe('refused');
      if (refused.kind === 'refused') {
        expect(refused.status).toBe(401);
        expect(refused.headers['www-authenticate']).toMatch(/^Basic realm=/);
        expect(refused.body).toBe('');
      }
    }
    const refusedQuery = await connect(url(`?auth=${wrong}`));
    expect(refusedQuery.kind).toBe('refused');
    // A refused upgrade's connection is closed by the server (else it would hold a reboot's server.close()).
    const connections = () =>
      new Promise<number>((resolve) => env.gateway.http.server.getConnections((_e, n) => resolve(n)));
    await waitFor(async () => (await connections()) === 0);
    // Admin: Authorization header (what a browser sends for ws://admin:pw@host), ?auth= token, subprotocol.
    const byHeader = await connectOpen(url(), { headers: { authorization: `Basic ${token}` } });
    const byQuery = await connectOpen(url(`?auth=${token}`));
    const byProtocol = await connectOpen(url(), { protocols: ['dtu-console', `dtu-auth.${token}`] });
    expect(byProtocol.protocol).toBe('dtu-console');
    await env.advance(10_000);
    await byHeader.sync();
    expect(byHeader.messages.length).toBeGreaterThan(0);
    await Promise.all([byHeader.close(), byQuery.close(), byProtocol.close()]);
    await setAllowReadonly(true);
  });

  it('closes every open client when allow_readonly is turned off', async () => {
    const anonymous = await connectOpen(url());
    const admin = await connectOpen(url(), { headers: { authorization: `Basic ${token}` } });
    await setAllowReadonly(false);
    expect((await anonymous.closed).code).toBe(1008);
    expect((await admin.closed).code).toBe(1008);
    // Turning it back on closes nothing.
    const again = await connectOpen(url(), { headers: { authorization: `Basic ${token}` } });
    await setAllowReadonly(true);
    await again.sync();
    expect(again.ws.readyState).toBe(1);
    await again.close();
  });

  it('closes its clients when the gateway stops', async () => {
    const own = await plantGateway();
    const socket = await connectOpen(`ws://127.0.0.1:${own.port}/livedata`);
    await own.cleanup();
    expect((await socket.closed).code).toBe(1001);
  });
});
