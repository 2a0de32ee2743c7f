import { DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { fixedTime } from './fake-radio';
import { HM800, HMS800, harness, NOON, SettableClock } from './harness';

/** 2024-06-21 21:59 UTC = 23:59 CEST: night with sunset at 22:00 local. */
const LATE = Date.UTC(2024, 5, 21, 21, 59, 0);
/** 2024-06-21 02:00 UTC = 04:00 CEST: night before the 05:00 sunrise. */
const EARLY = Date.UTC(2024, 5, 21, 2, 0, 0);

describe('night rules', () => {
  it('does not poll at night when poll_enable_night is false, and is unreachable then', async () => {
    const h = harness({
      start: EARLY,
      inverters: [{ serial: HM800, poll_enable_night: false, command_enable_night: false }],
    });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(50 * 60_000);
    expect(h.radio.sent).toEqual([]);
    const inv = h.live.inverter(HM800)!;
    expect(inv).toMatchObject({
      pollEnabled: false,
      commandsEnabled: false,
      reachable: false,
      producing: false,
    });
    expect(h.engine.setLimit(HM800, { value: 50, type: 1 })).toBe('commands-disabled');
    // Sunrise at 05:00 local (03:00 UTC): re-evaluated within 60 s, then polled.
    await h.clock.advance(12 * 60_000);
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(true);
    expect(h.radio.dataRequests(DataType.RunData).length).toBeGreaterThan(0);
    await h.engine.stop();
  });

  it('keeps polling at night with poll_enable_night (the default)', async () => {
    const h = harness({ start: EARLY, inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(9000);
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(true);
    expect(h.radio.dataRequests(DataType.RunData).length).toBe(2);
    await h.engine.stop();
  });

  it('stops polling at sunset and keeps sending commands when only command_enable_night is set', async () => {
    const h = harness({ start: LATE - 3600_000, inverters: [{ serial: HM800, poll_enable_night: false }] });
    const fake = h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(3600_000 + 61_000);
    const inv = h.live.inverter(HM800)!;
    expect(inv.pollEnabled).toBe(false);
    expect(inv.commandsEnabled).toBe(true);
    const polls = h.radio.dataRequests(DataType.RunData).length;
    await h.clock.advance(60_000);
    expect(h.radio.dataRequests(DataType.RunData).length).toBe(polls);
    expect(h.engine.setLimit(HM800, { value: 20, type: 1 })).toBe('queued');
    await h.clock.advance(3000);
    expect(fake.controls.at(-1)).toMatchObject({ kind: 'limit', limit: 20 });
    await h.engine.stop();
  });

  it('applies a saved poll_enable_night at once, with the night rule', async () => {
    const h = harness({ start: EARLY, inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(true);
    h.engine.applySettings({
      ...h.settings,
      inverters: [{ ...h.settings.inverters[0]!, poll_enable_night: false }],
    });
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(false);
    await h.engine.stop();
  });
});

describe('clock not synchronised', () => {
  it('sends no data request of any kind, treats the time as day and shows the time_sync hint', async () => {
    const h = harness({
      synchronised: false,
      start: 0,
      inverters: [{ serial: HM800, poll_enable_night: false }, { serial: HMS800 }],
    });
    h.radio.add(HM800);
    h.radio.add(HMS800);
    await h.engine.start();
    await h.clock.advance(10 * 60_000);
    expect(h.radio.sent).toEqual([]);
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(true);
    expect(h.live.system.timeSynchronised).toBe(false);
    await h.engine.stop();
  });

  it('still sends user commands (device control carries no time)', async () => {
    const h = harness({ synchronised: false, start: 0, inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await h.engine.start();
    expect(h.engine.setPower(HM800, 'off')).toBe('queued');
    await h.clock.advance(3000);
    expect(fake.controls).toEqual([{ kind: 'power', action: 'off' }]);
    expect(h.radio.dataRequests()).toEqual([]);
    await h.engine.stop();
  });

  it('starts polling once the clock is synchronised, without running the daily tasks', async () => {
    const time = fixedTime();
    const h = harness({ synchronised: false, inverters: [{ serial: HM800 }], time });
    h.radio.add(HM800);
    await h.engine.start();
    h.engine.setPower(HM800, 'on');
    await h.clock.advance(30_000);
    const statsBefore = h.live.inverter(HM800)!.radioStats.tx_request;
    expect(statsBefore).toBe(1);
    h.clock.setSynchronised(true);
    await h.clock.advance(6000);
    expect(h.radio.dataRequests(DataType.RunData).length).toBeGreaterThan(0);
    // Statistics were not reset by a spurious day change.
    expect(h.live.inverter(HM800)!.radioStats.tx_request).toBeGreaterThan(statsBefore);
    await h.engine.stop();
  });

  it('drops a queued data request when the clock loses its synchronisation before it goes on air', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(1); // turn 1: run data on air, event log waiting
    h.clock.setSynchronised(false);
    await h.clock.advance(5000);
    expect(h.radio.dataRequests().length).toBe(1);
    await h.engine.stop();
  });
});

describe('HMS/HMT channel change', () => {
  it('tells an unreachable HMS the working channel on the start-up frequency', async () => {
    const h = harness({ inverters: [{ serial: HMS800, reachable_threshold: 1 }], pollIntervalS: 10 });
    const fake = h.radio.add(HMS800, { listenHz: 868_000_000 });
    await h.engine.start();
    await h.clock.advance(30_000);
    const changes = h.radio.sent.filter((s) => s.parsed?.kind === 'channel-change');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes[0]!.request).toMatchObject({ radio: 'CMT', frequencyHz: 868_000_000, windowMs: 10 });
    expect(changes[0]!.parsed).toMatchObject({ frequencyHz: 865_000_000 });
    expect(fake.listenHz).toBe(865_000_000);
    await h.clock.advance(20_000);
    const inv = h.live.inverter(HMS800)!;
    expect(inv.reachable).toBe(true);
    expect(inv.hasData).toBe(true);
    // Channel changes get no answer and are kept out of the statistics (the OpenDTU quirk "channel changes counted as failed requests" (docs/compatibility.md) not mimicked).
    expect(inv.radioStats.tx_request).toBe(inv.radioStats.rx_success + inv.radioStats.rx_fail_nothing);
    await h.engine.stop();
  });

  it('moves HMS inverters along when the working frequency is changed', async () => {
    const h = harness({ inverters: [{ serial: HMS800 }], pollIntervalS: 10 });
    const fake = h.radio.add(HMS800, { listenHz: 865_000_000 });
    await h.engine.start();
    await h.clock.advance(5000);
    expect(h.live.inverter(HMS800)!.hasData).toBe(true);
    h.engine.applySettings({ ...h.settings, dtu: { ...h.settings.dtu, cmtFrequencyHz: 866_500_000 } });
    expect(h.radio.settings?.cmtFrequencyHz).toBe(866_500_000);
    await h.clock.advance(1000);
    const change = h.radio.sent.find((s) => s.parsed?.kind === 'channel-change');
    expect(change?.request.frequencyHz).toBe(865_000_000);
    expect(fake.listenHz).toBe(866_500_000);
    const before = h.live.inverter(HMS800)!.dataVersion;
    await h.clock.advance(10_000);
    const inv = h.live.inverter(HMS800)!;
    expect(inv.dataVersion).toBeGreaterThan(before);
    expect(inv.radioStats.rx_fail_nothing).toBe(0);
    await h.engine.stop();
  });
});

describe('a clock set back (manual time set, SNTP correcting a host clock that ran ahead)', () => {
  const HOUR = 3600_000;

  it('keeps re-evaluating day and night every 60 s', async () => {
    const clock = new SettableClock(NOON);
    const h = harness({ clock, inverters: [{ serial: HM800, poll_enable_night: false }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(61_000);
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(true);
    clock.shift(-10 * HOUR); // 02:00 local: night
    await h.clock.advance(61_000);
    expect(h.live.inverter(HM800)!.pollEnabled).toBe(false);
    await h.engine.stop();
  });

  it('keeps reading the limit back', async () => {
    const clock = new SettableClock(NOON);
    const h = harness({ clock, inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(10_000);
    const readbacks = () => h.radio.dataRequests(DataType.SystemConfig).length;
    expect(readbacks()).toBe(1);
    clock.shift(-HOUR);
    await h.clock.advance(3 * 60_000);
    expect(readbacks()).toBeGreaterThan(1);
    await h.engine.stop();
  });

  it('keeps polling after a change of the poll interval', async () => {
    const clock = new SettableClock(NOON);
    const h = harness({ clock, inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    await h.clock.advance(10_000);
    clock.shift(-HOUR);
    h.engine.applySettings({ ...h.settings, dtu: { ...h.settings.dtu, pollIntervalS: 10 } });
    const polls = h.radio.dataRequests(DataType.RunData).length;
    await h.clock.advance(30_000);
    expect(h.radio.dataRequests(DataType.RunData).length).toBeGreaterThan(polls);
    await h.engine.stop();
  });
});
