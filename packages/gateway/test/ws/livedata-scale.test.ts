/**
 * /livedata with 100 inverters: a push carries one inverter, an inverter is sent only when it changed or
 * its last push is 10 s old (the promised refresh), and a frame does not grow with the plant.
 */
import { describe, expect, it } from 'vitest';
import { LivedataHub, PUSH_REFRESH_MS } from '../../src/ws/livedata';
import { harness } from '../engine/harness';
import { FakeSocket } from '../helpers/fake-socket';

const serialOf = (index: number) => `1161${(0x71600000 + index).toString(16)}`;

function plant(count: number) {
  const serials = Array.from({ length: count }, (_, i) => serialOf(i));
  const h = harness({
    inverters: serials.map((serial, i) => ({ serial, name: `inv ${i}` })),
    pollIntervalS: 1,
  });
  for (const serial of serials) h.radio.add(serial);
  const hub = new LivedataHub({
    live: h.live,
    bus: h.bus,
    clock: h.clock,
    hints: () => ({ defaultPassword: false }),
  });
  const socket = new FakeSocket();
  hub.add(socket);
  const changed = new Set<string>();
  h.bus.on('live:inverter', (serial) => changed.add(serial));
  /** Clock time of every frame per serial. */
  const sentAt = new Map<string, number[]>();
  const send = socket.send.bind(socket);
  socket.send = (text: string) => {
    const serial = (JSON.parse(text) as { inverters: { serial: string }[] }).inverters[0]?.serial ?? '';
    sentAt.set(serial, [...(sentAt.get(serial) ?? []), h.clock.now()]);
    send(text);
  };
  return { ...h, hub, socket, changed, serials, sentAt };
}

const framesOf = (socket: FakeSocket) =>
  socket.frames.map((frame) => JSON.parse(frame) as { inverters: { serial: string }[] });

describe('/livedata at 100 inverters', () => {
  it('sends an inverter when it changed or at its 10 s refresh, one per frame, each the size of one inverter', async () => {
    const p = plant(100);
    await p.engine.start();
    // Past the first rounds (device info, event logs) and a refresh of every inverter.
    await p.clock.advance(4 * 60_000);
    await p.clock.advance(PUSH_REFRESH_MS);
    p.socket.frames.length = 0;
    p.changed.clear();
    // Less than the refresh interval: only changes are pushed.
    await p.clock.advance(5000);
    const frames = framesOf(p.socket);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame.inverters).toHaveLength(1);
    const sent = new Set(frames.map((frame) => frame.inverters[0]?.serial as string));
    for (const serial of sent) {
      if (p.changed.has(serial)) continue;
      // Unchanged: only as the refresh, 10 s after its previous push.
      const times = p.sentAt.get(serial) ?? [];
      expect((times.at(-1) ?? 0) - (times.at(-2) ?? 0)).toBeGreaterThanOrEqual(PUSH_REFRESH_MS);
    }
    // A round of 100 run-data windows takes ~50 s: in 5 s about a tenth of the plant has new data, and
    // about half is refreshed; a whole-plant snapshot would send all 100 every time.
    expect(sent.size).toBeLessThan(100);
    expect([...sent].filter((serial) => p.changed.has(serial)).length).toBeLessThan(25);
    const largest = Math.max(...p.socket.frames.map((frame) => frame.length));
    expect(largest).toBeLessThan(4096);
    await p.engine.stop();
    p.hub.stop();
  });
});
