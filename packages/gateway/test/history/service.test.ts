/**
 * The history service with a battery beside the plant (ManualClock, an in-memory database): the battery's
 * state of charge and power are recorded per minute while its reading is fresh, and nothing is recorded
 * (null, never 0) while it is stale, switched off, absent, or the recording is off.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import type { BatteryStatus } from '@dtu-console/contract';
import { batteryStatus } from '@dtu-console/contract/battery/fixtures';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { ConfigStore } from '../../src/config/store';
import { LiveModel } from '../../src/engine';
import { BATTERY_POWER, BATTERY_SOC } from '../../src/history/battery-minutes';
import { HISTORY_FILE, HistoryService } from '../../src/history/service';
import { HistoryStore } from '../../src/history/store';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 21, 10);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

/** A started history service; `battery` is read through `status`, which the test changes. */
async function setup(withBattery = true, inMemory = true) {
  const dataDir = await mkdtemp(join(tmpdir(), 'dtu-history-service-'));
  const log = pino({ level: 'silent' });
  const bus = new EventBus();
  const clock = new ManualClock(T0);
  const config = await ConfigStore.open({ dataDir, log, bus, chipId: 0x1a2b3c });
  let status: BatteryStatus | undefined = batteryStatus({ soc: 40, power: 500 });
  const history = new HistoryService({
    config,
    bus,
    clock,
    live: new LiveModel(),
    log,
    dataDir,
    ...(inMemory ? { file: ':memory:' } : {}),
    ...(withBattery ? { battery: () => status } : {}),
  });
  history.start();
  cleanup.push(async () => {
    history.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const minutes = (count: number) =>
    history.powerSeries({ from: T0 / 1000, to: T0 / 1000 + count * 60, step: 60 });
  return {
    dataDir,
    clock,
    config,
    history,
    minutes,
    set: (next: BatteryStatus | undefined) => {
      status = next;
    },
  };
}

describe('history of the battery', () => {
  it('records SoC and power per minute while fresh, and null while stale or absent', async () => {
    const { clock, minutes, set } = await setup();
    await clock.advance(10 * MIN);
    set(batteryStatus({ stale: true, data_age: 60_000 }));
    await clock.advance(5 * MIN);
    set(batteryStatus({ soc: 45, power: -300 }));
    await clock.advance(5 * MIN);
    set(undefined);
    await clock.advance(5 * MIN);
    const battery = minutes(25).battery;
    expect(battery).toBeDefined();
    const { soc, power } = battery ?? { soc: [], power: [] };
    // Each change lands at the next sample (5 s later): the minutes around it are left out.
    for (let i = 0; i < 10; i++) expect([soc[i], power[i]]).toEqual([40, 500]);
    for (let i = 11; i < 15; i++) expect([soc[i], power[i]]).toEqual([null, null]);
    for (let i = 16; i < 20; i++) expect([soc[i], power[i]]).toEqual([45, -300]);
    for (let i = 21; i < 25; i++) expect([soc[i], power[i]]).toEqual([null, null]);
  });

  it('aggregates coarser steps as the mean of the minutes that have data', async () => {
    const { clock, history, set } = await setup();
    await clock.advance(5 * MIN);
    set(batteryStatus({ soc: 50, power: -1000 }));
    await clock.advance(5 * MIN);
    set(batteryStatus({ stale: true }));
    await clock.advance(10 * MIN);
    const series = history.powerSeries({ from: T0 / 1000, to: T0 / 1000 + 1800, step: 600 });
    // First ten minutes: 5 min 5 s at 40 % / 500 W (the change lands at the next sample), then 50 % /
    // −1000 W; minute 5 is stored as its own mean (49.2 %, −875 W) and weighs as one minute. The next
    // ten: one 5-second sample of the last reading, then nothing; the last ten: nothing.
    expect(series.battery?.soc[0]).toBe(44.9);
    expect(series.battery?.power[0]).toBe(-237.5);
    expect(series.battery?.soc[1]).toBe(50);
    expect(series.battery?.power[1]).toBe(-1000);
    expect(series.battery?.soc[2]).toBeNull();
    expect(series.battery?.power[2]).toBeNull();
  });

  it('answers no battery where none was recorded: none configured, none fresh in the range, or the recording off', async () => {
    const without = await setup(false);
    await without.clock.advance(5 * MIN);
    expect(without.minutes(5)).not.toHaveProperty('battery');

    const stale = await setup();
    stale.set(batteryStatus({ stale: true, soc: null, power: null, data_age: null }));
    await stale.clock.advance(5 * MIN);
    expect(stale.minutes(5).battery?.soc.slice(1)).toEqual([null, null, null, null]);
    expect(stale.minutes(5).battery?.soc[0]).toBe(40);
    expect(
      stale.history.powerSeries({ from: T0 / 1000 + 60, to: T0 / 1000 + 300, step: 60 }),
    ).not.toHaveProperty('battery');

    const off = await setup();
    await off.config.update('history', { ...off.config.get('history'), enabled: false });
    await off.clock.advance(5 * MIN);
    expect(off.minutes(5)).not.toHaveProperty('battery');
  });

  it('writes the open minute when it stops', async () => {
    const { clock, history, dataDir } = await setup(true, false);
    await clock.advance(30_000);
    history.stop();
    const store = new HistoryStore(join(dataDir, HISTORY_FILE));
    try {
      expect(store.battery('minute', BATTERY_SOC, 0, 2 ** 40)).toEqual([{ t: T0 / 1000, w: 40, s: 30 }]);
      expect(store.battery('minute', BATTERY_POWER, 0, 2 ** 40)).toEqual([{ t: T0 / 1000, w: 500, s: 30 }]);
    } finally {
      store.close();
    }
  });
});
