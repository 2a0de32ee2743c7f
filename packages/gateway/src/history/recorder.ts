/**
 * What the history records: 1-minute power means and each local day's energy from the inverters' own
 * YieldDay counters, the battery's 1-minute state of charge and power, kept in memory and written in
 * batches; and the retention, enforced on the store.
 */
import type { Clock } from '@dtu-console/clock';
import { type BatteryStatus, type HistoryConfig, HistoryLimits } from '@dtu-console/contract';
import type { ConfigStore } from '../config/store';
import type { LiveInverter, LiveModel } from '../engine';
import type { Logger } from '../system/logger';
import { type BatteryMinuteRow, BatteryMinutes } from './battery-minutes';
import { type DayTracker, followCounter, trackedEnergy } from './day-energy';
import { INVERTER_CHANNEL, MinuteRecorder, type MinuteRow } from './minutes';
import type { DayRow, HistoryStore, TrackerRow } from './store';

/** Retention is enforced this often (and at start and on a config change). */
export const PRUNE_INTERVAL_MS = 3_600_000;
/** Day trackers are kept this many days (enough to come back to a day after a clock jump). */
const TRACKER_DAYS = 7;
const DAY_S = 86_400;

export interface RecorderOptions {
  config: ConfigStore;
  clock: Clock;
  live: LiveModel;
  log: Logger;
  /** The open store, opened on first use. */
  store: () => HistoryStore;
  /** The store when it is open, without opening it. */
  openStore: () => HistoryStore | undefined;
  /** YYYYMMDD of the local day at an epoch. */
  localDay: (epochMs: number) => number;
  /** The battery's status now; absent (or undefined) when there is no battery service. */
  battery?: () => BatteryStatus | undefined;
}

export class HistoryRecorder {
  readonly #options: RecorderOptions;
  readonly #minutes = new MinuteRecorder();
  readonly #battery = new BatteryMinutes();
  /** Latest tracker per `serial|channel`. */
  readonly #trackers = new Map<string, DayTracker>();
  readonly #dirtyTrackers = new Set<string>();
  /** lastUpdateEpochMs of the run data last counted per inverter: yields come only from fresh answers. */
  readonly #countedUpdate = new Map<string, number>();
  #pendingMinutes: MinuteRow[] = [];
  #pendingBattery: BatteryMinuteRow[] = [];
  #lastFlushAt = 0;
  #lastPruneAt: number | null = null;

  constructor(options: RecorderOptions) {
    this.#options = options;
  }

