/** The nRF24's IRQ line as the driver waits on it: edges, a trusted level, and a line stuck low. */

import { ManualClock } from '@dtu-console/clock';
import { describe, expect, it } from 'vitest';
import type { GpioEdge, GpioInput } from '../../../src/io';
import { IrqLine } from '../../../src/nrf24/driver/irq-line';

/** A GPIO input the test drives: `level` true is high (not asserted). */
function line() {
  const listeners = new Set<(edge: GpioEdge) => void>();
  let level = true;
  const input: GpioInput = {
    offset: 24,
    get: () => level,
    onEdge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {},
  };
  const fall = () => {
    level = false;
    for (const l of listeners) l({ offset: 24, rising: false, timestampNs: 0n, seqno: 1 });
  };
  return { input, fall, setLevel: (high: boolean) => (level = high), listeners };
}

describe('IRQ line', () => {
  it('wakes a waiter on a falling edge, and times out without one', async () => {
    const clock = new ManualClock(0);
    const gpio = line();
    const irq = new IrqLine(gpio.input, clock);
    irq.listen();
    const woken = irq.wait(100);
    gpio.fall();
    expect(await woken).toBe(true);
    gpio.setLevel(true);
    const idle = irq.wait(100);
    await clock.advance(100);
    expect(await idle).toBe(false);
  });

  it('answers at once while the trusted level is low', async () => {
    const gpio = line();
    const irq = new IrqLine(gpio.input, new ManualClock(0));
    gpio.setLevel(false);
    expect(irq.asserted).toBe(true);
    expect(await irq.wait(100)).toBe(true);
  });

  it('stops trusting a line found low with nothing to do, until the next set-up', async () => {
    const clock = new ManualClock(0);
    const gpio = line();
    const irq = new IrqLine(gpio.input, clock);
    gpio.setLevel(false);
    expect(irq.stuckLow()).toBe(true);
    // Its level no longer wakes: only the timer (or an edge) does.
    const waiting = irq.wait(50);
    await clock.advance(50);
    expect(await waiting).toBe(false);
    irq.trustLevel();
    expect(await irq.wait(50)).toBe(true);
    gpio.setLevel(true);
    expect(irq.stuckLow()).toBe(false);
  });

  it('listens once however often asked, and not after stop', () => {
    const gpio = line();
    const irq = new IrqLine(gpio.input, new ManualClock(0));
    irq.listen();
    irq.listen();
    expect(gpio.listeners.size).toBe(1);
    irq.stop();
    expect(gpio.listeners.size).toBe(0);
  });
});
