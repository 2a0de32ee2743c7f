/**
 * A simulated midsummer day at the default location for one inverter of every family, polled every
 * minute like the engine would (with a channel change when an HMS/HMT does not answer).
 */
import { FAMILIES, type FamilyId, familyOfSerial, type RunData } from '@dtu-console/hoymiles';
import { getTimes } from 'suncalc';
import { beforeAll, describe, expect, it } from 'vitest';
import { sunPosition } from '../../src/simulated/physics';
import {
  LOCATION,
  MIDSUMMER,
  SERIALS,
  type Setup,
  setup,
  totalDcPower,
  totalYieldDay,
  totalYieldTotal,
} from './helpers';

const MINUTE = 60_000;
const SOLAR_NOON = getTimes(
  new Date(MIDSUMMER + 12 * 3_600_000),
  LOCATION.latitude,
  LOCATION.longitude,
).solarNoon.getTime();

interface Poll {
  t: number;
  data: RunData | undefined;
}

const serials = Object.values(SERIALS);
const polls = new Map<string, Poll[]>();
const nextMorning = new Map<string, RunData>();
let sim: Setup;

beforeAll(async () => {
  sim = setup({ serials });
  for (const serial of serials) polls.set(serial, []);
  for (let t = MIDSUMMER; t < MIDSUMMER + 24 * 60 * MINUTE; t += MINUTE) {
    for (const serial of serials) polls.get(serial)!.push({ t, data: await sim.dtu.poll(serial) });
    await sim.clock.advance(MINUTE);
  }
  // On into the next morning until every inverter has answered once.
  for (let i = 0; i < 8 * 60 && nextMorning.size < serials.length; i++) {
    for (const serial of serials) {
      if (nextMorning.has(serial)) continue;
      const data = await sim.dtu.poll(serial);
      if (data) nextMorning.set(serial, data);
    }
    await sim.clock.advance(MINUTE);
  }
  // A whole simulated day and morning of polls: about 3 s of CPU alone, several times that beside the other
  // test files on a busy machine.
}, 60_000);

describe.each(serials)('a midsummer day of %s', (serial) => {
  const family = familyOfSerial(serial) as FamilyId;
  const answered = () => polls.get(serial)!.filter((p): p is { t: number; data: RunData } => !!p.data);

  it('is silent at night and answers all day while the sun is up', () => {
    for (const { t, data } of polls.get(serial)!) {
      const elevation = sunPosition(t, LOCATION).elevationDeg;
      if (elevation < -1) expect(data, new Date(t).toISOString()).toBeUndefined();
      // One poll after waking (HMS/HMT: the one that moves it to the working channel) may go unanswered.
      if (elevation > 8 && t > MIDSUMMER + 4 * 3_600_000 && t < MIDSUMMER + 19 * 3_600_000) {
        expect(data, new Date(t).toISOString()).toBeDefined();
      }
    }
    expect(sim.radio.inspect(serial)?.awake).toBe(true); // the next morning
  });

  it('follows the sun: the peak is near solar noon, little at dawn and dusk', () => {
    const rated = sim.radio.inspect(serial)!.ratedPowerW;
    const samples = answered();
    const peak = samples.reduce((best, p) => (p.data.ac.power > best.data.ac.power ? p : best));
    expect(Math.abs(peak.t - SOLAR_NOON)).toBeLessThan(75 * MINUTE);
    expect(peak.data.ac.power).toBeGreaterThan(rated * 0.55);
    expect(peak.data.ac.power).toBeLessThanOrEqual(rated);
    const at = (hourUtc: number) =>
      samples.find((p) => p.t === MIDSUMMER + hourUtc * 3_600_000)!.data.ac.power;
    expect(at(5)).toBeLessThan(at(8));
    expect(at(8)).toBeLessThan(peak.data.ac.power);
    expect(at(17)).toBeLessThan(at(14));
    expect(at(5)).toBeLessThan(rated * 0.3);
  });

  it('never puts out more AC than DC, at a plausible efficiency, voltage and frequency', () => {
    for (const { data } of answered()) {
      const dc = totalDcPower(data);
      expect(data.ac.power).toBeLessThanOrEqual(dc);
      if (dc > 50) {
        expect(data.ac.power / dc).toBeGreaterThan(0.93);
        expect(data.ac.power / dc).toBeLessThan(0.98);
      }
      const nominal = FAMILIES[family].acPhases === 3 ? 398 : 230;
      expect(Math.abs(data.ac.voltage - nominal)).toBeLessThan(12);
      expect(Math.abs(data.ac.frequency - 50)).toBeLessThan(0.1);
      for (const input of data.dc) {
        if (input.power > 5) {
          expect(input.voltage).toBeGreaterThan(20);
          expect(input.voltage).toBeLessThan(48);
          expect(input.current * input.voltage).toBeCloseTo(input.power, -1);
        }
      }
      expect(data.temperature).toBeGreaterThan(5);
      expect(data.temperature).toBeLessThan(75);
    }
  });

  it('counts YieldDay as the integral of DC power and adds the same to YieldTotal', () => {
    const samples = answered();
    let integralWh = 0;
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1]!;
      const b = samples[i]!;
      integralWh += ((totalDcPower(a.data) + totalDcPower(b.data)) / 2) * ((b.t - a.t) / 3_600_000);
    }
    const first = samples[0]!.data;
    const last = samples[samples.length - 1]!.data;
    const yieldDay = totalYieldDay(last) - totalYieldDay(first);
    expect(yieldDay).toBeGreaterThan(1000);
    expect(Math.abs(yieldDay - integralWh) / integralWh).toBeLessThan(0.02);
    const growthWh = (totalYieldTotal(last) - totalYieldTotal(first)) * 1000;
    // Both are sent with 1 Wh resolution per input.
    expect(Math.abs(growthWh - yieldDay)).toBeLessThanOrEqual(2 * last.dc.length + 1);
    // YieldDay only grows during the day.
    for (let i = 1; i < samples.length; i++) {
      expect(totalYieldDay(samples[i]!.data)).toBeGreaterThanOrEqual(totalYieldDay(samples[i - 1]!.data));
    }
  });

  it('starts YieldDay again from 0 the next morning and keeps YieldTotal', () => {
    const samples = answered();
    const evening = samples[samples.length - 1]!.data;
    const morning = nextMorning.get(serial)!;
    expect(totalYieldDay(morning)).toBeLessThan(20);
    expect(totalYieldTotal(morning)).toBeGreaterThanOrEqual(totalYieldTotal(evening));
    expect(totalYieldTotal(morning) - totalYieldTotal(evening)).toBeLessThan(0.05);
  });

  it('logs its start-up, the clock sync and dusk in the event counter', () => {
    const samples = answered();
    const first = samples[0]!.data;
    const last = samples[samples.length - 1]!.data;
    expect(first.eventLogCount).toBe(2); // started, clock synchronised
    expect(last.eventLogCount).toBe(3); // + input too low at dusk
    expect(nextMorning.get(serial)!.eventLogCount).toBe(2); // a new day, a new log
  });
});
