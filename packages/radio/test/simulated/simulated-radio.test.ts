/** The radio around the virtual inverters: status, routing, addressing, faults, determinism, inverter list. */

import { type Clock, ManualClock } from '@dtu-console/clock';
import { buildLimitRequest, crc8, DataType, LimitType, parseFrame } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { SeededRandom, SimulatedRadio } from '../../src/simulated';
import { DTU_SERIAL, LOCATION, MIDSUMMER, SERIALS, SETTINGS, setup, TestDtu } from './helpers';

const NOON = MIDSUMMER + 11 * 3_600_000;
const HM = SERIALS.HM_2CH;

/** n single run-data transmissions (no resends); how many got no answer at all, and the pattern. */
async function lossPattern(sim: ReturnType<typeof setup>, n: number, serial = HM) {
  const pattern: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const frames = await sim.radio.transmit({
      radio: 'NRF24',
      frame: sim.dtu.dataRequest(serial, DataType.RunData),
      windowMs: 500,
    });
    pattern.push(frames.length === 0);
    await sim.clock.advance(1000);
  }
  return { lost: pattern.filter(Boolean).length, pattern };
}

describe('status and life cycle', () => {
  it('says it is simulated and reports both radios configured and connected once enabled and started', () => {
    const radio = new SimulatedRadio({
      clock: new ManualClock(NOON),
      random: new SeededRandom(1),
      location: () => LOCATION,
    });
    expect(radio.name).toMatch(/simulated/);
    expect(radio.status()).toEqual({
      nrf: { configured: false, connected: false, pvariant: false },
      cmt: { configured: false, connected: false },
      simulated: true,
    });
    radio.configure(SETTINGS);
    expect(radio.status().nrf).toEqual({ configured: true, connected: false, pvariant: true });
    radio.start();
    expect(radio.status()).toEqual({
      nrf: { configured: true, connected: true, pvariant: true },
      cmt: { configured: true, connected: true },
      simulated: true,
    });
    radio.configure({ ...SETTINGS, cmtEnabled: false });
    expect(radio.status().cmt).toEqual({ configured: false, connected: false });
    radio.stop();
    expect(radio.status().nrf.connected).toBe(false);
  });

  it('is silent when stopped or when the radio kind is disabled', async () => {
    const sim = setup({ start: NOON });
    const frame = sim.dtu.dataRequest(HM, DataType.RunData);
    expect((await sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 500 })).length).toBe(3);
    sim.radio.stop();
    expect(await sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 500 })).toEqual([]);
    sim.radio.start();
    sim.radio.configure({ ...SETTINGS, nrfEnabled: false });
    expect(await sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 500 })).toEqual([]);
  });

  it('resolves at once without timers, never rejecting on garbage', async () => {
    const sim = setup({ start: NOON });
    const garbage = [new Uint8Array(0), Uint8Array.of(1, 2, 3), new Uint8Array(40)];
    for (const frame of garbage) {
      await expect(sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 500 })).resolves.toEqual([]);
    }
  });
});

