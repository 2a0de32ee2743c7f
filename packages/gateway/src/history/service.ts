/**
 * The history service: listens to the live model, keeps 1-minute power means and each local day's energy
 * from the inverters' own YieldDay counters, writes them in batches to the history database
 * (`<dataDir>/history.sqlite`), builds the 15-minute aggregates and enforces the retention. Routes read
 * the series through it. Rules: docs/history.md.
 */
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatSerialNumber,
  type HistoryConfig,
  type HistoryEnergySeries,
  HistoryLimits,
  type HistoryPowerSeries,
  type HistoryStatus,
} from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import { occupiedSlots, slotChannels } from '../config/inverter-slots';
import type { ConfigStore } from '../config/store';
import type { LiveInverter, LiveModel } from '../engine';
import type { Clock } from '../system/clock';
import type { Logger } from '../system/logger';
import { localTime } from '../system/timezone';
import { posixRuleOf } from '../system/zones';
import { type DayTracker, dayLabel, dayNumber, followCounter, trackedEnergy } from './day-energy';
import { INVERTER_CHANNEL, MinuteRecorder, type MinuteRow } from './minutes';
import type { EnergyQuery, PowerQuery } from './query';
import { energySeries, type HistoryInverter, powerSeries, type SeriesSource } from './series';
import { type DayRow, HistoryStore, type TrackerRow } from './store';

export const HISTORY_FILE = 'history.sqlite';
/** Retention is enforced this often (and at start and on a config change). */
export const PRUNE_INTERVAL_MS = 3_600_000;
/** Day trackers are kept this many days (enough to come back to a day after a clock jump). */
const TRACKER_DAYS = 7;
const DAY_S = 86_400;

export interface HistoryServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  live: LiveModel;
  log: Logger;
  /** Where history.sqlite lives; ':memory:' as `file` for tests. */
  dataDir: string;
  file?: string;
}

export class HistoryService implements Service {
  readonly name = 'history';
  readonly #options: HistoryServiceOptions;
  readonly #log: Logger;
  #store: HistoryStore | undefined;
  readonly #recorder = new MinuteRecorder();
  /** Latest tracker per `serial|channel`. */
  readonly #trackers = new Map<string, DayTracker>();
  readonly #dirtyTrackers = new Set<string>();
  /** lastUpdateEpochMs of the run data last counted per inverter: yields come only from fresh answers. */
  readonly #countedUpdate = new Map<string, number>();
  #pendingMinutes: MinuteRow[] = [];
  #unsubscribe: (() => void)[] = [];
  #cancelTick: () => void = () => {};
  #lastFlushAt = 0;
  #lastPruneAt: number | null = null;
  #running = false;
  #stopped = false;

