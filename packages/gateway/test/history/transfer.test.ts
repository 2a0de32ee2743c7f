import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BATTERY_POWER, BATTERY_SOC } from '../../src/history/battery-minutes';
import { HistoryStore } from '../../src/history/store';
import { exportStream, ImportError, importHistory } from '../../src/history/transfer';

const MI = '104161234567';
const stores: HistoryStore[] = [];
const store = () => {
  const made = new HistoryStore(':memory:');
  stores.push(made);
  return made;
};
afterEach(() => {
  for (const made of stores.splice(0)) made.close();
});

/** A store whose first two June days went past the retention: their energy lives on as kept energy. */
function prunedStore(): HistoryStore {
  const history = store();
  history.write({
    days: [
      { serial: MI, channel: 0, day: 20250601, wh: 1200 },
      { serial: MI, channel: 0, day: 20250602, wh: 800 },
      { serial: MI, channel: 0, day: 20250603, wh: 500 },
      { serial: MI, channel: 1, day: 20250601, wh: 300 },
    ],
  });
  history.prune({ minute: 0, quarter: 0, day: 20250603, tracker: 0 });
  return history;
}

const exported = async (history: HistoryStore) => buffer(exportStream(history, 1_750_000_000));

describe('history export and import of kept energy', () => {
  it('carries the energy of pruned days over, so the totals stay the same', async () => {
    const source = prunedStore();
    expect(source.days(MI, 0, 20250101, 20251231)).toEqual([{ day: 20250603, wh: 500 }]);
    expect(source.energyBefore(MI, 0, 20250604)).toBe(2500);
    const file = await exported(source);
    const text = gunzipSync(file).toString('utf8');
    expect(JSON.parse(text).version).toBe(3);
    expect(text).toContain(`["k","${MI}",0,2000],`);
    expect(text).toContain(`["k","${MI}",1,300],`);

    const target = store();
    await importHistory(target, file);
    expect(target.energyBefore(MI, 0, 20250604)).toBe(2500);
    expect(target.energyBefore(MI, 1, 20250604)).toBe(300);
    // Imported twice, nothing is counted twice: kept energy merges by max, as days do.
    await importHistory(target, file);
    expect(target.energyBefore(MI, 0, 20250604)).toBe(2500);
  });

  it('reads a version 1 file, and refuses kept energy in one', async () => {
    const text = gunzipSync(await exported(prunedStore())).toString('utf8');
    const v1 = text.replace('"version":3', '"version":1');
    const withoutKept = v1
      .split('\n')
      .filter((line) => !line.startsWith('["k",'))
      .join('\n');
    const target = store();
    await importHistory(target, gzipSync(withoutKept));
    expect(target.energyBefore(MI, 0, 20250604)).toBe(500);
    await expect(importHistory(store(), gzipSync(v1))).rejects.toThrow(ImportError);
  });

  it('refuses a bad kept row and changes nothing', async () => {
    const text = gunzipSync(await exported(prunedStore())).toString('utf8');
    for (const bad of [
      `["k","${MI}",0,-5],`,
      `["k","${MI}",0],`,
      `["k","${MI}",99,5],`,
      '["k","nope",0,5],',
    ]) {
      const target = store();
      const damaged = text.replace(`["k","${MI}",1,300],`, bad);
      await expect(importHistory(target, gzipSync(damaged))).rejects.toThrow(ImportError);
      expect(target.energyBefore(MI, 0, 20250604)).toBe(0);
    }
  });
});

const T = Date.UTC(2025, 5, 21, 10) / 1000;

/** A store with the battery's minutes and their quarter, beside one inverter's minute. */
function batteryStore(): HistoryStore {
  const history = store();
  history.write({
    minutes: [{ serial: MI, channel: -1, t: T, w: 250, s: 60 }],
    battery: [
      { channel: BATTERY_SOC, t: T, value: 64.5, s: 60 },
      { channel: BATTERY_POWER, t: T, value: -820.3, s: 60 },
      { channel: BATTERY_SOC, t: T + 60, value: 64.1, s: 45 },
      { channel: BATTERY_POWER, t: T + 60, value: 1500, s: 45 },
    ],
  });
  return history;
}

const allBattery = (history: HistoryStore) =>
  [BATTERY_SOC, BATTERY_POWER].flatMap((ch) => [
    history.battery('minute', ch, 0, 2 ** 40),
    history.battery('quarter', ch, 0, 2 ** 40),
  ]);

describe('history export and import of the battery', () => {
  it('carries the battery minutes and quarters over, and stored rows win on a second import', async () => {
    const source = batteryStore();
    const file = await exported(source);
    const text = gunzipSync(file).toString('utf8');
    expect(text).toContain(`["bm","soc",${T},64.5,60],`);
    expect(text).toContain(`["bm","power",${T},-820.3,60],`);
    expect(text).toContain(`["bq","power",${T},`);

    const target = store();
    await importHistory(target, file);
    expect(allBattery(target)).toEqual(allBattery(source));
    expect(target.battery('minute', BATTERY_POWER, T, T + 120)).toEqual([
      { t: T, w: -820.3, s: 60 },
      { t: T + 60, w: 1500, s: 45 },
    ]);
    // Imported again over changed rows: what is stored stays, nothing is averaged in.
    target.write({ battery: [{ channel: BATTERY_SOC, t: T + 120, value: 10, s: 60 }] });
    const before = allBattery(target);
    await importHistory(target, file);
    expect(allBattery(target)).toEqual(before);
  });

  it('reads a version 2 file (no battery), and refuses battery rows in one', async () => {
    const text = gunzipSync(await exported(batteryStore())).toString('utf8');
    const v2 = text.replace('"version":3', '"version":2');
    const withoutBattery = v2
      .split('\n')
      .filter((line) => !line.startsWith('["b'))
      .join('\n');
    const target = store();
    await importHistory(target, gzipSync(withoutBattery));
    expect(target.power('minute', MI, -1, 0, 2 ** 40)).toEqual([{ t: T, w: 250, s: 60 }]);
    expect(allBattery(target).flat()).toEqual([]);
    await expect(importHistory(store(), gzipSync(v2))).rejects.toThrow(ImportError);
  });

  it('refuses a bad battery row and changes nothing', async () => {
    const text = gunzipSync(await exported(batteryStore())).toString('utf8');
    for (const bad of [
      `["bm","soc",${T},101,60],`,
      `["bm","soc",${T},-1,60],`,
      `["bm","volts",${T},50,60],`,
      `["bm","power",${T + 1},50,60],`,
      `["bm","power",${T},50,61],`,
      `["bq","power",${T + 60},50,60],`,
      `["bm","power",${T},"50",60],`,
      `["bm","power",${T},50],`,
    ]) {
      const target = store();
      const damaged = text.replace(`["bm","soc",${T},64.5,60],`, bad);
      expect(damaged).not.toBe(text);
      await expect(importHistory(target, gzipSync(damaged)), bad).rejects.toThrow(ImportError);
      expect(allBattery(target).flat()).toEqual([]);
      expect(target.power('minute', MI, -1, 0, 2 ** 40)).toEqual([]);
    }
  });
});
