import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(JSON.parse(text).version).toBe(2);
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
    const v1 = text.replace('"version":2', '"version":1');
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
