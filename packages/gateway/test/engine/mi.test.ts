/**
 * The engine with virtual MI-300, MI-600 and MI-1500 (radio/simulated) beside an HM-800 and an HMS-2000 on
 * a ManualClock: the MI request chain, estimated AC power, the kept total yield, on/off with the status
 * event, and a limit attempt.
 */
import { ManualClock } from '@dtu-console/clock';
import { crc8 } from '@dtu-console/hoymiles';
import { SeededRandom, SimulatedRadio } from '@dtu-console/radio/simulated';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { InverterEngine } from '../../src/engine/engine';
import { LiveModel } from '../../src/engine/live-model';
import { MI_ESTIMATED_EFFICIENCY } from '../../src/engine/mi-values';
import { PLANT_LOCATION, plantSettings } from '../helpers/engine-plant';
import { recordTransmits } from '../helpers/transmits';

const MINUTE = 60_000;
const LOCATION = PLANT_LOCATION;
/** 21 June 2024 12:00 CEST. */
const NOON = Date.UTC(2024, 5, 21, 10, 0, 0);

export const MI300 = '102161200001';
export const MI600 = '104161200002';
export const MI1500 = '106161200003';
const HM800 = '114182345678';
const HMS2000 = '116683554321';

function plant(serials: string[], kept?: (serial: string) => number[]) {
  const clock = new ManualClock(NOON);
  const radio = new SimulatedRadio({
    clock,
    random: new SeededRandom(35),
    location: () => LOCATION,
    faults: { weakSignal: false },
    cloudiness: 0,
  });
  const sent = recordTransmits(radio);
  const live = new LiveModel({ bus: new EventBus(), now: () => clock.now() });
  if (kept) live.provideKeptYield(kept);
  const settings = plantSettings(serials);
  radio.setInverters(serials.map((serial) => ({ serial })));
  const engine = new InverterEngine({ clock, radio, live, settings });
  return { clock, radio, live, engine, sent };
}

