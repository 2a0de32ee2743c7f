/**
 * Radio timing runs on a monotonic clock: the host's wall clock stepped by an hour forward or back in the
 * middle of an exchange (an NTP step on a Pi without a real-time clock, a manual time set) neither times a
 * chip out nor stalls a listen. Fake timers move Node's timers and `performance.now` together, and
 * `setSystemTime` steps only the wall clock (`Date`), as NTP would. The same steps against the old wiring
 * (the gateway clock as the drivers' timer) show what the test guards against.
 */

import { SystemClock } from '@dtu-console/clock';
import { monotonicTimer, type RadioTimer } from '@dtu-console/radio/radio-timer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bareModelRadio, HOUR, NOON, runDataRequest, WINDOW_MS } from './stack';

// The gateway clock reads the (fake) host wall clock.
const build = (timer: RadioTimer | undefined) => bareModelRadio(new SystemClock(), timer, 7);
const request = (radio: 'NRF24' | 'CMT') => runDataRequest(radio, Date.now());

/** Moves the fake timers 1 ms at a time until `work` settles (or `limitMs` passed); steps the wall at `stepAtMs`. */
async function run<T>(work: Promise<T>, step?: { atMs: number; byMs: number }, limitMs = 5_000) {
  let result: { value: T } | undefined;
  void work.then((value) => {
    result = { value };
  });
  let elapsed = 0;
  while (!result && elapsed < limitMs) {
    if (step && elapsed === step.atMs) vi.setSystemTime(Date.now() + step.byMs);
    await vi.advanceTimersByTimeAsync(1);
    elapsed++;
  }
  return { value: result?.value, elapsed };
}

describe('radio timing on a monotonic clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'Date',
        'performance',
      ],
      now: NOON,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const radio of ['NRF24', 'CMT'] as const) {
    it(`${radio}: a wall step of an hour forward, then back, during exchanges: every answer, on time`, async () => {
      const model = build(monotonicTimer());
      await run(Promise.resolve(model.radio.start()));
      const baseline = await run(model.radio.transmit(request(radio)));
      expect(baseline.value!.length).toBeGreaterThan(1);
      for (const [atMs, byMs] of [
        [1, HOUR],
        [5, -2 * HOUR],
        [30, HOUR],
      ] as const) {
        const stepped = await run(model.radio.transmit(request(radio)), { atMs, byMs });
        expect(stepped.value, `step ${byMs} ms at ${atMs} ms`).toHaveLength(baseline.value!.length);
        // The exchange lasts its window, give or take the set-up: no stall, no early end.
        expect(Math.abs(stepped.elapsed - baseline.elapsed)).toBeLessThanOrEqual(2);
      }
      const status = model.radio.status();
      expect(status.nrf.connected && status.cmt.connected).toBe(true);
      const diagnostics = model.radio.diagnostics();
      expect(diagnostics.nrf?.ioErrors).toBe(0);
      expect(diagnostics.cmt?.ioErrors).toBe(0);
      expect(model.nrfModel.errors).toEqual([]);
      expect(model.cmtModel.errors).toEqual([]);
    });
  }

  it('the old wiring (wall time as the radio timer): a step forward ends the listen at once, a step back stalls it', async () => {
    const forwardModel = build(undefined);
    await run(Promise.resolve(forwardModel.radio.start()));
    const baseline = await run(forwardModel.radio.transmit(request('NRF24')));
    expect(baseline.value!.length).toBeGreaterThan(1);
    // Thirty ms into the listen the wall jumps an hour: the listen ends at once instead of lasting its
    // window (the chip models keep their own time, so what they heard by then still comes back).
    const forward = await run(forwardModel.radio.transmit(request('NRF24')), { atMs: 30, byMs: HOUR });
    expect(baseline.elapsed).toBeGreaterThanOrEqual(WINDOW_MS.NRF24);
    expect(forward.value).toBeDefined();
    expect(forward.elapsed).toBeLessThanOrEqual(30 + 5);

    const backModel = build(undefined);
    await run(Promise.resolve(backModel.radio.start()));
    const back = await run(backModel.radio.transmit(request('NRF24')), { atMs: 5, byMs: -HOUR }, 2_000);
    expect(back.value).toBeUndefined();
    expect(back.elapsed).toBe(2_000);
  });
});
