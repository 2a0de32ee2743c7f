/**
 * The history database (SQLite through better-sqlite3, WAL mode): 1-minute and 15-minute power per
 * inverter (AC) and string (DC), daily energy per inverter and string, and the day trackers that let
 * today's energy continue after a restart. Synchronous on purpose: every call is short, and a batch of
 * writes is one transaction. Layout and rules: docs/history.md.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BATTERY_CHANNELS, type BatteryMinuteRow } from './battery-minutes';
import type { DayTracker } from './day-energy';
import { INVERTER_CHANNEL, type MinuteRow } from './minutes';

export const QUARTER_S = 900;
/** Highest channel number stored (DC inputs are 0..15 at most; the import checks the same). */
export const MAX_CHANNEL = 15;

/**
 * A power row as stored: mean W over `s` covered seconds of the bucket starting at `t` (for the battery's
 * state of charge the mean %).
 */
export interface PowerRow {
  t: number;
  w: number;
  s: number;
}

export interface DayRow {
  serial: string;
  channel: number;
  /** YYYYMMDD */
  day: number;
  wh: number;
}

export interface TrackerRow extends DayTracker {
  serial: string;
  channel: number;
}

export type PowerTable = 'minute' | 'quarter';

export interface StoreStatus {
  bytes: number;
  oldestMinute: number | null;
  oldestQuarter: number | null;
  oldestDay: number | null;
}

/**
 * Migrations by `PRAGMA user_version`: step i lifts version i to i + 1. Power is stored in 0.1 W as an
 * integer (1 to 3 bytes instead of 8) and channels as -1 (inverter) or the DC input number.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE inverter (id INTEGER PRIMARY KEY, serial TEXT NOT NULL UNIQUE, name TEXT NOT NULL DEFAULT '');
   CREATE TABLE power_minute (inv INTEGER NOT NULL, ch INTEGER NOT NULL, t INTEGER NOT NULL,
     dw INTEGER NOT NULL, s INTEGER NOT NULL, PRIMARY KEY (inv, ch, t)) WITHOUT ROWID;
   CREATE TABLE power_quarter (inv INTEGER NOT NULL, ch INTEGER NOT NULL, t INTEGER NOT NULL,
     dw INTEGER NOT NULL, s INTEGER NOT NULL, PRIMARY KEY (inv, ch, t)) WITHOUT ROWID;
   CREATE TABLE energy_day (inv INTEGER NOT NULL, ch INTEGER NOT NULL, day INTEGER NOT NULL,
     wh REAL NOT NULL, PRIMARY KEY (inv, ch, day)) WITHOUT ROWID;
   CREATE TABLE day_tracker (inv INTEGER NOT NULL, ch INTEGER NOT NULL, day INTEGER NOT NULL,
     base REAL NOT NULL, start REAL NOT NULL, last REAL NOT NULL, at INTEGER NOT NULL,
     PRIMARY KEY (inv, ch, day)) WITHOUT ROWID;`,
  // The alerts (src/alerts/): one row per alert; `ended` null while open. Times are Unix s.
  `CREATE TABLE alert (id INTEGER PRIMARY KEY, rule TEXT NOT NULL, serial TEXT NOT NULL, name TEXT NOT NULL,
     ch INTEGER, msg_id INTEGER, figure REAL, tag TEXT NOT NULL DEFAULT '', started INTEGER NOT NULL,
     ended INTEGER,
     acked INTEGER NOT NULL DEFAULT 0);
   CREATE INDEX alert_open ON alert (ended);`,
  // Why an alert holds, as recorded when it opened (the meter rule's problem code); '' for the others.
  `ALTER TABLE alert ADD COLUMN detail TEXT NOT NULL DEFAULT '';`,
  // Energy of pruned days, per inverter and channel: totals kept by the gateway (the MI series) survive
  // the daily retention.
  `CREATE TABLE energy_kept (inv INTEGER NOT NULL, ch INTEGER NOT NULL, wh REAL NOT NULL,
     PRIMARY KEY (inv, ch)) WITHOUT ROWID;`,
  // The battery (battery-minutes.ts): channel 0 its state of charge in 0.1 %, 1 its power in 0.1 W
  // (negative while discharging), as minute and quarter means with their covered seconds.
  `CREATE TABLE battery_minute (ch INTEGER NOT NULL, t INTEGER NOT NULL, v INTEGER NOT NULL,
     s INTEGER NOT NULL, PRIMARY KEY (ch, t)) WITHOUT ROWID;
   CREATE TABLE battery_quarter (ch INTEGER NOT NULL, t INTEGER NOT NULL, v INTEGER NOT NULL,
     s INTEGER NOT NULL, PRIMARY KEY (ch, t)) WITHOUT ROWID;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

const deciWatts = (w: number) => Math.round(w * 10);
/** A battery value in its stored unit: 0.1 % or 0.1 W. */
const tenths = (value: number) => Math.round(value * 10);