describe('MI inverters in the engine', () => {
  it('polls each input, estimates AC power and reads model, firmware and grid profile', async () => {
    const p = plant([MI300, MI600, MI1500, HM800, HMS2000]);
    await p.engine.start();
    await p.clock.advance(2 * MINUTE);
    for (const serial of [MI300, MI600, MI1500]) {
      const inv = p.live.inverter(serial)!;
      const sim = p.radio.inspect(serial)!;
      expect(inv.hasData, serial).toBe(true);
      expect(inv.mi?.acPowerEstimated).toBe(true);
      const dc = inv.values.dc.reduce((s, d) => s + d.power, 0);
      expect(dc).toBeGreaterThan(50);
      expect(inv.values.ac.power).toBeCloseTo(dc * MI_ESTIMATED_EFFICIENCY, 0);
      expect(inv.values.ac.current).toBe(0);
      // The decoded input powers follow the virtual inverter's (0.1 W resolution, sampled a moment apart).
      inv.values.dc.forEach((d, c) => {
        expect(Math.abs(d.power - sim.dc[c]!.power)).toBeLessThan(sim.dc[c]!.power * 0.05 + 1);
      });
      expect(inv.deviceInfo.hwModelName).toBe(sim.model);
      expect(inv.maxPowerW).toBe(sim.ratedPowerW);
      expect(inv.mi?.gridProfile).toEqual({ code: 10, version: 3 });
    }
    expect(p.live.inverter(HM800)!.mi).toBeUndefined();
    expect(p.live.inverter(HM800)!.hasData).toBe(true);
    // The MI-1500 is asked 0x36..0x39, the MI-600 0x09 and 0x11, the MI-300 0x09 only.
    const commandsTo = (serial: string) =>
      new Set(
        p.sent
          .filter(
            (r) =>
              r.frame.length === 11 &&
              r.frame[1] === Number.parseInt(serial.slice(4, 6), 16) &&
              r.frame[4] === Number.parseInt(serial.slice(10, 12), 16),
          )
          .map((r) => r.frame[0]),
      );
    expect([...commandsTo(MI1500)].sort((a, b) => a! - b!)).toEqual([0x0f, 0x10, 0x36, 0x37, 0x38, 0x39]);
    expect([...commandsTo(MI600)].sort((a, b) => a! - b!)).toEqual([0x09, 0x0f, 0x10, 0x11]);
    expect([...commandsTo(MI300)].sort((a, b) => a! - b!)).toEqual([0x09, 0x0f, 0x10]);
    await p.engine.stop();
  });

  it('keeps the total yield from the energy before today plus today’s yield', async () => {
    const p = plant([MI600], () => [12_000, 8_000]);
    await p.engine.start();
    await p.clock.advance(MINUTE);
    const inv = p.live.inverter(MI600)!;
    const today = inv.values.dc.map((d) => d.yieldDay);
    expect(today[0]).toBeGreaterThan(0);
    expect(inv.values.dc[0]!.yieldTotal).toBeCloseTo((12_000 + today[0]!) / 1000, 6);
    expect(inv.values.dc[1]!.yieldTotal).toBeCloseTo((8_000 + today[1]!) / 1000, 6);
    await p.engine.stop();
  });

  it('switches off and on, logging the status event, and refuses a restart', async () => {
    const p = plant([MI600]);
    await p.engine.start();
    await p.clock.advance(MINUTE);
    expect(p.engine.setPower(MI600, 'restart')).toBe('invalid');
    expect(p.engine.setPower(MI600, 'off')).toBe('queued');
    await p.clock.advance(10_000);
    expect(p.live.inverter(MI600)!.powerSetStatus).toBe('Ok');
    expect(p.radio.inspect(MI600)!.on).toBe(false);
    const log = p.live.inverter(MI600)!.eventLog;
    expect(log.at(-1)).toMatchObject({ messageId: 8310, rawEnd: 0 });
    await p.clock.advance(MINUTE);
    expect(p.live.inverter(MI600)!.values.dc.every((d) => d.power === 0)).toBe(true);
    expect(p.engine.setPower(MI600, 'on')).toBe('queued');
    await p.clock.advance(10_000);
    expect(p.radio.inspect(MI600)!.on).toBe(true);
    const ended = p.live.inverter(MI600)!.eventLog.find((e) => e.messageId === 8310)!;
    expect(ended.rawEnd).toBeGreaterThan(0);
    await p.engine.stop();
  });

  it('sends a limit once the rated power is known, best effort', async () => {
    const p = plant([MI600]);
    await p.engine.start();
    await p.clock.advance(MINUTE);
    expect(p.live.inverter(MI600)!.maxPowerW).toBe(600);
    expect(p.engine.setLimit(MI600, { value: 50, type: 1 })).toBe('queued');
    await p.clock.advance(10_000);
    const inv = p.live.inverter(MI600)!;
    expect(inv.limitSetStatus).toBe('Ok');
    expect(inv.mi?.limitBestEffort).toBe(true);
    expect(p.radio.inspect(MI600)!.limit.temporary).toMatchObject({ value: 300, relative: false });
    await p.engine.stop();
  });

  it('fails a limit honestly while the rated power is unknown', async () => {
    const p = plant([MI600]);
    await p.engine.start();
    expect(p.engine.setLimit(MI600, { value: 50, type: 1 })).toBe('queued');
    await p.clock.advance(2_000);
    expect(p.live.inverter(MI600)!.maxPowerW).toBe(0);
    expect(p.live.inverter(MI600)!.limitSetStatus).toBe('Failure');
    await p.engine.stop();
  });
});

describe('MI answers to another DTU', () => {
  it('counts them and reads the values from its own answers only', async () => {
    const p = plant([MI600]);
    const transmit = p.radio.transmit.bind(p.radio);
    // Another DTU nearby asks the same MI: each of its answers is heard first, with a third address in
    // bytes 5..8 and other values.
    p.radio.transmit = async (request) => {
      const answers = await transmit(request);
      const foreign = answers.map((frame) => {
        const copy = frame.slice();
        copy.set([0x80, 0x99, 0x88, 0x77], 5);
        for (let i = 10; i < copy.length - 1; i++) copy[i] = copy[i]! ^ 0x5a;
        copy[copy.length - 1] = crc8(copy, 0, copy.length - 1);
        return copy;
      });
      return [...foreign, ...answers];
    };
    await p.engine.start();
    await p.clock.advance(2 * MINUTE);
    const inv = p.live.inverter(MI600)!;
    const sim = p.radio.inspect(MI600)!;
    expect(inv.hasData).toBe(true);
    expect(inv.otherDtuFrames).toBeGreaterThan(0);
    // The values are the virtual inverter's, not the foreign answers' (their bytes are all changed).
    inv.values.dc.forEach((d, c) => {
      expect(Math.abs(d.power - sim.dc[c]!.power)).toBeLessThan(sim.dc[c]!.power * 0.05 + 1);
    });
    expect(inv.deviceInfo.hwModelName).toBe(sim.model);
    await p.engine.stop();
  });
});