describe('addressing', () => {
  it('answers only frames addressed to a configured inverter, with a good CRC8, from our DTU', async () => {
    const sim = setup({ start: NOON });
    const good = sim.dtu.dataRequest(HM, DataType.RunData);
    expect((await sim.radio.transmit({ radio: 'NRF24', frame: good, windowMs: 500 })).length).toBe(3);

    const stranger = sim.dtu.dataRequest(SERIALS.HM_1CH, DataType.RunData);
    expect(await sim.radio.transmit({ radio: 'NRF24', frame: stranger, windowMs: 500 })).toEqual([]);

    const badCrc = good.slice();
    badCrc[badCrc.length - 1]! ^= 0xff;
    expect(await sim.radio.transmit({ radio: 'NRF24', frame: badCrc, windowMs: 500 })).toEqual([]);

    // Answers to another DTU's request go to that DTU's address, which our transceiver does not hear.
    const otherDtu = new TestDtu(sim.radio, sim.clock, '199980199999');
    const foreign = otherDtu.dataRequest(HM, DataType.RunData);
    expect(await sim.radio.transmit({ radio: 'NRF24', frame: foreign, windowMs: 500 })).toEqual([]);
  });

  it('answers fragments addressed back to the DTU, numbered 1..n with the last one flagged', async () => {
    const sim = setup({ start: NOON });
    const frames = await sim.radio.transmit({
      radio: 'NRF24',
      frame: sim.dtu.dataRequest(HM, DataType.RunData),
      windowMs: 500,
    });
    const parsed = frames.map((f) => parseFrame(f, { inverter: HM, dtu: DTU_SERIAL }));
    expect(parsed.map((p) => p.ok && [p.value.command, p.value.fragment, p.value.last])).toEqual([
      [0x95, 1, false],
      [0x95, 2, false],
      [0x95, 3, true],
    ]);
  });

  it('lets two inverters with the same radio address garble each other, as on the air', async () => {
    // 112483748174 (HMS-1T) and 140083748174 (HMS-1T v2) share the address 83748174.
    const sim = setup({
      start: NOON,
      serials: ['112483748174', '140083748174'],
      settings: { cmtFrequencyHz: 868_000_000 },
    });
    expect(await sim.dtu.runData('112483748174')).toBeUndefined();
  });

  it('answers only what fits in the answer window', async () => {
    const sim = setup({ start: NOON });
    const frame = sim.dtu.dataRequest(HM, DataType.RunData);
    expect(await sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 5 })).toEqual([]);
    expect((await sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 10 })).length).toBe(1);
    expect((await sim.radio.transmit({ radio: 'NRF24', frame, windowMs: 100 })).length).toBe(3);
  });
});

