/**
 * The Pylontech CAN source over an injected CAN layer: the published frames make the reading their
 * publishers annotated; alarms, requests, refused payloads, foreign ids, silence, a lost interface and
 * seeded garbage.
 */
import { ManualClock } from '@dtu-console/clock';
import { describe, expect, it } from 'vitest';
import { PYLON_CAN_IDS } from '../../../src/battery/pylontech-can/frames';
import type { CanFrame, CanListener, CanOpenResult } from '../../../src/battery/pylontech-can/socketcan';
import { PylontechCanSource, REOPEN_AFTER_MS } from '../../../src/battery/sources/pylontech-can';
import type { BatteryProblem, BatteryReading, Stamped } from '../../../src/battery/types';
import { DIYBMS, hex, PYLON } from '../pylontech-can/published-frames';

const START = Date.UTC(2026, 10, 28, 12, 0, 0);
const STALE_AFTER_S = 30;

const frame = (id: number, data: Uint8Array, flags: Partial<CanFrame> = {}): CanFrame => ({
  id,
  extended: false,
  remote: false,
  data,
  ...flags,
});

/** The published Pylontech set in the order a BMS sends it, measurements last. */
const PYLON_SET = [
  frame(PYLON_CAN_IDS.limits, PYLON.limits),
  frame(PYLON_CAN_IDS.soc, PYLON.soc),
  frame(PYLON_CAN_IDS.alarms, PYLON.alarms),
  frame(PYLON_CAN_IDS.requests, PYLON.requests),
  frame(PYLON_CAN_IDS.measurements, PYLON.measurements),
];

/** A CAN layer the test feeds: each open is answered by `answer` (a reader, or a problem). */
function fakeCan(answer: () => 'reader' | BatteryProblem = () => 'reader') {
  const can = {
    opens: 0,
    closes: 0,
    listener: undefined as CanListener | undefined,
    send(...frames: CanFrame[]) {
      for (const f of frames) can.listener?.frame(f);
    },
    open: async (iface: string, listener: CanListener): Promise<CanOpenResult> => {
      can.opens++;
      expect(iface).toBe('can0');
      const a = answer();
      if (a !== 'reader') return { problem: a };
      can.listener = listener;
      return {
        reader: {
          close: () => {
            can.closes++;
            can.listener = undefined;
          },
        },
      };
    },
  };
  return can;
}

function recorder() {
  const r = {
    readings: [] as Stamped<BatteryReading>[],
    problems: [] as BatteryProblem[],
    ok: 0,
    bad: 0,
    sink: {
      reading: (reading: Stamped<BatteryReading>) => r.readings.push(reading),
      problem: (problem: BatteryProblem) => r.problems.push(problem),
      frame: (ok: boolean) => {
        if (ok) r.ok++;
        else r.bad++;
      },
    },
  };
  return r;
}

async function started(answer?: () => 'reader' | BatteryProblem) {
  const clock = new ManualClock(START);
  const can = fakeCan(answer);
  const out = recorder();
  const source = new PylontechCanSource({
    interface: 'can0',
    staleAfterS: STALE_AFTER_S,
    clock,
    openCan: can.open,
  });
  source.start(out.sink);
  await clock.advance(0);
  return { clock, can, out, source };
}