/** The battery tables of a resolution. */
const batteryTable = (table: PowerTable) => (table === 'minute' ? 'battery_minute' : 'battery_quarter');

export class HistoryStore {
  readonly #db: Database.Database;
  readonly #file: string;
  readonly #ids = new Map<string, number>();
  readonly #statements;

  /** `file` ':memory:' for tests. Throws when the file is of a newer schema than this code knows. */
  constructor(file: string) {
    this.#file = file;
    this.#db = new Database(file);
    try {
      if (file !== ':memory:') this.#db.pragma('journal_mode = WAL');
      this.#db.pragma('synchronous = NORMAL');
      this.#migrate();
    } catch (error) {
      this.#db.close();
      throw error;
    }
    this.#loadIds();
    const db = this.#db;
    const power = (table: string) => ({
      upsert: db.prepare(
        `INSERT INTO ${table} (inv, ch, t, dw, s) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET dw = (dw * s + excluded.dw * excluded.s) / (s + excluded.s),
           s = min(${table === 'power_minute' ? 60 : QUARTER_S}, s + excluded.s)`,
      ),
      range: db.prepare(
        `SELECT t, dw, s FROM ${table} WHERE inv = ? AND ch = ? AND t >= ? AND t < ? ORDER BY t`,
      ),
      oldest: db.prepare(`SELECT min(t) AS t FROM ${table}`),
      prune: db.prepare(`DELETE FROM ${table} WHERE inv = ? AND ch = ? AND t < ?`),
    });
    const battery = (table: PowerTable) => ({
      upsert: db.prepare(
        `INSERT INTO ${batteryTable(table)} (ch, t, v, s) VALUES (?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET v = (v * s + excluded.v * excluded.s) / (s + excluded.s),
           s = min(${table === 'minute' ? 60 : QUARTER_S}, s + excluded.s)`,
      ),
      range: db.prepare(
        `SELECT t, v, s FROM ${batteryTable(table)} WHERE ch = ? AND t >= ? AND t < ? ORDER BY t`,
      ),
      prune: db.prepare(`DELETE FROM ${batteryTable(table)} WHERE ch = ? AND t < ?`),
    });
    this.#statements = {
      minute: power('power_minute'),
      quarter: power('power_quarter'),
      batteryMinute: battery('minute'),
      batteryQuarter: battery('quarter'),
      batteryAggregate: db.prepare(
        `INSERT INTO battery_quarter (ch, t, v, s)
         SELECT ch, @q, CAST(round(sum(v * s) * 1.0 / sum(s)) AS INTEGER), sum(s) FROM battery_minute
         WHERE ch = @ch AND t >= @q AND t < @q + ${QUARTER_S} GROUP BY ch
         ON CONFLICT DO UPDATE SET v = excluded.v, s = excluded.s`,
      ),
      aggregate: db.prepare(
        `INSERT INTO power_quarter (inv, ch, t, dw, s)
         SELECT inv, ch, @q, CAST(round(sum(dw * s) * 1.0 / sum(s)) AS INTEGER), sum(s) FROM power_minute
         WHERE inv = @inv AND ch = @ch AND t >= @q AND t < @q + ${QUARTER_S} GROUP BY inv, ch
         ON CONFLICT DO UPDATE SET dw = excluded.dw, s = excluded.s`,
      ),
      dayUpsert: db.prepare(
        `INSERT INTO energy_day (inv, ch, day, wh) VALUES (?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET wh = max(wh, excluded.wh)`,
      ),
      dayRange: db.prepare(
        'SELECT day, wh FROM energy_day WHERE inv = ? AND ch = ? AND day >= ? AND day <= ? ORDER BY day',
      ),
      dayOldest: db.prepare('SELECT min(day) AS day FROM energy_day'),
      dayNewest: db.prepare('SELECT max(day) AS day FROM energy_day'),
      dayPrune: db.prepare('DELETE FROM energy_day WHERE day < ?'),
      keepPruned: db.prepare(
        `INSERT INTO energy_kept (inv, ch, wh) SELECT inv, ch, sum(wh) FROM energy_day WHERE day < ?
         GROUP BY inv, ch ON CONFLICT DO UPDATE SET wh = wh + excluded.wh`,
      ),
      energyBefore: db.prepare(
        `SELECT coalesce((SELECT wh FROM energy_kept WHERE inv = @inv AND ch = @ch), 0)
           + coalesce((SELECT sum(wh) FROM energy_day WHERE inv = @inv AND ch = @ch AND day < @day), 0) AS wh`,
      ),
      dayChannels: db.prepare('SELECT DISTINCT ch FROM energy_day WHERE inv = ? ORDER BY ch'),
      trackerUpsert: db.prepare(
        `INSERT INTO day_tracker (inv, ch, day, base, start, last, at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET base = excluded.base, start = excluded.start, last = excluded.last,
           at = excluded.at`,
      ),
      trackerOf: db.prepare(
        'SELECT day, base, start, last, at FROM day_tracker WHERE inv = ? AND ch = ? AND day = ?',
      ),
      trackerLatest: db.prepare(
        'SELECT day, base, start, last, at FROM day_tracker WHERE inv = ? AND ch = ? ORDER BY at DESC LIMIT 1',
      ),
      trackerPrune: db.prepare('DELETE FROM day_tracker WHERE day < ?'),
      inverterInsert: db.prepare('INSERT INTO inverter (serial, name) VALUES (?, ?)'),
      inverterName: db.prepare('UPDATE inverter SET name = ? WHERE id = ? AND name <> ?'),
      inverters: db.prepare('SELECT serial, name FROM inverter ORDER BY serial'),
    };
  }

  /** The serial → row id cache, from the table (again after a rolled-back transaction). */
  #loadIds(): void {
    this.#ids.clear();
    const rows = this.#db.prepare('SELECT id, serial FROM inverter').all() as {
      id: number;
      serial: string;
    }[];
    for (const row of rows) this.#ids.set(row.serial, row.id);
  }

  /** Runs `work` in one transaction; a failure rolls back the inverter ids it created too. */
  transaction(work: () => void): void {
    try {
      this.#db.transaction(work)();
    } catch (error) {
      this.#loadIds();
      throw error;
    }
  }

  #migrate(): void {
    const version = this.#db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length) {
      throw new Error(`history database of a newer format (${version} > ${MIGRATIONS.length})`);
    }
    for (let v = version; v < MIGRATIONS.length; v++) {
      this.#db.transaction(() => {
        this.#db.exec(MIGRATIONS[v] ?? '');
        this.#db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  close(): void {
    if (this.#db.open) this.#db.close();
  }

  get database(): Database.Database {
    return this.#db;
  }

  /** The row id of an inverter, created on first use; a non-empty name updates the stored one. */
  inverterId(serial: string, name = ''): number {
    let id = this.#ids.get(serial);
    if (id === undefined) {
      id = Number(this.#statements.inverterInsert.run(serial, name).lastInsertRowid);
      this.#ids.set(serial, id);
    } else if (name !== '') {
      this.#statements.inverterName.run(name, id, name);
    }
    return id;
  }

  #existingId(serial: string): number | undefined {
    return this.#ids.get(serial);
  }

  /** Every inverter the history has seen, by serial. */
  inverters(): { serial: string; name: string }[] {
    return this.#statements.inverters.all() as { serial: string; name: string }[];
  }

  hasInverter(serial: string): boolean {
    return this.#ids.has(serial);
  }

  /**
   * One batch in one transaction: minute rows of the inverters and the battery (merged as weighted means
   * with what is stored), the quarters they touch rebuilt from the minute rows, day energies (merged by max)
   * and day trackers.
   */
  write(batch: {
    minutes?: readonly MinuteRow[];
    battery?: readonly BatteryMinuteRow[];
    days?: readonly DayRow[];
    trackers?: readonly TrackerRow[];
  }) {
    const s = this.#statements;
    this.transaction(() => {
      const batteryQuarters = new Map<string, [number, number]>();
      for (const row of batch.battery ?? []) {
        s.batteryMinute.upsert.run(row.channel, row.t, tenths(row.value), row.s);
        const q = row.t - (row.t % QUARTER_S);
        batteryQuarters.set(`${row.channel}|${q}`, [row.channel, q]);
      }
      for (const [ch, q] of batteryQuarters.values()) s.batteryAggregate.run({ ch, q });
      const quarters = new Map<string, [number, number, number]>();
      for (const row of batch.minutes ?? []) {
        const inv = this.inverterId(row.serial);
        s.minute.upsert.run(inv, row.channel, row.t, deciWatts(row.w), row.s);
        const q = row.t - (row.t % QUARTER_S);
        quarters.set(`${inv}|${row.channel}|${q}`, [inv, row.channel, q]);
      }
      for (const [inv, ch, q] of quarters.values()) s.aggregate.run({ inv, ch, q });
      for (const row of batch.days ?? []) {
        s.dayUpsert.run(this.inverterId(row.serial), row.channel, row.day, row.wh);
      }
      for (const row of batch.trackers ?? []) {
        s.trackerUpsert.run(
          this.inverterId(row.serial),
          row.channel,
          row.day,
          row.base,
          row.start,
          row.last,
          row.at,
        );
      }
    });
  }

  /** Quarter rows written directly (tests, the size measurement); minute rows are aggregated instead. */
  writeQuarters(rows: readonly MinuteRow[]): void {
    this.#db.transaction(() => {
      for (const row of rows) {
        this.#statements.quarter.upsert.run(
          this.inverterId(row.serial),
          row.channel,
          row.t,
          deciWatts(row.w),
          row.s,
        );
      }
    })();
  }

  /** Power rows of one channel with `from <= t < to`. */
  power(table: PowerTable, serial: string, channel: number, from: number, to: number): PowerRow[] {
    const inv = this.#existingId(serial);
    if (inv === undefined) return [];
    const rows = this.#statements[table].range.all(inv, channel, from, to) as {
      t: number;
      dw: number;
      s: number;
    }[];
    return rows.map((row) => ({ t: row.t, w: row.dw / 10, s: row.s }));
  }

  /** The battery's rows of one channel (0 SoC in %, 1 power in W) with `from <= t < to`. */
  battery(table: PowerTable, channel: number, from: number, to: number): PowerRow[] {
    const statements = table === 'minute' ? this.#statements.batteryMinute : this.#statements.batteryQuarter;
    const rows = statements.range.all(channel, from, to) as { t: number; v: number; s: number }[];
    return rows.map((row) => ({ t: row.t, w: row.v / 10, s: row.s }));
  }

  /** Day energies of one channel with `fromDay <= day <= toDay` (YYYYMMDD). */
  days(serial: string, channel: number, fromDay: number, toDay: number): { day: number; wh: number }[] {
    const inv = this.#existingId(serial);
    if (inv === undefined) return [];
    return this.#statements.dayRange.all(inv, channel, fromDay, toDay) as { day: number; wh: number }[];
  }

  /** Wh of one channel on the days before `day` (YYYYMMDD), pruned days included. */
  energyBefore(serial: string, channel: number, day: number): number {
    const inv = this.#existingId(serial);
    if (inv === undefined) return 0;
    return (this.#statements.energyBefore.get({ inv, ch: channel, day }) as { wh: number }).wh;
  }

  /** The string channels (0..) of an inverter that have day energy. */
  stringChannels(serial: string): number[] {
    const inv = this.#existingId(serial);
    if (inv === undefined) return [];
    return (this.#statements.dayChannels.all(inv) as { ch: number }[])
      .map((r) => r.ch)
      .filter((ch) => ch >= 0);
  }

  tracker(serial: string, channel: number, day: number): DayTracker | undefined {
    const inv = this.#existingId(serial);
    if (inv === undefined) return undefined;
    return this.#statements.trackerOf.get(inv, channel, day) as DayTracker | undefined;
  }

  latestTracker(serial: string, channel: number): DayTracker | undefined {
    const inv = this.#existingId(serial);
    if (inv === undefined) return undefined;
    return this.#statements.trackerLatest.get(inv, channel) as DayTracker | undefined;
  }

  /** Deletes what is older than each cutoff (Unix s for power, YYYYMMDD for days; null keeps all). */
  prune(cutoff: { minute: number; quarter: number; day: number | null; tracker: number }): void {
    const s = this.#statements;
    this.#db.transaction(() => {
      // One key range per inverter and channel (a seek each) instead of a scan of millions of rows.
      for (const inv of this.#ids.values()) {
        for (let ch = INVERTER_CHANNEL; ch <= MAX_CHANNEL; ch++) {
          s.minute.prune.run(inv, ch, cutoff.minute);
          s.quarter.prune.run(inv, ch, cutoff.quarter);
        }
      }
      for (const ch of BATTERY_CHANNELS) {
        s.batteryMinute.prune.run(ch, cutoff.minute);
        s.batteryQuarter.prune.run(ch, cutoff.quarter);
      }
      if (cutoff.day !== null) {
        s.keepPruned.run(cutoff.day);
        s.dayPrune.run(cutoff.day);
      }
      s.trackerPrune.run(cutoff.tracker);
    })();
  }

  status(): StoreStatus {
    const s = this.#statements;
    return {
      bytes: this.sizeBytes(),
      oldestMinute: (s.minute.oldest.get() as { t: number | null }).t,
      oldestQuarter: (s.quarter.oldest.get() as { t: number | null }).t,
      oldestDay: (s.dayOldest.get() as { day: number | null }).day,
    };
  }

  newestDay(): number | null {
    return (this.#statements.dayNewest.get() as { day: number | null }).day;
  }

  /** Bytes of the database file and its WAL (pages in use for an in-memory database). */
  sizeBytes(): number {
    if (this.#file === ':memory:') {
      const pages = this.#db.pragma('page_count', { simple: true }) as number;
      const size = this.#db.pragma('page_size', { simple: true }) as number;
      return pages * size;
    }
    let total = 0;
    for (const suffix of ['', '-wal', '-shm']) {
      try {
        total += statSync(this.#file + suffix).size;
      } catch {
        // absent
      }
    }
    return total;
  }

  /** Moves the WAL into the main file (after big writes, before measuring). */
  checkpoint(): void {
    if (this.#file !== ':memory:') this.#db.pragma('wal_checkpoint(TRUNCATE)');
  }
}
