/**
 * `npm run history-size`: how big the history database grows at the default retention. Fills a fresh
 * database in a temporary directory with synthetic rows at the real resolutions, through the store's own
 * write path: `--inverters` (default 10) inverters with `--strings` (default 4) strings each, 1-minute rows
 * for the minute retention, 15-minute rows for the quarter retention, a day's energy per inverter and
 * string for as many days; night minutes are stored too (as 0 W), as the service records them. Then times
 * the retention run, the export, and the import of that export into an empty database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HistoryLimits } from '../packages/contract/src/history/limits';
import { INVERTER_CHANNEL, type MinuteRow } from '../packages/gateway/src/history/minutes';
import { HistoryStore } from '../packages/gateway/src/history/store';
import { exportStream, importHistory } from '../packages/gateway/src/history/transfer';

const DAY_S = 86_400;

function dayNumberOf(epochS: number): number {
  const d = new Date(epochS * 1000);
  return d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** A clear-sky-ish day curve with some wobble: 0 at night, up to `peak` W at noon. */
function power(t: number, peak: number, seed: number): number {
  const hour = (t % DAY_S) / 3600;
  const sun = Math.sin(((hour - 5) / 15) * Math.PI);
  if (sun <= 0) return 0;
  return Math.round(peak * sun * (0.85 + 0.15 * Math.sin(t / 517 + seed)) * 10) / 10;
}

async function main() {
  const { values } = parseArgs({
    options: { inverters: { type: 'string' }, strings: { type: 'string' } },
  });
  const inverters = Number(values.inverters ?? 10);
  const strings = Number(values.strings ?? 4);
  const minuteDays = HistoryLimits.minuteDaysDefault;
  const quarterDays = HistoryLimits.quarterDaysDefault;
  const dir = await mkdtemp(join(tmpdir(), 'dtu-history-size-'));
  const file = join(dir, 'history.sqlite');
  const started = performance.now();
  const store = new HistoryStore(file);
  const end = Math.floor(Date.UTC(2026, 5, 21) / 1000);
  const serials = Array.from(
    { length: inverters },
    (_, i) => `1161${String(80_000_000 + i).padStart(8, '0')}`,
  );
  const channels = [INVERTER_CHANNEL, ...Array.from({ length: strings }, (_, c) => c)];
  const peakOf = (channel: number) => (channel === INVERTER_CHANNEL ? 1800 : 480);
  let rows = 0;
  for (let d = quarterDays; d > 0; d--) {
    const dayStart = end - d * DAY_S;
    const useMinutes = d <= minuteDays;
    const batch: MinuteRow[] = [];
    const step = useMinutes ? 60 : 900;
    for (const [i, serial] of serials.entries()) {
      for (const channel of channels) {
        for (let t = dayStart; t < dayStart + DAY_S; t += step) {
          batch.push({ serial, channel, t, w: power(t, peakOf(channel), i * 7 + channel), s: step });
        }
      }
    }
    const days = serials.flatMap((serial) =>
      channels.map((channel) => ({ serial, channel, day: dayNumberOf(dayStart), wh: peakOf(channel) * 6.5 })),
    );
    if (useMinutes) store.write({ minutes: batch, days });
    else {
      store.writeQuarters(batch);
      store.write({ days });
    }
    rows += batch.length + days.length;
  }
  store.checkpoint();
  const fillSeconds = (performance.now() - started) / 1000;
  const bytes = store.sizeBytes();
  // The hourly retention run on a full database (one day of each resolution falls out).
  const pruneStarted = performance.now();
  store.prune({
    minute: end - (minuteDays - 1) * DAY_S,
    quarter: end - (quarterDays - 1) * DAY_S,
    day: null,
    tracker: 0,
  });
  const pruneMs = performance.now() - pruneStarted;
  // The export of the same history (gzip), against the import limit.
  const exportStarted = performance.now();
  const chunks: Buffer[] = [];
  for await (const chunk of exportStream(store, end)) chunks.push(chunk as Buffer);
  const exported = Buffer.concat(chunks);
  const exportBytes = exported.length;
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  store.close();
  // The import of that export into an empty database, as a restore onto a new host does.
  const target = new HistoryStore(join(dir, 'imported.sqlite'));
  const importStarted = performance.now();
  const imported = await importHistory(target, exported);
  const importSeconds = (performance.now() - importStarted) / 1000;
  target.close();
  await rm(dir, { recursive: true, force: true });
  const mb = (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `${inverters} inverters × ${strings} strings, ${minuteDays} days of minutes, ${quarterDays} days of quarter hours and days: ` +
      `${rows} rows, ${mb} MiB (${bytes} bytes), filled in ${fillSeconds.toFixed(1)} s`,
  );
  console.log(`retention run: ${pruneMs.toFixed(0)} ms`);
  console.log(
    `export: ${(exportBytes / 1024 / 1024).toFixed(1)} MiB gzip in ${exportSeconds.toFixed(1)} s ` +
      `(import limit ${HistoryLimits.importMaxBytes / 1024 / 1024} MiB)`,
  );
  console.log(
    `import into an empty database: ${imported} rows in ${importSeconds.toFixed(1)} s ` +
      `(${Math.round(imported / importSeconds)} rows/s)`,
  );
}

await main();
