/**
 * The grid signal from a ripple-control receiver's contacts on GPIO lines, against a fake GPIO host (the
 * kernel's character device as the radio's GPIO tests fake it): the lines requested as inputs with both
 * edges and a pull-up, the step read at start, relay bounce debounced, a line that becomes unreadable
 * reported as lost with the last step kept, and the lines opened again once they can be read.
 */
import { ManualClock } from '@dtu-console/clock';
import { FeedInLimits } from '@dtu-console/contract';
import { errno, FakeHost } from '@dtu-console/radio/linux/fake-syscalls';
import {
  GpioLineConfigLayout as C,
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_V2_GET_LINE_IOCTL,
  GPIO_V2_LINE_GET_VALUES_IOCTL,
  GpioLineFlag,
  GpioLineRequestLayout as R,
} from '@dtu-console/radio/linux/gpio-abi';
import { describe, expect, it } from 'vitest';
import { GpioSignalSource } from '../../src/grid-signal/gpio-source';
import type { SignalSink } from '../../src/grid-signal/source';
import type { SignalStep } from '../../src/grid-signal/steps';

const CHIP = '/dev/gpiochip0';
/** K1..K3 wired; K4 not. */
const LINES = [17, 27, 22, -1];

/** A Raspberry Pi's chip whose line levels the test sets; reads fail while `readError` is set. */
function receiver() {
  const host = new FakeHost();
  const levels = new Map<number, boolean>(LINES.filter((l) => l >= 0).map((l) => [l, true]));
  const state = { readError: undefined as string | undefined, requestFlags: new Map<number, bigint>() };
  host.device(CHIP, {
    ioctl(request, arg, self) {
      if (request === GPIO_GET_CHIPINFO_IOCTL) {
        arg.write('gpiochip0', 0, 'latin1');
        arg.write('pinctrl-bcm2711', 32, 'latin1');
        arg.writeUInt32LE(54, 64);
      } else if (request === GPIO_V2_GET_LINE_IOCTL) {
        const offset = arg.readUInt32LE(R.offsets);
        state.requestFlags.set(offset, arg.readBigUInt64LE(R.config + C.flags));
        arg.writeInt32LE(self.handle(`${CHIP} line ${offset}`), R.fd);
      } else if (request === GPIO_V2_LINE_GET_VALUES_IOCTL) {
        if (state.readError) errno(state.readError)();
        const path = self.openFds.get(self.calls.at(-1)!.fd)!;
        const offset = Number(/line (\d+)$/.exec(path)![1]);
        arg.writeBigUInt64LE(levels.get(offset) ? 1n : 0n, 0);
      }
      return undefined;
    },
  });
  const fdOf = (offset: number) =>
    [...host.openFds.entries()].find(([, path]) => path === `${CHIP} line ${offset}`)?.[0];
  /** The line changes level and the kernel queues an edge event on its handle. */
  const edge = (offset: number, high: boolean, seqno: number) => {
    levels.set(offset, high);
    const bytes = Buffer.alloc(48);
    bytes.writeBigUInt64LE(BigInt(seqno) * 1000n, 0);
    bytes.writeUInt32LE(high ? 1 : 2, 8);
    bytes.writeUInt32LE(offset, 12);
    bytes.writeUInt32LE(seqno, 20);
    const fd = fdOf(offset)!;
    host.pending.set(fd, Buffer.concat([host.pending.get(fd) ?? Buffer.alloc(0), bytes]));
  };
  /** The running poll() returns: queued edges are read. */
  const deliver = () => {
    while (host.waits.length > 0 && [...host.pending.values()].some((b) => b.length > 0)) host.finishWait();
  };
  return { host, levels, state, fdOf, edge, deliver };
}

/** Lets every running poll() return, so handles closed meanwhile are released. */
function settle(r: ReturnType<typeof receiver>) {
  while (r.host.waits.length > 0) r.host.finishWait();
}

function sink() {
  const steps: SignalStep[] = [];
  const lost: string[] = [];
  const s: SignalSink = { step: (step) => steps.push(step), lost: (problem) => lost.push(problem) };
  return { s, steps, lost };
}

async function started(r: ReturnType<typeof receiver>, clock: ManualClock) {
  const out = sink();
  const source = new GpioSignalSource({
    chip: CHIP,
    lines: LINES,
    activeLow: true,
    steps: [100, 60, 30, 0],
    clock,
    host: async () => r.host,
  });
  source.start(out.s);
  await clock.advance(0);
  return { source, ...out };
}

