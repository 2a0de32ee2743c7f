/**
 * The SystemClock's advance() (`--test-clock`): time passing in a moment. Timers due in the span fire in
 * order at their own moments, later ones keep their remaining gateway time, and the clock never steps back.
 * The host clock is injected and stands still unless a test moves it; host timeouts are Node's, faked
 * where a test needs to see when one would fire.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAdvanceableClock, ManualClock, SystemClock } from '../src/clock';

const NOON = Date.UTC(2026, 5, 21, 10);

/** A SystemClock on a host clock that moves only when the test says so. */
function clockAtNoon() {
  const host = { now: 1_000_000 };
  const clock = new SystemClock({ startAt: NOON, hostNow: () => host.now });
  return { clock, host };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SystemClock.advance', () => {
  it('is what the test route looks for, on the system clock and the manual one alike', () => {
    expect(isAdvanceableClock(new SystemClock())).toBe(true);
    expect(isAdvanceableClock(new ManualClock(0))).toBe(true);
    expect(isAdvanceableClock({ now: () => 0 } as never)).toBe(false);
  });

  it('fires every timer due in the span in time order, each at its own moment, the host clock standing still', async () => {
    const { clock } = clockAtNoon();
    const seen: string[] = [];
    const at = (tag: string) => () => seen.push(`${tag}@${clock.now() - NOON}`);
    clock.setTimer(45_000, at('c'));
    clock.setTimer(15_000, at('a'));
    clock.setTimer(30_000, at('b1'));
    clock.setTimer(30_000, at('b2'));
    const cancel = clock.setTimer(20_000, at('cancelled'));
    cancel();
    clock.setTimer(61_000, at('later'));
    await clock.advance(60_000);
    expect(seen).toEqual(['a@15000', 'b1@30000', 'b2@30000', 'c@45000']);
    expect(clock.now()).toBe(NOON + 60_000);
  });

  it('lets the async work a timer starts settle before the next timer, and runs timers set meanwhile', async () => {
    const { clock } = clockAtNoon();
    const seen: string[] = [];
    // A poll: every 5 s it awaits an answer (a sleep on the same clock), then schedules the next.
    const poll = () => {
      void (async () => {
        await clock.sleep(200);
        seen.push(`answer@${clock.now() - NOON}`);
        clock.setTimer(4_800, poll);
      })();
    };
    clock.setTimer(0, poll);
    clock.setTimer(10_100, () => seen.push(`check@${clock.now() - NOON}`));
    await clock.advance(15_000);
    expect(seen).toEqual(['answer@200', 'answer@5200', 'check@10100', 'answer@10200']);
  });

  it('keeps a later timer’s remaining gateway time: its host timeout counts from the advanced clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { clock } = clockAtNoon();
    const fired = vi.fn();
    clock.setTimer(90_000, fired);
    await clock.advance(60_000);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29_999);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('fires a timer once: by its host timeout, or by advance, never both', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { clock } = clockAtNoon();
    const byHost = vi.fn();
    const byAdvance = vi.fn();
    clock.setTimer(1_000, byHost);
    clock.setTimer(2_000, byAdvance);
    vi.advanceTimersByTime(1_000);
    expect(byHost).toHaveBeenCalledTimes(1);
    await clock.advance(5_000);
    vi.advanceTimersByTime(10_000);
    expect(byHost).toHaveBeenCalledTimes(1);
    expect(byAdvance).toHaveBeenCalledTimes(1);
  });

  it('resolves sleeps in the span', async () => {
    const { clock } = clockAtNoon();
    let woke = 0;
    const sleeping = clock.sleep(30_000).then(() => {
      woke = clock.now();
    });
    await clock.advance(30_000);
    await sleeping;
    expect(woke).toBe(NOON + 30_000);
  });

  it('never steps back when the host clock ran on while a timer worked', async () => {
    const { clock, host } = clockAtNoon();
    const seen: number[] = [];
    clock.setTimer(1_000, () => {
      host.now += 3_000; // a slow callback: 3 s of host time
      seen.push(clock.now() - NOON);
    });
    clock.setTimer(2_000, () => seen.push(clock.now() - NOON));
    await clock.advance(5_000);
    // The second timer was due at 2 s, but the gateway clock had already reached 4 s.
    expect(seen).toEqual([4_000, 4_000]);
    expect(clock.now()).toBe(NOON + 5_000 + 3_000);
  });

  it('takes overlapping calls one after the other', async () => {
    const { clock } = clockAtNoon();
    const seen: number[] = [];
    clock.setTimer(45_000, () => seen.push(clock.now() - NOON));
    await Promise.all([clock.advance(30_000), clock.advance(30_000)]);
    expect(seen).toEqual([45_000]);
    expect(clock.now()).toBe(NOON + 60_000);
  });

  it('after a manual time set, counts a pending timer from the new time (a correction is not time passing)', async () => {
    const { clock } = clockAtNoon();
    const fired = vi.fn();
    clock.setTimer(60_000, fired);
    clock.setTime(NOON + 3_600_000);
    await clock.advance(59_000);
    expect(fired).not.toHaveBeenCalled();
    await clock.advance(1_000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('still runs timers on the host clock without any advance', async () => {
    const clock = new SystemClock();
    const fired = await new Promise<number>((resolve) => clock.setTimer(5, () => resolve(clock.now())));
    expect(fired).toBeGreaterThan(0);
  });
});
