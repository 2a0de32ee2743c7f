/**
 * Radio timing runs on a monotonic clock: the host's wall clock stepped by an hour forward or back in the
 * middle of an exchange (an NTP step on a Pi without a real-time clock, a manual time set) neither times a
 * chip out nor stalls a listen. Fake timers move Node's timers and `performance.now` together, and
 * `setSystemTime` steps only the wall clock (`Date`), as NTP would. The same steps against the old wiring
 * (the gateway clock as the drivers' timer) show what the test guards against.
 */
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModelRadio } from '../../../src/radio/model/virtual-air';
import type { RadioRequest, RadioSettings } from '../../../src/radio/radio';
import { monotonicTimer, type RadioTimer } from '../../../src/radio/radio-timer';
import { SeededRandom } from '../../../src/radio/simulated';
import { SystemClock } from '../../../src/system/clock';
import { HM, HMS, HOUR, NOON } from './stack';

const DTU = '199980112345';
const SETTINGS: RadioSettings = {
  dtuSerial: DTU,
  nrfEnabled: true,
  nrfPaLevel: 3,
  cmtEnabled: true,
  cmtPaLevel: 20,
  cmtFrequencyHz: 865_000_000,
  cmtCountry: 0,
};
const WINDOW_MS = { NRF24: 120, CMT: 250 } as const;

function build(timer: RadioTimer | undefined) {
  // The gateway clock reads the (fake) host wall clock.
  const clock = new SystemClock();
  const model = createModelRadio({
    clock,
    ...(timer ? { timer } : {}),
    random: new SeededRandom(7),
    location: () => ({ latitude: 51.1657, longitude: 10.4515 }),
    cloudiness: 0,
    faults: { weakSignal: false, packetLoss: 0, fragmentLoss: 0, corruption: 0 },
  });
  model.setInverters([{ serial: HM }, { serial: HMS }]);
  model.radio.configure(SETTINGS);
  return model;
}

const request = (radio: 'NRF24' | 'CMT'): RadioRequest => ({
  radio,
  frame: buildDataRequest({
    inverter: radio === 'NRF24' ? HM : HMS,
    dtu: DTU,
    dataType: DataType.RunData,
    time: Math.floor(Date.now() / 1000),
  }),
  // The HMS listens on its start-up frequency until a channel change.
  ...(radio === 'CMT' ? { frequencyHz: 868_000_000 } : {}),
  windowMs: WINDOW_MS[radio],
});

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