describe('grid signal on GPIO', () => {
  it('requests the wired lines as inputs with both edges and a pull-up, and reads the step at once', async () => {
    const r = receiver();
    r.levels.set(27, false); // K2 closed (active low)
    const clock = new ManualClock(0);
    const { source, steps, lost } = await started(r, clock);
    expect([...r.state.requestFlags.keys()]).toEqual([17, 27, 22]);
    for (const flags of r.state.requestFlags.values()) {
      expect(flags & GpioLineFlag.INPUT).toBe(GpioLineFlag.INPUT);
      expect(flags & GpioLineFlag.EDGE_RISING).toBe(GpioLineFlag.EDGE_RISING);
      expect(flags & GpioLineFlag.EDGE_FALLING).toBe(GpioLineFlag.EDGE_FALLING);
      expect(flags & GpioLineFlag.BIAS_PULL_UP).toBe(GpioLineFlag.BIAS_PULL_UP);
    }
    expect(steps).toEqual([{ percent: 60, contact: 2 }]);
    expect(lost).toEqual([]);
    source.stop();
    // Every line handle and the chip closed again (a handle under a running poll() once it returns).
    settle(r);
    expect(r.host.openFds.size).toBe(0);
  });

  it('debounces relay bounce: a step counts once the lines were quiet for the debounce time', async () => {
    const r = receiver();
    const clock = new ManualClock(0);
    const { source, steps } = await started(r, clock);
    expect(steps).toEqual([{ percent: 100, contact: 0 }]);
    // K3 closes and bounces three times, 20 ms apart.
    let seq = 1;
    for (const high of [false, true, false, true, false]) {
      r.edge(22, high, seq++);
      r.deliver();
      await clock.advance(20);
    }
    // 20 ms after the last bounce: not yet.
    expect(steps).toHaveLength(1);
    await clock.advance(FeedInLimits.debounceMs - 20);
    expect(steps.at(-1)).toEqual({ percent: 30, contact: 3 });
    expect(steps).toHaveLength(2);
    // A glitch shorter than the debounce time that returns to the same level shows no other step.
    r.edge(22, true, seq++);
    r.deliver();
    await clock.advance(10);
    r.edge(22, false, seq++);
    r.deliver();
    await clock.advance(FeedInLimits.debounceMs + 10);
    expect(new Set(steps.slice(1).map((s) => s.percent))).toEqual(new Set([30]));
    // Two contacts closed: the strictest.
    r.edge(17, false, seq++);
    r.deliver();
    await clock.advance(FeedInLimits.debounceMs + 10);
    expect(steps.at(-1)).toEqual({ percent: 30, contact: 3 });
    source.stop();
  });

  it('a line that cannot be read is lost (the last step stays with the sink); reopened when readable', async () => {
    const r = receiver();
    r.levels.set(17, false);
    const clock = new ManualClock(0);
    const { source, steps, lost } = await started(r, clock);
    expect(steps).toEqual([{ percent: 100, contact: 1 }]);
    r.state.readError = 'EIO';
    await clock.advance(FeedInLimits.gpioCheckMs);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(/gpiochip0 line 17/);
    expect(steps).toHaveLength(1);
    r.state.readError = undefined;
    r.levels.set(17, true);
    r.levels.set(22, false);
    await clock.advance(2 * FeedInLimits.gpioCheckMs);
    expect(steps.at(-1)).toEqual({ percent: 30, contact: 3 });
    source.stop();
    settle(r);
    expect(r.host.openFds.size).toBe(0);
  });

  it('says plainly when the chip is missing or the host has no GPIO', async () => {
    const clock = new ManualClock(0);
    const r = receiver();
    const out = sink();
    const missing = new GpioSignalSource({
      chip: '/dev/gpiochip7',
      lines: LINES,
      activeLow: true,
      steps: [100, 60, 30, 0],
      clock,
      host: async () => r.host,
    });
    missing.start(out.s);
    await clock.advance(0);
    expect(out.steps).toEqual([]);
    expect(out.lost[0]).toMatch(/gpiochip7/);
    missing.stop();
    const noFfi = sink();
    const none = new GpioSignalSource({
      chip: CHIP,
      lines: LINES,
      activeLow: true,
      steps: [100, 60, 30, 0],
      clock,
      host: () => Promise.reject(new Error('the koffi package could not be loaded')),
    });
    none.start(noFfi.s);
    await clock.advance(0);
    expect(noFfi.lost[0]).toMatch(/GPIO unavailable: the koffi package/);
    none.stop();
  });
});