  #enabled(): boolean {
    return this.#options.config.get('history').enabled;
  }

  /** Starts the flush interval from now. */
  begin(): void {
    this.#lastFlushAt = this.#options.clock.now();
  }

  /** Rows not yet written. */
  hasPending(): boolean {
    return this.#pendingMinutes.length > 0 || this.#pendingBattery.length > 0 || this.#dirtyTrackers.size > 0;
  }

  /** Forgets inverters no longer in the live model. */
  retain(serials: string[]): void {
    this.#minutes.retain(this.#options.clock.now(), serials);
  }

  /** The history settings were saved: a switched-off recording drops its open minutes. */
  settingsChanged(): void {
    if (!this.#enabled()) {
      this.#minutes.clear();
      this.#battery.clear();
    }
    this.prune();
  }

  /** Once a minute: closes the finished minutes, flushes and prunes when due. */
  tick(): void {
    const now = this.#options.clock.now();
    if (this.#enabled()) {
      this.#pendingMinutes.push(...this.#minutes.take(now));
      this.#pendingBattery.push(...this.#battery.take(now));
    }
    if (now - this.#lastFlushAt >= HistoryLimits.flushIntervalMs || now < this.#lastFlushAt) this.flush();
    if (this.#lastPruneAt === null || Math.abs(now - this.#lastPruneAt) >= PRUNE_INTERVAL_MS) this.prune();
  }

  /** What history records of an inverter's snapshot: power now, and a YieldDay sample on fresh data. */
  record(serial: string): void {
    if (!this.#enabled()) return;
    const inverter = this.#options.live.inverter(serial);
    const now = this.#options.clock.now();
    if (!inverter) {
      this.#minutes.set(now, serial, null);
      return;
    }
    this.#minutes.set(now, serial, powerOf(inverter));
    if (inverter.hasData && this.#countedUpdate.get(serial) !== inverter.lastUpdateEpochMs) {
      this.#countedUpdate.set(serial, inverter.lastUpdateEpochMs);
      this.#countYields(inverter, inverter.lastUpdateEpochMs);
    }
  }

  /** What history records of the battery: its state of charge and power now, while its reading is fresh. */
  sampleBattery(): void {
    const read = this.#options.battery;
    if (!read || !this.#enabled()) return;
    let status: BatteryStatus | undefined;
    try {
      status = read();
    } catch {
      // A battery that cannot be read is no reading: nothing is covered.
      status = undefined;
    }
    this.#battery.sample(this.#options.clock.now(), status);
  }

  #countYields(inverter: LiveInverter, at: number): void {
    const store = this.#options.store();
    store.inverterId(inverter.serial, inverter.name);
    const day = this.#options.localDay(at);
    const counters: [number, number][] = [
      [INVERTER_CHANNEL, inverter.totals.yieldDay],
      ...inverter.values.dc.map((dc, c): [number, number] => [c, dc.yieldDay]),
    ];
    for (const [channel, value] of counters) {
      if (!Number.isFinite(value) || value < 0) continue;
      const key = `${inverter.serial}|${channel}`;
      const current = this.#trackers.get(key) ?? store.latestTracker(inverter.serial, channel);
      const stored = current?.day === day ? undefined : store.tracker(inverter.serial, channel, day);
      this.#trackers.set(key, followCounter(current, stored, day, value, at));
      this.#dirtyTrackers.add(key);
    }
  }

  /** Writes what is pending in one transaction (`all`: the current minute too, at a stop). */
  flush(all = false): void {
    const store = this.#options.openStore();
    if (!store) return;
    const now = this.#options.clock.now();
    if (all && this.#enabled()) {
      this.#pendingMinutes.push(...this.#minutes.take(now, true));
      this.#pendingBattery.push(...this.#battery.take(now, true));
    }
    const minutes = this.#pendingMinutes;
    this.#pendingMinutes = [];
    const battery = this.#pendingBattery;
    this.#pendingBattery = [];
    const days: DayRow[] = [];
    const trackers: TrackerRow[] = [];
    for (const key of this.#dirtyTrackers) {
      const tracker = this.#trackers.get(key);
      if (!tracker) continue;
      const [serial = '', channel] = key.split('|');
      trackers.push({ serial, channel: Number(channel), ...tracker });
      days.push({ serial, channel: Number(channel), day: tracker.day, wh: trackedEnergy(tracker) });
    }
    this.#dirtyTrackers.clear();
    this.#lastFlushAt = now;
    if (minutes.length === 0 && battery.length === 0 && days.length === 0) return;
    try {
      store.write({ minutes, battery, days, trackers });
    } catch (error) {
      this.#options.log.warn({ err: error }, 'History not written');
    }
  }

  /** Enforces the retention of the config, counted back from the gateway clock. */
  prune(): void {
    const store = this.#options.openStore();
    const { clock } = this.#options;
    // Retention counts back from the clock: an untrusted one (a host waiting for SNTP) must not prune.
    if (!store || !clock.isSynchronised()) return;
    const now = clock.now();
    this.#lastPruneAt = now;
    try {
      store.prune(retentionCutoffs(this.#options.config.get('history'), now, this.#options.localDay));
    } catch (error) {
      this.#options.log.warn({ err: error }, 'History retention not applied');
    }
  }
}

/** What the retention keeps, counted back from `now` (gateway clock, ms): the store's prune cutoffs. */
export function retentionCutoffs(
  settings: Pick<HistoryConfig, 'minute_days' | 'quarter_days' | 'daily_days'>,
  now: number,
  localDay: (epochMs: number) => number,
): { minute: number; quarter: number; day: number | null; tracker: number } {
  const nowS = Math.floor(now / 1000);
  return {
    minute: nowS - settings.minute_days * DAY_S,
    quarter: nowS - settings.quarter_days * DAY_S,
    // `daily_days` local days are kept, today included.
    day: settings.daily_days === 0 ? null : localDay(now - (settings.daily_days - 1) * DAY_S * 1000),
    tracker: localDay(now - TRACKER_DAYS * DAY_S * 1000),
  };
}

/** AC power and each string's DC power now; 0 while the inverter is not polled or not reachable. */
function powerOf(inverter: LiveInverter): ReadonlyMap<number, number> | null {
  const live = inverter.pollEnabled && inverter.reachable;
  // Polling but no answer yet in this run: nothing known (not 0).
  if (live && !inverter.hasData) return null;
  const values = new Map<number, number>();
  values.set(INVERTER_CHANNEL, live ? inverter.values.ac.power : 0);
  inverter.values.dc.forEach((dc, c) => {
    values.set(c, live ? dc.power : 0);
  });
  return values;
}
