/**
 * Device info, grid profile, limit read-back, event log and device control of the virtual inverters,
 * at midsummer noon under a clear sky.
 */
import {
  buildPowerRequest,
  DataType,
  decodeDeviceControlAck,
  decodeDeviceInfoAll,
  decodeDeviceInfoSimple,
  decodeEventLog,
  decodeGridProfile,
  decodeSystemConfig,
  type FamilyId,
  familyOfSerial,
  LimitType,
  lookupModel,
  summarizeDeviceInfo,
} from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, SimulatedEvent } from '../../src/simulated';
import {
  DTU_SERIAL,
  limitRequest,
  MIDSUMMER,
  SERIALS,
  STARTUP_HZ,
  setup,
  totalDcPower,
  totalYieldDay,
} from './helpers';

const NOON = MIDSUMMER + 11 * 3_600_000;
const MINUTE = 60_000;
/** Long enough for any limit to take effect (dead time and ramp, docs/limiter.md). */
const FOLLOW_MS = 30_000;
const HM = SERIALS.HM_2CH;
const HMS = SERIALS.HMS_4CH;

function noonPlant(serials: string[] = [HM, HMS]) {
  // The DTU works on the CMT start-up frequency, so these tests need no channel change.
  return setup({ start: NOON, serials, settings: { cmtFrequencyHz: STARTUP_HZ } });
}

const power = (serial: string, action: 'on' | 'off' | 'restart') =>
  buildPowerRequest({ inverter: serial, dtu: DTU_SERIAL, action });

describe('device info and grid profile', () => {
  it.each(Object.values(SERIALS))(
    '%s reports a model that matches its family and valid device info',
    async (serial) => {
      const sim = noonPlant([serial]);
      const family = familyOfSerial(serial) as FamilyId;
      const allPayload = await sim.dtu.data(serial, DataType.DeviceInfoAll, { windowMs: 200 });
      const simplePayload = await sim.dtu.data(serial, DataType.DeviceInfoSimple, { windowMs: 200 });
      const all = decodeDeviceInfoAll(allPayload!);
      const simple = decodeDeviceInfoSimple(simplePayload!);
      if (!all.ok || !simple.ok) throw new Error('device info did not decode');
      const model = lookupModel(simple.value.hwPartNumber);
      expect(model.model).toBe(DEFAULT_MODEL[family]);
      expect(model.maxPowerW).toBeGreaterThan(0);
      expect(sim.radio.inspect(serial)?.ratedPowerW).toBe(model.maxPowerW);
      const summary = summarizeDeviceInfo(family, all.value, simple.value);
      expect(summary.valid).toBe(true);
      expect(summary.fwBuildDateTime).toMatch(/^20\d\d-\d\d-\d\d \d\d:\d\d:00$/);
      expect(summary.hwVersion).toBe('01.00');
      expect(summary.pdlSupported).toBe(family === 'HMS_4CH');
    },
  );

  it('makes the HM-800 an HM-800 of 800 W and the HMS-2000-4T one of 2000 W', async () => {
    const sim = noonPlant();
    for (const [serial, model, watts] of [
      [HM, 'HM-800-2T', 800],
      [HMS, 'HMS-2000-4T', 2000],
    ] as const) {
      const simple = decodeDeviceInfoSimple((await sim.dtu.data(serial, DataType.DeviceInfoSimple))!);
      expect(simple.ok && lookupModel(simple.value.hwPartNumber)).toEqual({ model, maxPowerW: watts });
    }
  });

  it('sends a grid profile that decodes, over several fragments', async () => {
    const sim = noonPlant([HM]);
    const payload = await sim.dtu.data(HM, DataType.GridProfile);
    expect(payload!.length).toBeGreaterThan(16);
    const profile = decodeGridProfile(payload!);
    if (!profile.ok) throw new Error(profile.error.message);
    expect(profile.value.sections.length).toBeGreaterThan(1);
    expect(profile.value.name).not.toBe('');
  });

  it('leaves unknown data types unanswered', async () => {
    const sim = noonPlant([HM]);
    expect(await sim.dtu.data(HM, 0x07, { maxResends: 0 })).toBeUndefined();
  });
});

