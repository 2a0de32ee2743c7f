import { eventLogEntryFromUtc } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { plantTotals, YieldDayCorrection } from '../../src/engine/yields';
import { fixedTime } from './fake-radio';
import { HM400, HM800, HMS800, harness } from './harness';

/** 2024-06-21 21:50 UTC = 23:50 CEST. */
const BEFORE_MIDNIGHT = Date.UTC(2024, 5, 21, 21, 50, 0);

describe('YieldDayCorrection (docs/protocol.md worked example)', () => {
  it('keeps the day yield monotonic across inverter restarts', () => {
    const c = new YieldDayCorrection();
    const shown = (raw: number) => raw + (c.update([raw], true)[0] ?? 0);
    expect([100, 300, 0, 50, 100, 0, 20].map(shown)).toEqual([100, 300, 300, 350, 400, 400, 420]);
    c.reset();
    expect(shown(5)).toBe(5);
  });

  it('does nothing when switched off, and forgets its offsets', () => {
    const c = new YieldDayCorrection();
    c.update([300], true);
    c.update([0], true);
    expect(c.offsets).toEqual([300]);
    expect(c.update([10], false)).toEqual([]);
  });
});

describe('yields in the engine', () => {
  it('corrects YieldDay across an inverter restart (yieldday_correction)', async () => {
    const h = harness({ inverters: [{ serial: HM800, yieldday_correction: true }] });
    const fake = h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(1000);
    expect(h.live.inverter(HM800)!.totals.yieldDay).toBe(200);
    // The inverter restarts in weak light: its own counters start from 0 again.
    fake.state.dc = fake.state.dc.map((d) => ({ ...d, yieldDay: 0 }));
    await h.clock.advance(5000);
    expect(h.live.inverter(HM800)!.values.dc.map((d) => d.yieldDay)).toEqual([100, 100]);
    fake.state.dc = fake.state.dc.map((d) => ({ ...d, yieldDay: 30 }));
    await h.clock.advance(5000);
    expect(h.live.inverter(HM800)!.totals.yieldDay).toBe(260);
    await h.engine.stop();
  });

  it('without correction a restart shows the inverter’s own (dropped) day yield', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(1000);
    fake.state.dc = fake.state.dc.map((d) => ({ ...d, yieldDay: 0 }));
    await h.clock.advance(5000);
    expect(h.live.inverter(HM800)!.totals.yieldDay).toBe(0);
    await h.engine.stop();
  });

  it('zeroes YieldDay at local midnight with zero_day, resets statistics and the correction', async () => {
    const h = harness({
      start: BEFORE_MIDNIGHT,
      time: fixedTime({ sunsetHour: 24 }),
      inverters: [
        { serial: HM800, zero_day: true, yieldday_correction: true, clear_eventlog: true },
        { serial: HM400 },
      ],
      pollIntervalS: 60,
    });
    const log = [eventLogEntryFromUtc(1, 3600, null)];
    const a = h.radio.add(HM800, { eventLog: log });
    h.radio.add(HM400, { eventLog: log });
    await h.engine.start();
    await h.clock.advance(5 * 60_000);
    expect(h.live.inverter(HM800)!.totals.yieldDay).toBe(200);
    expect(h.live.inverter(HM800)!.eventLog.length).toBe(1);
    // The inverters go to sleep before midnight.
    a.online = false;
    for (const inv of h.radio.inverters.values()) inv.online = false;
    await h.clock.advance(9 * 60_000); // 00:04 local
    const after = h.live.inverter(HM800)!;
    expect(after.totals.yieldDay).toBe(0);
    expect(after.values.dc.map((d) => d.yieldDay)).toEqual([0, 0]);
    expect(after.totals.yieldTotal).toBe(2000);
    expect(after.radioStats.tx_request).toBeLessThan(10);
    expect(after.eventLog).toEqual([]);
    expect(h.live.inverter(HM400)!.eventLog.length).toBe(1);
    // Without zero_day the last value stays until the inverter's next answer.
    expect(h.live.inverter(HM400)!.totals.yieldDay).toBe(100);
    // Morning: the inverter starts with its own counter at 0; no correction offset is left from yesterday.
    a.online = true;
    a.state.dc = a.state.dc.map((d) => ({ ...d, yieldDay: 5 }));
    await h.clock.advance(2 * 60_000);
    expect(h.live.inverter(HM800)!.totals.yieldDay).toBe(10);
    await h.engine.stop();
  });

  it('zeroes live values while unreachable with zero_runtime, keeping yields and publishing the zeros', async () => {
    const h = harness({
      inverters: [{ serial: HM800, zero_runtime: true, reachable_threshold: 1 }],
      pollIntervalS: 30,
    });
    const fake = h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(1000);
    expect(h.live.inverter(HM800)!.values.ac.power).toBe(280);
    fake.online = false;
    h.events.length = 0;
    await h.clock.advance(60_000); // two failed turns → unreachable; zeroed at the next turn
    await h.clock.advance(30_000);
    const inv = h.live.inverter(HM800)!;
    expect(inv.reachable).toBe(false);
    expect(inv.values.ac).toEqual({
      voltage: 0,
      current: 0,
      power: 0,
      reactivePower: 0,
      frequency: 0,
      powerFactor: 0,
    });
    expect(inv.values.dc[0]).toMatchObject({
      voltage: 0,
      current: 0,
      power: 0,
      yieldDay: 100,
      yieldTotal: 1000,
    });
    expect(inv.values.temperature).toBe(0);
    expect(inv.producing).toBe(false);
    expect(h.events.some((e) => e.change === 'data')).toBe(true);
    fake.online = true;
    await h.clock.advance(30_000);
    expect(h.live.inverter(HM800)!.values.ac.power).toBe(280);
    await h.engine.stop();
  });

  it('adds yield_total_offset per string, in the strings, the inverter and the plant total', async () => {
    const h = harness({
      inverters: [
        {
          serial: HM800,
          channels: [
            { name: 'South', max_power: 400, yield_total_offset: 120.5 },
            { name: '', max_power: 0, yield_total_offset: 0 },
          ],
        },
      ],
    });
    h.radio.add(HM800);
    expect(h.live.inverter(HM800)!.values.dc[0]!.yieldTotal).toBe(0); // not before an answer
    await h.engine.start();
    await h.clock.advance(1000);
    const inv = h.live.inverter(HM800)!;
    expect(inv.values.dc.map((d) => d.yieldTotal)).toEqual([1120.5, 1000]);
    expect(inv.totals.yieldTotal).toBe(2120.5);
    expect(inv.totals.irradiation[0]).toBe(37.5);
    expect(h.live.totals().yieldTotalKWh).toBe(2120.5);
    await h.engine.stop();
  });

  it('plant totals are the sums of the strings; power counts polling inverters, yields poll_enable ones', async () => {
    const h = harness({
      inverters: [{ serial: HM800 }, { serial: HM400 }, { serial: HMS800 }],
      pollIntervalS: 1,
    });
    const a = h.radio.add(HM800);
    const b = h.radio.add(HM400);
    const c = h.radio.add(HMS800);
    a.state.dc = [
      { voltage: 30, current: 4, power: 120.4, yieldDay: 1234, yieldTotal: 1567.891 },
      { voltage: 30, current: 4, power: 118.2, yieldDay: 1201, yieldTotal: 1544.002 },
    ];
    a.state.ac = { ...a.state.ac, power: 230.1 };
    b.state.ac = { ...b.state.ac, power: 99.9 };
    c.state.ac = { ...c.state.ac, power: 0 };
    await h.engine.start();
    await h.clock.advance(3500);
    const all = h.live.inverters();
    const strings = all.flatMap((i) => i.values.dc);
    const totals = h.live.totals();
    expect(totals.yieldDayWh).toBe(strings.reduce((s, d) => s + d.yieldDay, 0));
    expect(totals.yieldTotalKWh).toBeCloseTo(
      strings.reduce((s, d) => s + d.yieldTotal, 0),
      9,
    );
    expect(totals.acPowerW).toBeCloseTo(330, 9);
    expect(totals.dcPowerW).toBeCloseTo(
      all.reduce((s, i) => s + i.totals.powerDc, 0),
      9,
    );
    expect(totals.isValid).toBe(true);
    // Polling off (e.g. night without poll_enable_night): its power leaves the total, its yields stay only
    // while poll_enable is set.
    h.engine.applySettings({
      ...h.settings,
      inverters: h.settings.inverters.map((i) => (i.serial === HM400 ? { ...i, poll_enable: false } : i)),
    });
    expect(h.live.totals().acPowerW).toBeCloseTo(230.1, 9);
    expect(h.live.totals().yieldDayWh).toBe(totals.yieldDayWh - 100);
    await h.engine.stop();
  });

  it('plantTotals: irradiation over strings with a max power; decimals 0 when nothing counts', () => {
    const empty = plantTotals([]);
    expect(empty.decimals).toEqual({ power: 0, yieldDay: 0, yieldTotal: 0, irradiation: 0 });
    const t = plantTotals([
      {
        pollEnabled: true,
        pollEnableSetting: true,
        reachable: false,
        acPowerW: 10,
        dcPowerW: 11,
        yieldDayWh: 1,
        yieldTotalKWh: 2,
        inputs: [
          { powerW: 100, maxPowerW: 400 },
          { powerW: 50, maxPowerW: 0 },
        ],
      },
    ]);
    expect(t.irradiationPercent).toBe(25);
    expect(t.isValid).toBe(false);
    expect(t.decimals).toEqual({ power: 1, yieldDay: 0, yieldTotal: 3, irradiation: 3 });
  });
});
