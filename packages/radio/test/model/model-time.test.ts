/** ModelTime: the chip models' steps keep their due times, whenever the host gets round to them. */
import { describe, expect, it } from 'vitest';
import { ModelTime } from '../../src/model/model-time';
import type { RadioTimer } from '../../src/radio-timer';

/** A host whose time the test sets and whose timers fire only when the test says so. */
function host() {
  let now = 0;
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const timer: RadioTimer = {
    now: () => now,
    setTimer(ms, run) {
      const entry = { ms, run, cancelled: false };
      timers.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    sleep: () => Promise.resolve(),
  };
  return {
    timer,
    set: (ms: number) => {
      now = ms;
    },
    /** Fires the host timers still armed (late, as a held-up loop does). */
    fire: () => {
      for (const entry of timers.splice(0)) if (!entry.cancelled) entry.run();
    },
    armed: () => timers.filter((entry) => !entry.cancelled).map((entry) => entry.ms),
  };
}

describe('ModelTime', () => {
  it('runs a chain of steps at their due times, each counting from the one before, however late the host', () => {
    const h = host();
    const time = new ModelTime(h.timer);
    const seen: [string, number][] = [];
    time.setTimer(2, () => {
      seen.push(['first', time.now()]);
      time.setTimer(3, () => seen.push(['second', time.now()]));
    });
    // One host timer, for the earliest step.
    expect(h.armed()).toEqual([2]);
    h.set(100);
    h.fire();
    expect(seen).toEqual([
      ['first', 2],
      ['second', 5],
    ]);
    expect(time.now()).toBe(100);
  });

  it('runs what is due before the host looks (catchUp), in order of due time, and nothing that is not', () => {
    const h = host();
    const time = new ModelTime(h.timer);
    const seen: string[] = [];
    time.setTimer(10, () => seen.push('at 10'));
    time.setTimer(4, () => seen.push('at 4'));
    time.setTimer(4, () => seen.push('also at 4'));
    h.set(9);
    time.catchUp();
    expect(seen).toEqual(['at 4', 'also at 4']);
    // The host timer now waits for the step at 10.
    expect(h.armed()).toEqual([1]);
    h.set(10);
    time.catchUp();
    expect(seen).toEqual(['at 4', 'also at 4', 'at 10']);
    expect(h.armed()).toEqual([]);
  });

  it('never runs a cancelled step, and catchUp inside a step does nothing', () => {
    const h = host();
    const time = new ModelTime(h.timer);
    const seen: string[] = [];
    const cancel = time.setTimer(1, () => seen.push('cancelled'));
    time.setTimer(2, () => {
      time.catchUp();
      seen.push(`ran at ${time.now()}`);
    });
    time.setTimer(3, () => seen.push('after'));
    cancel();
    h.set(50);
    time.catchUp();
    expect(seen).toEqual(['ran at 2', 'after']);
  });
});