describe('limits', () => {
  it('answers a limit with a 0xD1 ack echoing the sub-command and caps AC at a temporary relative limit', async () => {
    const sim = noonPlant([HM]);
    const before = (await sim.dtu.runData(HM))!;
    expect(before.ac.power).toBeGreaterThan(500);

    const ack = await sim.dtu.exchange(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 25), {
      command: 0xd1,
      windowMs: 2000,
    });
    const echoed = decodeDeviceControlAck(ack.payload!);
    expect(echoed.ok && echoed.value.subCommand).toBe(0x0b);

    await sim.clock.advance(FOLLOW_MS);
    const after = (await sim.dtu.runData(HM))!;
    expect(after.ac.power).toBeLessThanOrEqual(200);
    expect(after.ac.power).toBeGreaterThan(190);
    expect(totalDcPower(after)).toBeGreaterThan(after.ac.power);
    expect(totalDcPower(after)).toBeLessThan(totalDcPower(before));
    // A throttled input works above its MPP voltage.
    expect(after.dc[0]!.voltage).toBeGreaterThan(before.dc[0]!.voltage);

    const readBack = decodeSystemConfig((await sim.dtu.data(HM, DataType.SystemConfig, { windowMs: 200 }))!);
    expect(readBack.ok && readBack.value.limitPercent).toBe(25);
  });

  it('caps at an absolute persistent limit, which replaces a temporary one and survives a restart', async () => {
    const sim = noonPlant([HM]);
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 30))).toBe(true);
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.AbsolutePersistent, 400))).toBe(true);
    let state = sim.radio.inspect(HM)!;
    expect(state.limit.temporary).toBeNull();
    expect(state.limit.persistent).toEqual({ value: 400, relative: false });
    expect(state.limit.activePercent).toBe(50);
    await sim.clock.advance(FOLLOW_MS);
    expect((await sim.dtu.runData(HM))!.ac.power).toBeLessThanOrEqual(400);

    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 10))).toBe(true);
    await sim.clock.advance(FOLLOW_MS);
    expect((await sim.dtu.runData(HM))!.ac.power).toBeLessThanOrEqual(80);
    state = sim.radio.inspect(HM)!;
    expect(state.limit.temporary).toEqual({ value: 10, relative: true });

    expect(await sim.dtu.control(HM, power(HM, 'restart'))).toBe(true);
    state = sim.radio.inspect(HM)!;
    expect(state.limit.temporary).toBeNull();
    expect(state.limit.activePercent).toBe(50);
    const readBack = decodeSystemConfig((await sim.dtu.data(HM, DataType.SystemConfig))!);
    expect(readBack.ok && readBack.value.limitPercent).toBe(50);
    const data = (await sim.dtu.runData(HM))!;
    expect(data.ac.power).toBeLessThanOrEqual(400);
    expect(data.ac.power).toBeGreaterThan(350);
  });

  it('takes the HMS limit-type words and limits the whole AC output of an HMS-2000-4T (PDL)', async () => {
    const sim = noonPlant([HMS]);
    expect(await sim.dtu.control(HMS, limitRequest(HMS, LimitType.RelativePersistent, 40))).toBe(true);
    await sim.clock.advance(FOLLOW_MS);
    const data = (await sim.dtu.runData(HMS))!;
    expect(data.ac.power).toBeLessThanOrEqual(800);
    expect(data.ac.power).toBeGreaterThan(790);
    expect(sim.radio.inspect(HMS)!.limit.persistent).toEqual({ value: 40, relative: true });
  });

  it('forgets a temporary limit overnight but keeps the persistent one', async () => {
    const sim = noonPlant([HM]);
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativePersistent, 70))).toBe(true);
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 20))).toBe(true);
    await sim.clock.advance(22 * 3_600_000); // next morning, 09:00 UTC
    const state = sim.radio.inspect(HM)!;
    expect(state.awake).toBe(true);
    expect(state.limit.temporary).toBeNull();
    expect(state.limit.activePercent).toBe(70);
  });
});

