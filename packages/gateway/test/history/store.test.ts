import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POSIX_TIMEZONE } from '../../src/config/defaults';
import { BATTERY_POWER, BATTERY_SOC } from '../../src/history/battery-minutes';
import {
  CARRY_MS,
  type DayTracker,
  dayNumber,
  followCounter,
  trackedEnergy,
} from '../../src/history/day-energy';
import { INVERTER_CHANNEL, MAX_GAP_MS, MinuteRecorder, type MinuteRow } from '../../src/history/minutes';
import { retentionCutoffs } from '../../src/history/recorder';
import { bucketMeans, sumSeries } from '../../src/history/series';
import { HistoryStore, SCHEMA_VERSION } from '../../src/history/store';
import { localTime } from '../../src/system/timezone';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY_MS = 86_400_000;
const localDay = (ms: number) => {
  const t = localTime(DEFAULT_POSIX_TIMEZONE, ms);
  return dayNumber(t.year, t.month, t.day);
};

describe('day energy from the YieldDay counter', () => {
  const day = 20250621;
  const t0 = Date.UTC(2025, 5, 21, 8);
  const feed = (samples: [number, number, number?][], start?: DayTracker) => {
    let tracker = start;
    for (const [value, at, d] of samples) tracker = followCounter(tracker, undefined, d ?? day, value, at);
    return tracker as DayTracker;
  };

  it('counts the counter, and keeps what was counted when the inverter restarts at noon', () => {
    const tracker = feed([
      [100, t0],
      [1500, t0 + 4 * HOUR],
      [0, t0 + 4 * HOUR + MIN], // restart: YieldDay starts over
      [20, t0 + 4 * HOUR + 2 * MIN],
      [900, t0 + 8 * HOUR],
    ]);
    expect(trackedEnergy(tracker)).toBe(2400);
  });

  it("does not count yesterday's counter again after midnight, and counts from the morning reset", () => {
    const evening = feed([[5000, Date.UTC(2025, 5, 20, 19), 20250620]]);
    // Still awake after midnight: the counter shows yesterday's value, then grows a little.
    let tracker = followCounter(evening, undefined, day, 5000, Date.UTC(2025, 5, 20, 22, 30));
    expect(trackedEnergy(tracker)).toBe(0);
    tracker = followCounter(tracker, undefined, day, 5010, Date.UTC(2025, 5, 20, 22, 40));
    expect(trackedEnergy(tracker)).toBe(10);
    // Morning start: the counter resets and counts today's energy.
    tracker = followCounter(tracker, undefined, day, 3, Date.UTC(2025, 5, 21, 4));
    tracker = followCounter(tracker, undefined, day, 800, Date.UTC(2025, 5, 21, 9));
    expect(trackedEnergy(tracker)).toBe(810);
  });

  it('takes the counter as the day so far when the last reading is long ago (gateway off overnight)', () => {
    const old = feed([[2000, Date.UTC(2025, 5, 20, 15)]]);
    const next = followCounter(old, undefined, day, 2500, Date.UTC(2025, 5, 20, 15) + CARRY_MS + HOUR);
    expect(trackedEnergy(next)).toBe(2500);
  });

  it('continues a stored day after a gateway restart, and adds when the inverter restarted meanwhile', () => {
    const stored = feed([
      [1000, t0],
      [3000, t0 + 3 * HOUR],
    ]);
    expect(trackedEnergy(followCounter(stored, undefined, day, 3500, t0 + 4 * HOUR))).toBe(3500);
    expect(trackedEnergy(followCounter(stored, undefined, day, 200, t0 + 4 * HOUR))).toBe(3200);
  });

  it('adds nothing when the clock and the counter go back together (time lived again)', () => {
    const stored = feed([[3000, t0 + 3 * HOUR]]);
    const replay = followCounter(stored, undefined, day, 2800, t0 + 2 * HOUR);
    expect(trackedEnergy(replay)).toBeLessThanOrEqual(3000);
    // Stored days merge by max: the counter takes over once it passes what was stored.
    expect(trackedEnergy(followCounter(replay, undefined, day, 3100, t0 + 3 * HOUR + MIN))).toBe(3100);
  });

  it('a clock set back by a day counts only new increments there, and today continues afterwards', () => {
    const today = feed([[3000, t0]]);
    const yesterdayStored: DayTracker = { day: 20250620, base: 5000, start: 0, last: 0, at: t0 - 10 * HOUR };
    const back = followCounter(today, yesterdayStored, 20250620, 3000, t0 - DAY_MS);
    expect(trackedEnergy(back)).toBe(5000);
    const back2 = followCounter(back, undefined, 20250620, 3050, t0 - DAY_MS + MIN);
    expect(trackedEnergy(back2)).toBe(5050);
    // Back on today: its energy continues with the counter's increments from now on (the 50 Wh read
    // while the clock said yesterday stay there: counted once).
    const again = followCounter(back2, today, day, 3100, t0 + 2 * MIN);
    expect(trackedEnergy(again)).toBe(3050);
  });
});

