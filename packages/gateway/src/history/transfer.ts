/**
 * Export and import of the history: a gzip file of one JSON document written one row per line, so both
 * directions stream (a two-year history does not fit comfortably in memory as one parsed value):
 *
 *   {"format":"dtu-console-history","version":3,"exported_at":…,"rows":[
 *   ["i","<serial>","<name>"],            an inverter
 *   ["m","<serial>",<ch>,<t>,<W>,<s>],    a minute row   ("q": a quarter-hour row)
 *   ["bm","soc",<t>,<%>,<s>],             a battery minute: state of charge, or "power" in W ("bq": a
 *                                         quarter hour) (version 3)
 *   ["d","<serial>",<ch>,<YYYYMMDD>,<Wh>], a day's energy
 *   ["k","<serial>",<ch>,<Wh>],           energy of days the retention pruned (version 2)
 *   ["end"]
 *   ]}
 *
 * An import is read whole into temporary tables first and checked row by row; only a complete, valid
 * file is merged (power and battery rows already stored win, day and kept energies merge by max), in one
 * transaction. Version 1 files (without kept energy) and version 2 files (without the battery) still
 * import.
 */
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { formatSerialNumber, serialNumber } from '@dtu-console/contract';
import { BATTERY_POWER, BATTERY_SOC, type BatteryChannel } from './battery-minutes';
import { INVERTER_CHANNEL } from './minutes';
import { type HistoryStore, MAX_CHANNEL } from './store';

export const EXPORT_FORMAT = 'dtu-console-history';
export const EXPORT_VERSION = 3;
/** The versions an import reads: 1 had no kept-energy rows, 2 no battery rows. */
const IMPORT_VERSIONS: readonly unknown[] = [1, 2, EXPORT_VERSION];

/** The battery's channels as an export names them. */
const BATTERY_NAMES: Readonly<Record<BatteryChannel, string>> = {
  [BATTERY_SOC]: 'soc',
  [BATTERY_POWER]: 'power',
};
const batteryChannelOf = (name: unknown): BatteryChannel | undefined =>
  name === 'soc' ? BATTERY_SOC : name === 'power' ? BATTERY_POWER : undefined;
/** Largest decompressed import (a gzip bomb must not fill the disk with temporary rows). */
export const IMPORT_MAX_TEXT_BYTES = 1024 * 1024 * 1024;

const BATCH = 5000;

/** The export as a gzip stream (rows read in batches, so the database is never held long). */
export function exportStream(store: HistoryStore, exportedAt: number): Readable {
  const db = store.database;
  async function* lines(): AsyncGenerator<string> {
    yield `${JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: exportedAt }).slice(0, -1)},"rows":[\n`;
    for (const inverter of store.inverters())
      yield `${JSON.stringify(['i', inverter.serial, inverter.name])},\n`;
    const quoted = new Map<string, string>();
    for (const [kind, table] of [
      ['m', 'power_minute'],
      ['q', 'power_quarter'],
    ] as const) {
      const select = db
        .prepare(
          `SELECT i.serial, p.inv, p.ch, p.t, p.dw, p.s FROM ${table} p JOIN inverter i ON i.id = p.inv
           WHERE (p.inv, p.ch, p.t) > (?, ?, ?) ORDER BY p.inv, p.ch, p.t LIMIT ${BATCH}`,
        )
        .raw(true);
      let after: [number, number, number] = [-1, -2, -1];
      for (;;) {
        const rows = select.all(...after) as [string, number, number, number, number, number][];
        if (rows.length === 0) break;
        // Printed by hand, the hot path of an export: a number prints in JSON as it does in a template, and
        // each inverter's serial is quoted once.
        let chunk = '';
        for (const [serial, , ch, t, dw, s] of rows) {
          let name = quoted.get(serial);
          if (name === undefined) {
            name = JSON.stringify(serial);
            quoted.set(serial, name);
          }
          chunk += `["${kind}",${name},${ch},${t},${dw / 10},${s}],\n`;
        }
        yield chunk;
        const last = rows[rows.length - 1];
        if (!last) break;
        after = [last[1], last[2], last[3]];
      }
    }
    for (const [kind, table] of [
      ['bm', 'battery_minute'],
      ['bq', 'battery_quarter'],
    ] as const) {
      const select = db
        .prepare(`SELECT ch, t, v, s FROM ${table} WHERE (ch, t) > (?, ?) ORDER BY ch, t LIMIT ${BATCH}`)
        .raw(true);
      let after: [number, number] = [-1, -1];
      for (;;) {
        const rows = select.all(...after) as [BatteryChannel, number, number, number][];
        if (rows.length === 0) break;
        let chunk = '';
        for (const [ch, t, v, s] of rows)
          chunk += `["${kind}","${BATTERY_NAMES[ch]}",${t},${v / 10},${s}],\n`;
        yield chunk;
        const last = rows[rows.length - 1];
        if (!last) break;
        after = [last[0], last[1]];
      }
    }
    const days = db
      .prepare(
        'SELECT i.serial, d.ch, d.day, d.wh FROM energy_day d JOIN inverter i ON i.id = d.inv ORDER BY d.inv, d.ch, d.day',
      )
      .all() as { serial: string; ch: number; day: number; wh: number }[];
    let chunk = '';
    for (const r of days) chunk += `${JSON.stringify(['d', r.serial, r.ch, r.day, r.wh])},\n`;
    const kept = db
      .prepare(
        'SELECT i.serial, k.ch, k.wh FROM energy_kept k JOIN inverter i ON i.id = k.inv ORDER BY k.inv, k.ch',
      )
      .all() as { serial: string; ch: number; wh: number }[];
    for (const r of kept) chunk += `${JSON.stringify(['k', r.serial, r.ch, r.wh])},\n`;
    yield chunk;
    yield '["end"]\n]}\n';
  }
  return Readable.from(lines()).pipe(createGzip());
}