describe('faults', () => {
  it('loses about 30 % of the frames at 30 % packet loss, the same ones for the same seed', async () => {
    const faults = { packetLoss: 0.3, weakSignal: false };
    const a = await lossPattern(setup({ start: NOON, seed: 11, faults }), 1000);
    const b = await lossPattern(setup({ start: NOON, seed: 11, faults }), 1000);
    const c = await lossPattern(setup({ start: NOON, seed: 12, faults }), 1000);
    expect(a.lost).toBeGreaterThan(260);
    expect(a.lost).toBeLessThan(340);
    expect(b.pattern).toEqual(a.pattern);
    expect(c.pattern).not.toEqual(a.pattern);
  });

  it('loses nothing without faults and at full transmit power', async () => {
    const sim = setup({ start: NOON, faults: {}, settings: { nrfPaLevel: 3 } });
    expect((await lossPattern(sim, 300)).lost).toBe(0);
  });

  it('loses more at a low nRF PA level and a low CMT power', async () => {
    const low = await lossPattern(setup({ start: NOON, faults: {}, settings: { nrfPaLevel: 0 } }), 2000);
    const high = await lossPattern(setup({ start: NOON, faults: {}, settings: { nrfPaLevel: 2 } }), 2000);
    expect(low.lost).toBeGreaterThan(15);
    expect(low.lost).toBeGreaterThan(high.lost * 2);

    const cmt = async (cmtPaLevel: number) => {
      const sim = setup({
        start: NOON,
        serials: [SERIALS.HMS_2CH],
        faults: {},
        settings: { cmtPaLevel, cmtFrequencyHz: 868_000_000 },
      });
      let lost = 0;
      for (let i = 0; i < 2000; i++) {
        const frame = sim.dtu.dataRequest(SERIALS.HMS_2CH, DataType.RunData);
        if ((await sim.radio.transmit({ radio: 'CMT', frame, windowMs: 500 })).length < 3) lost++;
        await sim.clock.advance(1000);
      }
      return lost;
    };
    const weak = await cmt(-10);
    expect(weak).toBeGreaterThan(100);
    expect(await cmt(20)).toBe(0);
  });

  it('corrupts fragments so that their CRC8 fails', async () => {
    const sim = setup({ start: NOON, faults: { corruption: 1, weakSignal: false } });
    const frames = await sim.radio.transmit({
      radio: 'NRF24',
      frame: sim.dtu.dataRequest(HM, DataType.RunData),
      windowMs: 500,
    });
    expect(frames).toHaveLength(3);
    for (const frame of frames) {
      const parsed = parseFrame(frame);
      expect(parsed.ok || parsed.error.code).toBe('bad-crc8');
      expect(crc8(frame, 0, frame.length - 1)).not.toBe(frame[frame.length - 1]);
    }
    // The inverter's own copy is untouched: a clean radio gets a good answer again.
    sim.radio.setFaults({ weakSignal: false });
    expect(await sim.dtu.runData(HM)).toBeDefined();
  });

  it('loses and corrupts single fragments, which re-requests repair', async () => {
    const sim = setup({
      start: NOON,
      seed: 5,
      faults: { fragmentLoss: 0.2, corruption: 0.1, weakSignal: false },
    });
    let complete = 0;
    let reRequests = 0;
    for (let i = 0; i < 100; i++) {
      const result = await sim.dtu.exchange(HM, sim.dtu.dataRequest(HM, DataType.RunData));
      if (result.payload) complete++;
      reRequests += result.reRequests;
      await sim.clock.advance(5000);
    }
    expect(reRequests).toBeGreaterThan(30);
    expect(complete).toBeGreaterThan(95);
  });

  it('sends truncated run data in marginal light when asked to', async () => {
    const sim = setup({
      start: MIDSUMMER + 3 * 3_600_000,
      faults: { lowLightTruncation: 1, weakSignal: false },
    });
    // Just after waking there is very little light.
    for (let i = 0; i < 60 && !sim.radio.inspect(HM)!.awake; i++) await sim.clock.advance(60_000);
    expect(sim.radio.inspect(HM)!.awake).toBe(true);
    const result = await sim.dtu.exchange(HM, sim.dtu.dataRequest(HM, DataType.RunData));
    expect(result.payload).toBeDefined();
    expect(result.payload!.length).toBeLessThan(44);
    await expect(sim.dtu.runData(HM)).rejects.toThrow(/expected/);
    // In good light the answers are whole again.
    await sim.clock.advance(3 * 3_600_000);
    expect(await sim.dtu.runData(HM)).toBeDefined();
  });
});