describe('minute means', () => {
  const t0 = Date.UTC(2025, 5, 21, 10);

  it('weights each value by how long it held, and merges nothing across a gap', () => {
    const recorder = new MinuteRecorder();
    recorder.set(t0, 'a', new Map([[INVERTER_CHANNEL, 100]]));
    recorder.set(t0 + 15_000, 'a', new Map([[INVERTER_CHANNEL, 200]]));
    recorder.advance(t0 + 60_000);
    const [row] = recorder.take(t0 + 60_000);
    expect(row).toEqual({ serial: 'a', channel: INVERTER_CHANNEL, t: t0 / 1000, w: 175, s: 60 });
    // A forward jump leaves the gap uncovered.
    recorder.advance(t0 + 60_000 + MAX_GAP_MS + 1);
    recorder.advance(t0 + 60_000 + MAX_GAP_MS + 30_001);
    const rows = recorder.take(t0 + 10 * MIN, true);
    expect(rows.map((r) => r.t)).toEqual([
      (t0 + 60_000 + MAX_GAP_MS) / 1000 - (((t0 + 60_000 + MAX_GAP_MS) / 1000) % 60),
    ]);
  });

  it('integrates nothing when the clock goes back', () => {
    const recorder = new MinuteRecorder();
    recorder.set(t0, 'a', new Map([[0, 50]]));
    recorder.advance(t0 + 30_000);
    recorder.advance(t0 - 5 * MIN);
    recorder.advance(t0 - 5 * MIN + 30_000);
    const rows = recorder.take(t0, true);
    expect(rows.map((r) => [r.t, r.s])).toEqual([
      [t0 / 1000, 30],
      [(t0 - 5 * MIN) / 1000, 30],
    ]);
  });

  it('bucket means and plant sums keep null apart from 0', () => {
    expect(
      bucketMeans(
        [
          { t: 0, w: 10, s: 60 },
          { t: 60, w: 20, s: 30 },
          { t: 300, w: 0, s: 60 },
        ],
        0,
        120,
        3,
      ),
    ).toEqual([13.3, null, 0]);
    expect(
      sumSeries(
        [
          [1, null, null],
          [2, 3, null],
        ],
        3,
      ),
    ).toEqual([3, 3, null]);
  });
});

