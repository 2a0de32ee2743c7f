import { describe, expect, it } from 'vitest';
import { ManualClock, SystemClock } from '../src/clock';

describe('SystemClock', () => {
  it('trusts the host clock by default and follows it', () => {
    let host = 1_000_000;
    const clock = new SystemClock({ hostNow: () => host });
    expect(clock.isSynchronised()).toBe(true);
    expect(clock.now()).toBe(1_000_000);
    host += 5000;
    expect(clock.now()).toBe(1_005_000);
  });

  it('starts at a given moment and runs on (--sim-start)', () => {
    let host = 1_000_000;
    const start = Date.UTC(2026, 5, 21, 12);
    const clock = new SystemClock({ startAt: start, requireSync: true, hostNow: () => host });
    expect(clock.now()).toBe(start);
    expect(clock.isSynchronised()).toBe(true);
    host += 60_000;
    expect(clock.now()).toBe(start + 60_000);
  });

  it('with requireSync waits for a time set, which moves only its own offset', () => {
    let host = 1_000_000;
    const clock = new SystemClock({ requireSync: true, hostNow: () => host });
    expect(clock.isSynchronised()).toBe(false);
    clock.setTime(5_000_000);
    expect(clock.isSynchronised()).toBe(true);
    expect(clock.now()).toBe(5_000_000);
    host += 1000;
    expect(clock.now()).toBe(5_001_000);
  });
});

describe('ManualClock', () => {
  it('fires timers in time order while advancing, and lets async work settle between them', async () => {
    const clock = new ManualClock(0);
    const seen: string[] = [];
    clock.setTimer(200, () => seen.push(`b@${clock.now()}`));
    clock.setTimer(100, async () => {
      await clock.sleep(50);
      seen.push(`a2@${clock.now()}`);
    });
    const cancel = clock.setTimer(120, () => seen.push('cancelled'));
    cancel();
    await clock.advance(1000);
    expect(seen).toEqual(['a2@150', 'b@200']);
    expect(clock.now()).toBe(1000);
  });
});