  constructor(options: HistoryServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'history' });
  }

  /**
   * The open store (routes read it). A gateway built but not yet started (its routes can already answer)
   * opens it on first use; after stop it stays closed, and a late request gets a 503.
   */
  get store(): HistoryStore {
    if (!this.#store) {
      if (this.#stopped) throw Object.assign(new Error('history stopped'), { statusCode: 503 });
      this.#store = this.#open(this.#path());
    }
    return this.#store;
  }

  #path(): string {
    return this.#options.file ?? join(this.#options.dataDir, HISTORY_FILE);
  }

  #settings() {
    return this.#options.config.get('history');
  }

  /** POSIX rule and IANA name of the configured zone. */
  zone(): { rule: string; name: string } {
    const ntp = this.#options.config.get('ntp');
    return { rule: posixRuleOf(ntp.timezone, ntp.timezone_descr), name: ntp.timezone_descr };
  }

  /** YYYYMMDD of the local day at `epochMs`. */
  localDay(epochMs: number): number {
    const t = localTime(this.zone().rule, epochMs);
    return dayNumber(t.year, t.month, t.day);
  }

  start(): void {
    const { bus, clock } = this.#options;
    this.#store ??= this.#open(this.#path());
    this.#running = true;
    this.#lastFlushAt = clock.now();
    this.#unsubscribe = [
      bus.on('live:inverter', (serial) => this.#onInverter(serial)),
      bus.on('live:inverters', (serials) => this.#recorder.retain(clock.now(), serials)),
      bus.on('config:changed', (section) => {
        if (section !== 'history') return;
        if (!this.#settings().enabled) this.#recorder.clear();
        this.prune();
      }),
    ];
    for (const inverter of this.#options.live.inverters()) this.#onInverter(inverter.serial);
    this.prune();
    this.#scheduleTick();
  }

  stop(): void {
    this.#stopped = true;
    if (!this.#running) {
      this.#store?.close();
      this.#store = undefined;
      return;
    }
    this.#running = false;
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.#cancelTick();
    this.flush(true);
    this.#store?.close();
    this.#store = undefined;
  }

  /**
   * An unreadable database (damaged, or of a newer format after a downgrade) must not keep the gateway
   * from starting: it is moved aside as history.sqlite.broken (for a human, or a later release) and a new
   * one begins.
   */
  #open(file: string): HistoryStore {
    try {
      return new HistoryStore(file);
    } catch (error) {
      if (file === ':memory:') throw error;
      this.#log.error(
        { err: error },
        `History database unreadable: moved to ${file}.broken, starting a new one`,
      );
      for (const suffix of ['', '-wal', '-shm']) {
        try {
          renameSync(file + suffix, `${file}.broken${suffix}`);
        } catch {
          // absent
        }
      }
      return new HistoryStore(file);
    }
  }

  #scheduleTick(): void {
    const now = this.#options.clock.now();
    // On the minute, so each minute closes as soon as it ended.
    const delay = 60_000 - (((now % 60_000) + 60_000) % 60_000) + 50;
    this.#cancelTick = this.#options.clock.setTimer(delay, () => {
      if (!this.#running) return;
      this.#tick();
      this.#scheduleTick();
    });
  }

  #tick(): void {
    const now = this.#options.clock.now();
    if (this.#settings().enabled) this.#pendingMinutes.push(...this.#recorder.take(now));
    if (now - this.#lastFlushAt >= HistoryLimits.flushIntervalMs || now < this.#lastFlushAt) this.flush();
    if (this.#lastPruneAt === null || Math.abs(now - this.#lastPruneAt) >= PRUNE_INTERVAL_MS) this.prune();
  }

  /** What history records of an inverter's snapshot: power now, and a YieldDay sample on fresh data. */
  #onInverter(serial: string): void {
    if (!this.#running || !this.#settings().enabled) return;
    const inverter = this.#options.live.inverter(serial);
    const now = this.#options.clock.now();
    if (!inverter) {
      this.#recorder.set(now, serial, null);
      return;
    }
    this.#recorder.set(now, serial, powerOf(inverter));
    if (inverter.hasData && this.#countedUpdate.get(serial) !== inverter.lastUpdateEpochMs) {
      this.#countedUpdate.set(serial, inverter.lastUpdateEpochMs);
      this.#countYields(inverter, inverter.lastUpdateEpochMs);
    }
  }

  #countYields(inverter: LiveInverter, at: number): void {
    const store = this.store;
    store.inverterId(inverter.serial, inverter.name);
    const day = this.localDay(at);
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
    const store = this.#store;
    if (!store) return;
    const now = this.#options.clock.now();
    if (all && this.#settings().enabled) this.#pendingMinutes.push(...this.#recorder.take(now, true));
    const minutes = this.#pendingMinutes;
    this.#pendingMinutes = [];
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
    if (minutes.length === 0 && days.length === 0) return;
    try {
      store.write({ minutes, days, trackers });
    } catch (error) {
      this.#log.warn({ err: error }, 'History not written');
    }
  }

  /** Enforces the retention of the config, counted back from the gateway clock. */
  prune(): void {
    const store = this.#store;
    // Retention counts back from the clock: an untrusted one (a host waiting for SNTP) must not prune.
    if (!store || !this.#options.clock.isSynchronised()) return;
    const now = this.#options.clock.now();
    this.#lastPruneAt = now;
    try {
      store.prune(retentionCutoffs(this.#settings(), now, (epochMs) => this.localDay(epochMs)));
    } catch (error) {
      this.#log.warn({ err: error }, 'History retention not applied');
    }
  }

  // --- reading -------------------------------------------------------------------------------------------

  /** Configured inverters (slot order), then serials only the history knows. */
  inverters(): HistoryInverter[] {
    const configured = occupiedSlots(this.#options.config.get('inverters')).map(({ slot }) => ({
      serial: formatSerialNumber(slot.serial),
      name: slot.name,
      strings: slotChannels(slot).map((channel) => channel.name),
    }));
    const seen = new Set(configured.map((inverter) => inverter.serial));
    const former = (this.#store?.inverters() ?? [])
      .filter((inverter) => !seen.has(inverter.serial))
      .map((inverter) => ({ serial: inverter.serial, name: inverter.name, strings: [] as string[] }));
    return [...configured, ...former];
  }

  isKnown(serial: string): boolean {
    return this.inverters().some((inverter) => inverter.serial === serial);
  }

  #selected(serials: string[] | undefined): HistoryInverter[] {
    const all = this.inverters();
    if (serials === undefined) return all;
    return serials.flatMap((serial) => all.filter((inverter) => inverter.serial === serial));
  }

  /** Writes pending rows first, so an answer includes the last finished minute. */
  #fresh(): HistoryStore {
    if (this.#pendingMinutes.length > 0 || this.#dirtyTrackers.size > 0) this.flush();
    return this.store;
  }

  #source(serials: string[] | undefined): SeriesSource {
    return { store: this.#fresh(), inverters: this.#selected(serials), timezone: this.zone().name };
  }

  powerSeries(query: PowerQuery): HistoryPowerSeries {
    const nowS = Math.floor(this.#options.clock.now() / 1000);
    const table = query.from >= nowS - this.#settings().minute_days * DAY_S ? 'minute' : 'quarter';
    return powerSeries(this.#source(query.serials), query, table);
  }

  energySeries(query: EnergyQuery): HistoryEnergySeries {
    return energySeries(this.#source(query.serials), query, this.localDay(this.#options.clock.now()));
  }

  status(): HistoryStatus {
    const store = this.#fresh();
    const status = store.status();
    const zone = this.zone().rule;
    const dayOfSeconds = (t: number | null) => {
      if (t === null) return null;
      const local = localTime(zone, t * 1000);
      return dayLabel(dayNumber(local.year, local.month, local.day));
    };
    return {
      enabled: this.#settings().enabled,
      database_bytes: status.bytes,
      oldest_minute: dayOfSeconds(status.oldestMinute),
      oldest_quarter: dayOfSeconds(status.oldestQuarter),
      oldest_day: status.oldestDay === null ? null : dayLabel(status.oldestDay),
      serials: store.inverters().map((inverter) => inverter.serial),
    };
  }

  config(): HistoryConfig {
    const { enabled, minute_days, quarter_days, daily_days } = this.#settings();
    return { enabled, minute_days, quarter_days, daily_days };
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