export class ImportError extends Error {}

const isChannel = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= INVERTER_CHANNEL && (v as number) <= MAX_CHANNEL;
const isTime = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 33;
/** Power as stored (our own rows are never refused: any finite value in range, also below 0). */
const isPower = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e6;
const isSoc = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 100;
const isEnergy = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e9;

function isDay(v: unknown): v is number {
  if (!Number.isInteger(v)) return false;
  const day = v as number;
  const m = Math.floor(day / 100) % 100;
  const d = day % 100;
  return day >= 19700101 && day <= 99991231 && m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

function canonicalSerial(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const number = serialNumber(v);
  return number === 0 ? undefined : formatSerialNumber(number);
}

/**
 * A battery row of an export (`["bm"|"bq", "soc"|"power", t, value, s]`, version 3 on) as the import table
 * takes it, or an ImportError naming the row.
 */
function batteryRow(
  row: unknown[],
  version: unknown,
  index: number,
): [string, number, number, number, number] {
  const [kind, name, t, value, s] = row;
  const channel = batteryChannelOf(name);
  const bucket = kind === 'bm' ? 60 : 900;
  const valid =
    version !== 1 &&
    version !== 2 &&
    row.length === 5 &&
    channel !== undefined &&
    isTime(t) &&
    t % bucket === 0 &&
    (channel === BATTERY_SOC ? isSoc(value) : isPower(value)) &&
    Number.isInteger(s) &&
    (s as number) >= 1 &&
    (s as number) <= bucket;
  if (!valid) throw new ImportError(`row ${index}: bad battery row`);
  return [kind as string, channel, t, Math.round((value as number) * 10), s as number];
}

/** Imports run one after the other: they share the temporary tables. */
let importing: Promise<unknown> = Promise.resolve();

/**
 * Reads a whole export (gzip bytes) and merges it. Throws ImportError (nothing changed) for anything
 * that is not a complete, valid export; returns the number of rows read.
 */
export function importHistory(store: HistoryStore, gzip: Buffer): Promise<number> {
  const run = importing.then(() => importNow(store, gzip));
  importing = run.catch(() => {});
  return run;
}

/** The lines of a text stream, a chunk's worth at a time (one await per chunk, not per line). */
async function* lineBatches(input: Readable): AsyncGenerator<string[]> {
  let rest = '';
  input.setEncoding('utf8');
  for await (const chunk of input) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop() ?? '';
    yield lines;
  }
  if (rest !== '') yield [rest];
}

