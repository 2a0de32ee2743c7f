import { DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { HM400, HM800, harness, NOON } from './harness';

describe('poll cycle and reachability', () => {
  it('polls run data, then device info, grid profile, event log and limit read-back; values reach the model', async () => {
    const h = harness({ inverters: [{ serial: HM800, name: 'Roof' }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(4000);
    const types = h.radio.dataRequests().map((s) => (s.parsed?.kind === 'data' ? s.parsed.dataType : -1));
    // First turn: run data and event log (the log counts as failed at start-up); the rest needs an answer first.
    expect(types).toEqual([DataType.RunData, DataType.EventLog]);
    await h.clock.advance(5000);
    const second = h.radio.dataRequests().map((s) => (s.parsed?.kind === 'data' ? s.parsed.dataType : -1));
    expect(second.slice(2)).toEqual([
      DataType.RunData,
      DataType.SystemConfig,
      DataType.GridProfile,
      DataType.DeviceInfoAll,
      DataType.DeviceInfoSimple,
    ]);
    const inv = h.live.inverter(HM800)!;
    expect(inv.reachable).toBe(true);
    expect(inv.producing).toBe(true);
    expect(inv.values.ac.power).toBe(280);
    expect(inv.totals.powerDc).toBe(300);
    expect(inv.maxPowerW).toBe(800);
    expect(inv.limitRelative).toBe(100);
    expect(inv.limitAbsoluteW).toBe(800);
    expect(inv.deviceInfo.hwModelName).toBe('HM-800-2T');
    expect(inv.gridProfileRaw.length).toBeGreaterThan(6);
    expect(inv.radioStats.tx_request).toBe(7);
    expect(inv.radioStats.rx_success).toBe(7);
    // Third turn: nothing left to fetch but run data (the event counter did not change).
    await h.clock.advance(5000);
    expect(h.radio.dataRequests().length).toBe(8);
    await h.engine.stop();
  });

  it('carries the UNIX time of the gateway clock in every data request', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(100);
    const first = h.radio.dataRequests()[0]!;
    expect(first.parsed?.kind === 'data' && first.parsed.time).toBe(Math.floor(first.at / 1000));
    await h.engine.stop();
  });

  it('becomes unreachable after more than reachable_threshold failed polls and reachable with the next answer', async () => {
    // A long interval lets each turn's requests (5 transmissions each while silent) finish within it.
    const h = harness({ inverters: [{ serial: HM800, reachable_threshold: 2 }], pollIntervalS: 60 });
    const fake = h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(30_000);
    expect(h.live.inverter(HM800)!.reachable).toBe(true);
    fake.online = false;
    const reachableAfterTurn: boolean[] = [];
    for (let turn = 0; turn < 3; turn++) {
      await h.clock.advance(60_000);
      reachableAfterTurn.push(h.live.inverter(HM800)!.reachable);
    }
    expect(reachableAfterTurn).toEqual([true, true, false]);
    const stats = h.live.inverter(HM800)!.radioStats;
    expect(stats.rx_fail_nothing).toBeGreaterThanOrEqual(3);
    // 1 send + 4 resends per silent request.
    const silentRunData = h.radio.dataRequests(0x0b).filter((s) => s.at >= NOON + 30_000);
    expect(silentRunData.length).toBe(15);
    fake.online = true;
    await h.clock.advance(60_000);
    expect(h.live.inverter(HM800)!.reachable).toBe(true);
    await h.engine.stop();
  });

  it('polls every inverter once per interval, in turn (a round per interval)', async () => {
    const h = harness({ inverters: [{ serial: HM800 }, { serial: HM400 }], pollIntervalS: 10 });
    h.radio.add(HM800);
    h.radio.add(HM400);
    await h.engine.start();
    await h.clock.advance(25_000);
    const runData = h.radio.dataRequests(DataType.RunData).map((s) => s.parsed?.inverterAddress.toString(16));
    expect(runData).toEqual(['82345678', '82216549', '82345678', '82216549', '82345678', '82216549']);
    // Rounds start 10 s apart.
    const starts = h.radio.dataRequests(DataType.RunData).filter((_, i) => i % 2 === 0);
    expect(starts.map((s) => s.at - NOON)).toEqual([0, 10_000, 20_000]);
    await h.engine.stop();
  });

  it('skips an inverter with polling and commands off without using up the interval', async () => {
    const h = harness({
      inverters: [{ serial: HM800, poll_enable: false, command_enable: false }, { serial: HM400 }],
      pollIntervalS: 10,
    });
    h.radio.add(HM800);
    h.radio.add(HM400);
    await h.engine.start();
    await h.clock.advance(15_000);
    const runData = h.radio.dataRequests(DataType.RunData).map((s) => s.parsed?.inverterAddress.toString(16));
    expect(runData).toEqual(['82216549', '82216549']);
    expect(h.live.inverter(HM800)!.reachable).toBe(false);
    await h.engine.stop();
  });

  it('counts re-requests and partial failures; a missing fragment is fetched again', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    fake.dropNext = new Set([2]);
    await h.engine.start();
    await h.clock.advance(4000);
    const inv = h.live.inverter(HM800)!;
    expect(inv.hasData).toBe(true);
    expect(inv.radioStats.tx_re_request).toBe(1);
    const reRequest = h.radio.sent.find((s) => s.parsed?.kind === 'rerequest');
    expect(reRequest?.request.windowMs).toBe(100);
    await h.engine.stop();
  });

  it('resets the radio statistics on request', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(4000);
    expect(h.live.inverter(HM800)!.radioStats.tx_request).toBeGreaterThan(0);
    expect(h.engine.resetStats(HM800)).toBe(true);
    expect(h.live.inverter(HM800)!.radioStats).toMatchObject({ tx_request: 0, rx_success: 0, rssi: -127 });
    expect(h.engine.resetStats('999999999999')).toBe(false);
    await h.engine.stop();
  });

  it('applies edited settings at once and forgets removed inverters', async () => {
    const h = harness({ inverters: [{ serial: HM800, name: 'Old' }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(4000);
    h.engine.applySettings({
      ...h.settings,
      inverters: [{ ...h.settings.inverters[0]!, name: 'New', poll_enable: false }],
    });
    expect(h.live.inverter(HM800)).toMatchObject({ name: 'New', pollEnabled: false, reachable: false });
    h.engine.applySettings({ ...h.settings, inverters: [] });
    expect(h.live.inverter(HM800)).toBeUndefined();
    const before = h.radio.sent.length;
    await h.clock.advance(20_000);
    expect(h.radio.sent.length).toBe(before);
    await h.engine.stop();
  });

  it('publishes on a settings save only the inverters it changed, and all of them when the DTU changed', async () => {
    const h = harness({
      inverters: [
        { serial: HM800, name: 'Roof' },
        { serial: HM400, name: 'Shed' },
      ],
    });
    const configEvents = () =>
      h.events.filter((event) => event.change === 'config').map((event) => event.serial);
    h.events.length = 0;
    h.engine.applySettings({ ...h.settings });
    expect(configEvents()).toEqual([]);
    h.engine.applySettings({
      ...h.settings,
      inverters: [h.settings.inverters[0]!, { ...h.settings.inverters[1]!, name: 'Barn' }],
    });
    expect(configEvents()).toEqual([HM400]);
    expect(h.live.inverter(HM400)!.name).toBe('Barn');
    h.events.length = 0;
    h.engine.applySettings({
      ...h.settings,
      inverters: [h.settings.inverters[0]!, { ...h.settings.inverters[1]!, name: 'Barn' }],
      dtu: { ...h.settings.dtu, cmtFrequencyHz: 866_000_000 },
    });
    expect(configEvents().sort()).toEqual([HM800, HM400].sort());
  });

  it('leaves inverters of unsupported serials out of the radio layer', async () => {
    const h = harness({ inverters: [{ serial: '113483000000' }, { serial: HM800 }] });
    expect(h.live.serials()).toEqual([HM800]);
  });
});