describe('determinism and the inverter list', () => {
  it('gives byte-identical answers for the same seed and different ones for another seed', async () => {
    const run = async (seed: number) => {
      const sim = setup({ start: NOON, seed, cloudiness: 'variable', serials: [HM, SERIALS.HMS_4CH] });
      const answers: number[][] = [];
      for (let i = 0; i < 20; i++) {
        const frames = await sim.radio.transmit({
          radio: 'NRF24',
          frame: sim.dtu.dataRequest(HM, DataType.RunData),
          windowMs: 500,
        });
        answers.push(...frames.map((f) => [...f]));
        await sim.clock.advance(30_000);
      }
      return answers;
    };
    expect(await run(3)).toEqual(await run(3));
    expect(await run(3)).not.toEqual(await run(4));
  });

  it('puts the same clouds over every inverter of the plant', async () => {
    const sim = setup({
      start: NOON - 4 * 3_600_000,
      seed: 8,
      cloudiness: 'variable',
      serials: [HM, SERIALS.HM_4CH],
    });
    const share = (serial: string) => {
      const s = sim.radio.inspect(serial)!;
      return s.availableDcW.reduce((a, b) => a + b, 0) / s.peakPowerW.reduce((a, b) => a + b, 0);
    };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 8 * 60; i++) {
      a.push(share(HM));
      b.push(share(SERIALS.HM_4CH));
      await sim.clock.advance(60_000);
    }
    // Minute-to-minute changes (clouds) go the same way on both.
    const da = a.slice(1).map((v, i) => v - a[i]!);
    const db = b.slice(1).map((v, i) => v - b[i]!);
    expect(correlation(da, db)).toBeGreaterThan(0.8);
    expect(Math.max(...da.map(Math.abs))).toBeGreaterThan(0.01);
  });

  it('keeps the state of inverters that stay, adds new ones, drops removed and unknown ones', async () => {
    const sim = setup({ start: NOON, serials: [HM] });
    const limit = buildLimitRequest({
      inverter: HM,
      dtu: DTU_SERIAL,
      limitType: LimitType.RelativeNonPersistent,
      limit: 30,
      encoding: 'HM',
    });
    expect(await sim.dtu.control(HM, limit)).toBe(true);
    const before = sim.radio.inspect(HM)!;
    await sim.clock.advance(60_000);
    sim.radio.setInverters([
      { serial: HM, maxPowerW: [500, 500] },
      { serial: SERIALS.HM_1CH },
      { serial: '999912345678' },
    ]);
    const after = sim.radio.inspect(HM)!;
    expect(after.limit.temporary).toEqual({ value: 30, relative: true });
    expect(after.yieldTotalKWh[0]).toBeGreaterThanOrEqual(before.yieldTotalKWh[0]!);
    expect(after.yieldTotalKWh[0]! - before.yieldTotalKWh[0]!).toBeLessThan(0.01);
    expect(after.peakPowerW).toEqual([500, 500]);
    expect(sim.radio.inspect(SERIALS.HM_1CH)?.awake).toBe(true);
    expect(sim.radio.inspect('999912345678')).toBeUndefined();
    // A new inverter arrives with today's yield so far.
    expect(sim.radio.inspect(SERIALS.HM_1CH)!.yieldDayWh[0]).toBeGreaterThan(500);

    sim.radio.setInverters([{ serial: SERIALS.HM_1CH }]);
    expect(sim.radio.inspect(HM)).toBeUndefined();
    expect(await sim.dtu.runData(HM, { maxResends: 0 })).toBeUndefined();
  });

  it('copes with the clock jumping back and far ahead', () => {
    let now = NOON;
    const clock: Clock = {
      now: () => now,
      isSynchronised: () => true,
      setTimer: () => () => {},
      sleep: () => Promise.resolve(),
    };
    const radio = new SimulatedRadio({
      clock,
      random: new SeededRandom(42),
      location: () => LOCATION,
      cloudiness: 0,
    });
    radio.configure(SETTINGS);
    radio.start();
    radio.setInverters([{ serial: HM }]);
    const atNoon = radio.inspect(HM)!;
    // Set back an hour: nothing is taken back, nothing breaks.
    now = NOON - 3_600_000;
    const back = radio.inspect(HM)!;
    expect(back.yieldDayWh).toEqual(atNoon.yieldDayWh);
    expect(back.awake).toBe(true);
    now = NOON + 3_600_000;
    expect(radio.inspect(HM)!.yieldDayWh[0]).toBeGreaterThan(atNoon.yieldDayWh[0]!);
    // Thirty days ahead in one step stays cheap and lands on a sensible new day.
    now += 30 * 86_400_000;
    const started = performance.now();
    const later = radio.inspect(HM)!;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(later.awake).toBe(true);
    expect(later.yieldDayWh[0]).toBeGreaterThan(500);
    expect(later.yieldDayWh[0]).toBeLessThan(4000);
    expect(later.yieldTotalKWh[0]! - atNoon.yieldTotalKWh[0]!).toBeGreaterThan(30 * 1.5);
  });
});

function correlation(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xi, i) => {
    const dx = xi - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  });
  return sxy / Math.sqrt(sxx * syy);
}