async function importNow(store: HistoryStore, gzip: Buffer): Promise<number> {
  const db = store.database;
  db.exec(`DROP TABLE IF EXISTS temp.import_inverter; DROP TABLE IF EXISTS temp.import_power;
    DROP TABLE IF EXISTS temp.import_day; DROP TABLE IF EXISTS temp.import_kept;
    DROP TABLE IF EXISTS temp.import_battery;
    CREATE TEMP TABLE import_battery (kind TEXT NOT NULL, ch INTEGER NOT NULL, t INTEGER NOT NULL,
      v INTEGER NOT NULL, s INTEGER NOT NULL);
    CREATE TEMP TABLE import_inverter (serial TEXT PRIMARY KEY, name TEXT NOT NULL);
    CREATE TEMP TABLE import_power (kind TEXT NOT NULL, serial TEXT NOT NULL, ch INTEGER NOT NULL,
      t INTEGER NOT NULL, dw INTEGER NOT NULL, s INTEGER NOT NULL);
    CREATE TEMP TABLE import_day (serial TEXT NOT NULL, ch INTEGER NOT NULL, day INTEGER NOT NULL, wh REAL NOT NULL);
    CREATE TEMP TABLE import_kept (serial TEXT NOT NULL, ch INTEGER NOT NULL, wh REAL NOT NULL,
      PRIMARY KEY (serial, ch));`);
  const insertInverter = db.prepare('INSERT OR REPLACE INTO temp.import_inverter VALUES (?, ?)');
  const insertPower = db.prepare('INSERT INTO temp.import_power VALUES (?, ?, ?, ?, ?, ?)');
  const insertDay = db.prepare('INSERT INTO temp.import_day VALUES (?, ?, ?, ?)');
  const insertBattery = db.prepare('INSERT INTO temp.import_battery VALUES (?, ?, ?, ?, ?)');
  const insertKept = db.prepare(
    'INSERT INTO temp.import_kept VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET wh = max(wh, excluded.wh)',
  );
  try {
    let rows = 0;
    let textBytes = 0;
    let header = false;
    let ended = false;
    let closed = false;
    // Rows waiting for the next batch insert, as the statements' arguments.
    let inverters: [string, string][] = [];
    let powers: [string, string, number, number, number, number][] = [];
    let days: [string, number, number, number][] = [];
    let kept: [string, number, number][] = [];
    let battery: [string, number, number, number, number][] = [];
    let version: unknown;
    const stage = db.transaction(() => {
      for (const row of inverters) insertInverter.run(row);
      for (const row of powers) insertPower.run(row);
      for (const row of days) insertDay.run(row);
      for (const row of kept) insertKept.run(row);
      for (const row of battery) insertBattery.run(row);
    });
    const flush = () => {
      stage();
      inverters = [];
      powers = [];
      days = [];
      kept = [];
      battery = [];
    };
    // A file names a few serials millions of times: each spelling is checked once.
    const serials = new Map<unknown, string | undefined>();
    const serialOf = (raw: unknown) => {
      if (!serials.has(raw)) serials.set(raw, canonicalSerial(raw));
      return serials.get(raw);
    };
    const readLine = (line: string): void => {
      textBytes += line.length + 1;
      if (textBytes > IMPORT_MAX_TEXT_BYTES) throw new ImportError('too large');
      if (closed) {
        if (line.trim() !== '') throw new ImportError('text after the end');
        return;
      }
      if (!header) {
        let head: unknown;
        try {
          head = JSON.parse(`${line}]}`);
        } catch {
          throw new ImportError('not a history export');
        }
        const h = head as Record<string, unknown>;
        if (h.format !== EXPORT_FORMAT || !IMPORT_VERSIONS.includes(h.version) || !Array.isArray(h.rows)) {
          throw new ImportError('not a history export of this format');
        }
        header = true;
        version = h.version;
        return;
      }
      if (ended) {
        if (line !== ']}') throw new ImportError('malformed end');
        closed = true;
        return;
      }
      let row: unknown;
      try {
        row = JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
      } catch {
        throw new ImportError(`row ${rows + 1}: not JSON`);
      }
      if (!Array.isArray(row)) throw new ImportError(`row ${rows + 1}: not an array`);
      const [kind, rawSerial, a, b, c, d] = row as unknown[];
      if (kind === 'end' && row.length === 1) {
        if (line.endsWith(',')) throw new ImportError('malformed end');
        ended = true;
        return;
      }
      if (!line.endsWith(',')) throw new ImportError(`row ${rows + 1}: missing separator`);
      if (kind === 'bm' || kind === 'bq') {
        battery.push(batteryRow(row, version, rows + 1));
        rows++;
        return;
      }
      const serial = serialOf(rawSerial);
      if (serial === undefined) throw new ImportError(`row ${rows + 1}: bad serial`);
      if (kind === 'i' && row.length === 3 && typeof a === 'string') {
        inverters.push([serial, a]);
      } else if (
        (kind === 'm' || kind === 'q') &&
        row.length === 6 &&
        isChannel(a) &&
        isTime(b) &&
        isPower(c)
      ) {
        const max = kind === 'm' ? 60 : 900;
        if (
          !Number.isInteger(d) ||
          (d as number) < 1 ||
          (d as number) > max ||
          b % (kind === 'm' ? 60 : 900) !== 0
        ) {
          throw new ImportError(`row ${rows + 1}: bad power row`);
        }
        powers.push([kind, serial, a, b, Math.round(c * 10), d as number]);
      } else if (kind === 'd' && row.length === 5 && isChannel(a) && isDay(b) && isEnergy(c)) {
        days.push([serial, a, b, c]);
      } else if (kind === 'k' && version !== 1 && row.length === 4 && isChannel(a) && isEnergy(b)) {
        kept.push([serial, a, b]);
      } else {
        throw new ImportError(`row ${rows + 1}: unknown row`);
      }
      rows++;
    };
    try {
      for await (const lines of lineBatches(Readable.from([gzip]).pipe(createGunzip()))) {
        for (const line of lines) readLine(line.endsWith('\r') ? line.slice(0, -1) : line);
        if (powers.length + days.length + kept.length + inverters.length + battery.length >= BATCH) flush();
      }
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError(`damaged file (${(error as Error).message})`);
    }
    if (!closed) throw new ImportError('incomplete file');
    flush();
    store.transaction(() => {
      const serials = db
        .prepare(
          `SELECT serial, max(name) AS name FROM (SELECT serial, name FROM temp.import_inverter
           UNION ALL SELECT serial, '' FROM temp.import_power UNION ALL SELECT serial, '' FROM temp.import_day
           UNION ALL SELECT serial, '' FROM temp.import_kept)
           GROUP BY serial`,
        )
        .all() as { serial: string; name: string }[];
      for (const { serial, name } of serials) store.inverterId(serial, store.hasInverter(serial) ? '' : name);
      for (const [kind, table] of [
        ['m', 'power_minute'],
        ['q', 'power_quarter'],
      ] as const) {
        db.prepare(
          `INSERT INTO ${table} (inv, ch, t, dw, s) SELECT i.id, p.ch, p.t, p.dw, p.s FROM temp.import_power p
           JOIN inverter i ON i.serial = p.serial WHERE p.kind = ? ON CONFLICT DO NOTHING`,
        ).run(kind);
      }
      db.prepare(
        `INSERT INTO energy_day (inv, ch, day, wh) SELECT i.id, d.ch, d.day, d.wh FROM temp.import_day d
         JOIN inverter i ON i.serial = d.serial WHERE true ON CONFLICT DO UPDATE SET wh = max(wh, excluded.wh)`,
      ).run();
      db.prepare(
        `INSERT INTO energy_kept (inv, ch, wh) SELECT i.id, k.ch, k.wh FROM temp.import_kept k
         JOIN inverter i ON i.serial = k.serial WHERE true ON CONFLICT DO UPDATE SET wh = max(wh, excluded.wh)`,
      ).run();
      for (const [kind, table] of [
        ['bm', 'battery_minute'],
        ['bq', 'battery_quarter'],
      ] as const) {
        db.prepare(
          `INSERT INTO ${table} (ch, t, v, s) SELECT ch, t, v, s FROM temp.import_battery WHERE kind = ?
           ON CONFLICT DO NOTHING`,
        ).run(kind);
      }
    });
    return rows;
  } finally {
    db.exec(
      `DROP TABLE IF EXISTS temp.import_inverter; DROP TABLE IF EXISTS temp.import_power;
       DROP TABLE IF EXISTS temp.import_day; DROP TABLE IF EXISTS temp.import_kept;
       DROP TABLE IF EXISTS temp.import_battery;`,
    );
  }
}