describe('power control and restart', () => {
  it('switches off (AC and DC 0, still answering) and on again', async () => {
    const sim = noonPlant([HM]);
    expect(await sim.dtu.control(HM, power(HM, 'off'))).toBe(true);
    const off = (await sim.dtu.runData(HM))!;
    expect(off.ac.power).toBe(0);
    expect(totalDcPower(off)).toBe(0);
    expect(off.ac.voltage).toBeGreaterThan(200);
    expect(off.dc[0]!.voltage).toBeGreaterThan(30); // open circuit
    const yieldOff = totalYieldDay(off);
    await sim.clock.advance(10 * MINUTE);
    expect(totalYieldDay((await sim.dtu.runData(HM))!)).toBe(yieldOff);

    expect(await sim.dtu.control(HM, power(HM, 'on'))).toBe(true);
    expect((await sim.dtu.runData(HM))!.ac.power).toBeGreaterThan(500);
    await sim.clock.advance(10 * MINUTE);
    expect(totalYieldDay((await sim.dtu.runData(HM))!)).toBeGreaterThan(yieldOff + 80);
  });

  it('restarts: ack first, then YieldDay from 0; YieldTotal keeps counting', async () => {
    const sim = noonPlant([HM]);
    const before = (await sim.dtu.runData(HM))!;
    expect(totalYieldDay(before)).toBeGreaterThan(2000);
    const ack = await sim.dtu.exchange(HM, power(HM, 'restart'), { command: 0xd1, windowMs: 2000 });
    const echoed = decodeDeviceControlAck(ack.payload!);
    expect(echoed.ok && echoed.value.subCommand).toBe(0x02);
    const after = (await sim.dtu.runData(HM))!;
    expect(totalYieldDay(after)).toBe(0);
    await sim.clock.advance(10 * MINUTE);
    const later = (await sim.dtu.runData(HM))!;
    expect(totalYieldDay(later)).toBeGreaterThan(80);
    expect(totalYieldDay(later)).toBeLessThan(200);
    const totalBefore = before.dc.reduce((s, d) => s + d.yieldTotal, 0);
    const totalLater = later.dc.reduce((s, d) => s + d.yieldTotal, 0);
    expect(totalLater).toBeGreaterThan(totalBefore);
  });
});

describe('event log', () => {
  async function eventLog(sim: ReturnType<typeof noonPlant>, serial: string) {
    const decoded = decodeEventLog((await sim.dtu.data(serial, DataType.EventLog))!);
    if (!decoded.ok) throw new Error(decoded.error.message);
    return decoded.value;
  }

  it('starts the day with "started" and "clock synchronised" at the right UTC times', async () => {
    const sim = noonPlant([HM]);
    const entries = await eventLog(sim, HM);
    expect(entries.map((e) => e.messageId)).toEqual([
      SimulatedEvent.Started,
      SimulatedEvent.ClockSynchronised,
    ]);
    // Woke at dawn (a little after 03:00 UTC) and was first asked at noon.
    const started = entries[0]!;
    expect(started.startPm).toBe(false);
    expect(started.rawStart).toBeGreaterThan(3 * 3600);
    expect(started.rawStart).toBeLessThan(4 * 3600);
    expect(started.rawEnd).toBe(0);
    const synced = entries[1]!;
    const noonSeconds = (NOON / 1000) % 86400;
    expect(synced.rawStart + (synced.startPm ? 43200 : 0)).toBe(noonSeconds - 1);
  });

  it('gains entries (and EventLogCount) on limit and power changes, and closes them when lifted', async () => {
    const sim = noonPlant([HM]);
    const count = async () => (await sim.dtu.runData(HM))!.eventLogCount;
    const start = await count();
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 50))).toBe(true);
    expect(await count()).toBe(start + 1);
    // The same limit again changes nothing.
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 50))).toBe(true);
    expect(await count()).toBe(start + 1);
    await sim.clock.advance(MINUTE);
    expect(await sim.dtu.control(HM, limitRequest(HM, LimitType.RelativeNonPersistent, 100))).toBe(true);
    expect(await count()).toBe(start + 1);
    expect(await sim.dtu.control(HM, power(HM, 'off'))).toBe(true);
    expect(await count()).toBe(start + 2);
    await sim.clock.advance(MINUTE);
    expect(await sim.dtu.control(HM, power(HM, 'on'))).toBe(true);

    const entries = await eventLog(sim, HM);
    const limited = entries.find((e) => e.messageId === SimulatedEvent.LimitedByRemote)!;
    const off = entries.find((e) => e.messageId === SimulatedEvent.SwitchedOffByRemote)!;
    expect(limited.rawEnd - limited.rawStart).toBe(60);
    expect(off.rawEnd - off.rawStart).toBe(60);
  });

  it('keeps at most 15 entries, the newest', async () => {
    const sim = noonPlant([HM]);
    for (let i = 0; i < 40; i++) {
      expect(await sim.dtu.control(HM, power(HM, i % 2 === 0 ? 'off' : 'on'))).toBe(true);
    }
    // started + 20 × off + clock synchronised (by the event-log request itself)
    const entries = await eventLog(sim, HM);
    expect(entries).toHaveLength(15);
    expect(entries.slice(0, 14).every((e) => e.messageId === SimulatedEvent.SwitchedOffByRemote)).toBe(true);
    expect(entries[14]!.messageId).toBe(SimulatedEvent.ClockSynchronised);
    expect(sim.radio.inspect(HM)!.eventLogCount).toBe(22);
  });
});