describe('Pylontech CAN source', () => {
  it('turns the published Pylontech frames into the reading their publisher annotated', async () => {
    const { can, out, source } = await started();
    can.send(...PYLON_SET);
    expect(out.readings).toEqual([
      {
        atMs: START,
        socPercent: 26,
        voltageV: 48.66,
        currentA: 0,
        powerW: 0,
        temperatureC: 33,
        chargeCurrentLimitA: 370,
        dischargeCurrentLimitA: 370,
        alarms: [],
        warnings: [],
      },
    ]);
    expect(out).toMatchObject({ ok: 5, bad: 0, problems: [] });
    await source.stop();
    expect(can.closes).toBe(1);
  });

  it('gives power as voltage times current, negative while discharging', async () => {
    const { can, out } = await started();
    // 51.20 V, −12.3 A, 21.5 °C.
    can.send(
      frame(PYLON_CAN_IDS.soc, PYLON.soc),
      frame(PYLON_CAN_IDS.measurements, hex('00 14 85 FF D7 00')),
    );
    expect(out.readings[0]).toMatchObject({
      voltageV: 51.2,
      currentA: -12.3,
      powerW: -629.8,
      temperatureC: 21.5,
    });
    expect(out.readings[0]?.chargeCurrentLimitA).toBeUndefined();
  });

  it('waits for a state of charge before the first reading', async () => {
    const { can, out } = await started();
    can.send(
      frame(PYLON_CAN_IDS.limits, DIYBMS.limits),
      frame(PYLON_CAN_IDS.measurements, DIYBMS.measurements),
    );
    expect(out.readings).toEqual([]);
    expect(out).toMatchObject({ ok: 2, bad: 0 });
    can.send(frame(PYLON_CAN_IDS.soc, PYLON.soc), frame(PYLON_CAN_IDS.measurements, DIYBMS.measurements));
    expect(out.readings[0]).toMatchObject({ voltageV: 52.68, currentA: 0, temperatureC: 14, socPercent: 26 });
  });

  it("drops the DIY BMS's negative discharge limit as out of range, counts it and says so", async () => {
    const { can, out } = await started();
    can.send(
      frame(PYLON_CAN_IDS.limits, DIYBMS.limits),
      frame(PYLON_CAN_IDS.soc, PYLON.soc),
      frame(PYLON_CAN_IDS.measurements, DIYBMS.measurements),
    );
    expect(out.readings[0]).toMatchObject({ chargeCurrentLimitA: 10, voltageV: 52.68 });
    expect(out.readings[0]).not.toHaveProperty('dischargeCurrentLimitA');
    expect(out).toMatchObject({ ok: 2, bad: 1 });
    expect(out.problems).toEqual([
      { code: 'bad-frames', detail: 'Refused out-of-range values: dischargeCurrentLimitA' },
    ]);
  });

  it('reports the alarm and warning bits of 0x359 as their keys', async () => {
    const { can, out } = await started();
    // Alarms: over-voltage, discharge over-current, charge over-current, system error;
    // warnings: over- and under-temperature.
    can.send(...PYLON_SET.slice(0, 4), frame(PYLON_CAN_IDS.alarms, Uint8Array.of(0x82, 0x09, 0x18, 0x00, 1)));
    can.send(frame(PYLON_CAN_IDS.measurements, PYLON.measurements));
    expect(out.readings[0]?.alarms).toEqual([
      'overvoltage',
      'discharge_overcurrent',
      'charge_overcurrent',
      'system_error',
    ]);
    expect(out.readings[0]?.warnings).toEqual(['overtemperature', 'undertemperature']);
  });

  it("reports the BMS's stop requests: stop_discharge as an alarm, stop_charge as a warning", async () => {
    const { can, out } = await started();
    can.send(...PYLON_SET.slice(0, 3), frame(PYLON_CAN_IDS.requests, hex('80 00')));
    can.send(frame(PYLON_CAN_IDS.measurements, PYLON.measurements));
    can.send(
      frame(PYLON_CAN_IDS.requests, hex('40 00')),
      frame(PYLON_CAN_IDS.measurements, PYLON.measurements),
    );
    expect(out.readings.map((r) => [r.alarms, r.warnings])).toEqual([
      [['stop_discharge'], []],
      [[], ['stop_charge']],
    ]);
  });

  it('counts a payload its decoder refuses as bad, and says which frame', async () => {
    const { can, out } = await started();
    can.send(
      frame(PYLON_CAN_IDS.soc, PYLON.soc),
      frame(PYLON_CAN_IDS.measurements, PYLON.measurements.slice(0, 3)),
    );
    expect(out.readings).toEqual([]);
    expect(out).toMatchObject({ ok: 1, bad: 1 });
    expect(out.problems).toEqual([
      { code: 'bad-frames', detail: '0x356 from the BMS on can0: a payload of 3 bytes was refused' },
    ]);
  });

  it('ignores frames of other ids, extended frames and remote requests, uncounted', async () => {
    const { can, out } = await started();
    can.send(
      frame(0x305, hex('00 00 00 00 00 00 00 00')), // an inverter's heartbeat
      frame(0x35e, hex('50 59 4C 4F 4E 20 20 20')), // the BMS's name: not read
      frame(PYLON_CAN_IDS.measurements, PYLON.measurements, { extended: true }),
      frame(PYLON_CAN_IDS.measurements, Uint8Array.of(), { remote: true }),
    );
    expect(out).toMatchObject({ ok: 0, bad: 0, readings: [], problems: [] });
  });

  it('counts a read the CAN layer could not make a frame of as bad', async () => {
    const { can, out } = await started();
    can.listener?.refused();
    expect(out).toMatchObject({ ok: 0, bad: 1 });
  });

  it("says 'no-reading' when the BMS is silent for stale_after_s, and not before", async () => {
    const { clock, can, out } = await started();
    can.send(...PYLON_SET);
    await clock.advance(STALE_AFTER_S * 1000 - 1);
    can.send(...PYLON_SET); // in time: the wait starts over
    await clock.advance(STALE_AFTER_S * 1000 - 1);
    expect(out.problems).toEqual([]);
    await clock.advance(1);
    expect(out.problems).toEqual([{ code: 'no-reading', detail: 'no frame from the BMS on can0 for 30 s' }]);
  });

  it('counts only Pylontech frames as the BMS speaking: foreign ids do not hold off the silence', async () => {
    const { clock, can, out } = await started();
    for (let s = 0; s < STALE_AFTER_S; s++) {
      can.send(frame(0x305, hex('00 00 00 00 00 00 00 00')));
      await clock.advance(1000);
    }
    expect(out.problems.map((p) => p.code)).toEqual(['no-reading']);
  });

  it('reports an interface it cannot open, and tries again later', async () => {
    let missing = true;
    const problem: BatteryProblem = { code: 'device-missing', detail: 'no network interface is named can0' };
    const { clock, can, out } = await started(() => (missing ? problem : 'reader'));
    expect(out.problems).toEqual([problem]);
    missing = false;
    await clock.advance(REOPEN_AFTER_MS);
    expect(can.opens).toBe(2);
    can.send(...PYLON_SET);
    expect(out.readings).toHaveLength(1);
    // The silence watch runs only while the interface is open: the missing interface was the news.
    expect(out.problems).toEqual([problem]);
  });

  it('reports an interface that went away, and opens it again', async () => {
    const { clock, can, out } = await started();
    const lost: BatteryProblem = { code: 'device-lost', detail: 'can0 has gone away' };
    can.send(...PYLON_SET);
    can.listener?.ended(lost);
    await clock.advance(REOPEN_AFTER_MS - 1);
    expect(out.problems).toEqual([lost]);
    expect(can.opens).toBe(1);
    await clock.advance(1);
    expect(can.opens).toBe(2);
    can.send(...PYLON_SET);
    expect(out.readings).toHaveLength(2);
  });

  it('says a CAN layer that throws as a problem, and stops cleanly', async () => {
    const clock = new ManualClock(START);
    const out = recorder();
    const source = new PylontechCanSource({
      interface: 'can0',
      staleAfterS: STALE_AFTER_S,
      clock,
      openCan: async () => {
        throw new Error('libc.so.6 could not be loaded');
      },
    });
    source.start(out.sink);
    await clock.advance(0);
    expect(out.problems).toEqual([{ code: 'no-socketcan', detail: 'can0: libc.so.6 could not be loaded' }]);
    await expect(source.stop()).resolves.toBeUndefined();
  });

  it('closes a reader that opens only after stop, and reopens nothing after it', async () => {
    const clock = new ManualClock(START);
    const can = fakeCan();
    const source = new PylontechCanSource({ interface: 'can0', staleAfterS: 5, clock, openCan: can.open });
    source.start(recorder().sink);
    await source.stop();
    expect(can.closes).toBe(1);
    await clock.advance(REOPEN_AFTER_MS * 3);
    expect(can.opens).toBe(1);
  });

  it('never throws on 200 seeded garbage frames, and still reads a good set after them', async () => {
    const { can, out } = await started();
    const ids = [...Object.values(PYLON_CAN_IDS), 0x305, 0x35e, 0x7ff, 0];
    let s = 46;
    const next = () => {
      s = (s * 1103515245 + 12345) >>> 0;
      return s;
    };
    for (let n = 0; n < 200; n++) {
      const id = ids[next() % ids.length] ?? 0;
      const data = Uint8Array.from({ length: next() % 9 }, () => next() & 0xff);
      expect(() => can.send(frame(id, data, { extended: next() % 16 === 0 }))).not.toThrow();
    }
    for (const r of out.readings) {
      expect(Number.isFinite(r.voltageV ?? 0)).toBe(true);
      expect(r.powerW === undefined || Math.abs(r.powerW) <= 100_000).toBe(true);
    }
    expect(out.ok + out.bad).toBeGreaterThan(0);
    const before = out.readings.length;
    can.send(...PYLON_SET);
    expect(out.readings).toHaveLength(before + 1);
    expect(out.readings.at(-1)).toMatchObject({ socPercent: 26, voltageV: 48.66, temperatureC: 33 });
  });
});