describe('history store', () => {
  it('keeps minutes 31 days, quarter hours 2 years and days for good, over a simulated year', () => {
    const started = performance.now();
    const store = new HistoryStore(':memory:');
    const settings = { minute_days: 31, quarter_days: 730, daily_days: 0 };
    const first = Date.UTC(2025, 0, 1, 11);
    for (let d = 0; d < 365; d++) {
      const noon = first + d * DAY_MS;
      const t = noon / 1000;
      // Four minutes: 100 W for 60 s, 200 W for 60 s, 300 W for 30 s in the first quarter; 50 W in the next.
      const minutes: MinuteRow[] = [
        { serial: 'inv', channel: INVERTER_CHANNEL, t, w: 100, s: 60 },
        { serial: 'inv', channel: INVERTER_CHANNEL, t: t + 60, w: 200, s: 60 },
        { serial: 'inv', channel: INVERTER_CHANNEL, t: t + 120, w: 300, s: 30 },
        { serial: 'inv', channel: 0, t: t + 900, w: 50, s: 60 },
      ];
      store.write({
        minutes,
        days: [{ serial: 'inv', channel: INVERTER_CHANNEL, day: localDay(noon), wh: 1000 + d }],
      });
      store.prune(retentionCutoffs(settings, noon + HOUR, localDay));
    }
    const end = first + 364 * DAY_MS;
    const count = (table: string) =>
      (store.database.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count('power_minute')).toBe(4 * 31);
    expect(count('power_quarter')).toBe(2 * 365);
    expect(count('energy_day')).toBe(365);
    expect(store.power('minute', 'inv', INVERTER_CHANNEL, 0, 2 ** 40)[0]?.t).toBe((end - 30 * DAY_MS) / 1000);
    // The quarter is the covered-time weighted mean of its minutes.
    const [quarter] = store.power('quarter', 'inv', INVERTER_CHANNEL, end / 1000, end / 1000 + 900);
    expect(quarter).toEqual({ t: end / 1000, w: 180, s: 150 });
    expect(
      store
        .days('inv', INVERTER_CHANNEL, 20250101, 20251231)
        .map((r) => r.wh)
        .slice(0, 2),
    ).toEqual([1000, 1001]);

    // Shorter retention applies at the next prune.
    store.prune(
      retentionCutoffs({ minute_days: 1, quarter_days: 31, daily_days: 366 }, end + HOUR, localDay),
    );
    expect(count('power_minute')).toBe(4);
    expect(count('power_quarter')).toBe(2 * 31);
    expect(count('energy_day')).toBe(365);
    store.prune(
      retentionCutoffs({ minute_days: 1, quarter_days: 31, daily_days: 366 }, end + 100 * DAY_MS, localDay),
    );
    expect(count('energy_day')).toBe(365 - 99);
    store.close();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('merges duplicate minutes as means and duplicate days by max (a clock set back)', () => {
    const store = new HistoryStore(':memory:');
    const row = { serial: 'inv', channel: INVERTER_CHANNEL, t: 6000, w: 100, s: 30 };
    store.write({ minutes: [row], days: [{ serial: 'inv', channel: -1, day: 20250621, wh: 500 }] });
    store.write({
      minutes: [{ ...row, w: 200 }],
      days: [{ serial: 'inv', channel: -1, day: 20250621, wh: 300 }],
    });
    expect(store.power('minute', 'inv', -1, 0, 7000)).toEqual([{ t: 6000, w: 150, s: 60 }]);
    expect(store.days('inv', -1, 20250621, 20250621)).toEqual([{ day: 20250621, wh: 500 }]);
  });

  it('keeps the energy before a day across the daily retention (the MI series’ total yield)', () => {
    const store = new HistoryStore(':memory:');
    const day = (d: number, wh: number) => ({ serial: 'mi', channel: 0, day: d, wh });
    store.write({ minutes: [], days: [day(20250619, 1000), day(20250620, 1500), day(20250621, 700)] });
    expect(store.energyBefore('mi', 0, 20250621)).toBe(2500);
    expect(store.energyBefore('mi', 1, 20250621)).toBe(0);
    expect(store.energyBefore('other', 0, 20250621)).toBe(0);
    store.prune({ minute: 0, quarter: 0, day: 20250621, tracker: 0 });
    expect(store.days('mi', 0, 20250101, 20251231)).toEqual([{ day: 20250621, wh: 700 }]);
    expect(store.energyBefore('mi', 0, 20250621)).toBe(2500);
    expect(store.energyBefore('mi', 0, 20250622)).toBe(3200);
    store.close();
  });

  it('has a schema version and refuses a database of a newer one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-history-'));
    try {
      const file = join(dir, 'history.sqlite');
      new HistoryStore(file).close();
      const db = new Database(file);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
      db.close();
      expect(() => new HistoryStore(file)).toThrow(/newer format/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the battery as minute and quarter means, merged and pruned like power', () => {
    const store = new HistoryStore(':memory:');
    const t = Date.UTC(2025, 5, 21, 10) / 1000;
    store.write({
      battery: [
        { channel: BATTERY_SOC, t, value: 40, s: 60 },
        { channel: BATTERY_POWER, t, value: 800, s: 60 },
        { channel: BATTERY_SOC, t: t + 60, value: 41, s: 30 },
        { channel: BATTERY_POWER, t: t + 60, value: -400, s: 30 },
      ],
    });
    // The clock set back: the same minute again merges as a weighted mean.
    store.write({ battery: [{ channel: BATTERY_POWER, t: t + 60, value: -100, s: 30 }] });
    expect(store.battery('minute', BATTERY_POWER, t, t + 900)).toEqual([
      { t, w: 800, s: 60 },
      { t: t + 60, w: -250, s: 60 },
    ]);
    // Quarters are rebuilt from the minutes, weighted by their covered seconds.
    expect(store.battery('quarter', BATTERY_SOC, t, t + 900)).toEqual([{ t, w: 40.3, s: 90 }]);
    expect(store.battery('quarter', BATTERY_POWER, t, t + 900)).toEqual([{ t, w: 275, s: 120 }]);
    store.prune({ minute: t + 60, quarter: t, day: null, tracker: 0 });
    expect(store.battery('minute', BATTERY_SOC, 0, 2 ** 40).map((row) => row.t)).toEqual([t + 60]);
    expect(store.battery('quarter', BATTERY_SOC, 0, 2 ** 40)).toHaveLength(1);
    store.prune({ minute: t + 60, quarter: t + 900, day: null, tracker: 0 });
    expect(store.battery('quarter', BATTERY_SOC, 0, 2 ** 40)).toEqual([]);
    store.close();
  });

  it('opens a database of the version before the battery, keeps its rows and records the battery', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-history-'));
    try {
      const file = join(dir, 'history.sqlite');
      const t = Date.UTC(2025, 5, 21, 10) / 1000;
      // A database as the release before the battery wrote it: no battery tables, one version lower.
      const old = new HistoryStore(file);
      old.write({ minutes: [{ serial: 'inv', channel: INVERTER_CHANNEL, t, w: 321, s: 60 }] });
      old.close();
      const db = new Database(file);
      db.exec('DROP TABLE battery_minute; DROP TABLE battery_quarter;');
      db.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
      db.close();

      const store = new HistoryStore(file);
      expect(store.database.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(store.power('minute', 'inv', INVERTER_CHANNEL, t, t + 60)).toEqual([{ t, w: 321, s: 60 }]);
      expect(store.battery('minute', BATTERY_SOC, 0, 2 ** 40)).toEqual([]);
      store.write({ battery: [{ channel: BATTERY_SOC, t, value: 77.5, s: 60 }] });
      expect(store.battery('minute', BATTERY_SOC, 0, 2 ** 40)).toEqual([{ t, w: 77.5, s: 60 }]);
      store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
