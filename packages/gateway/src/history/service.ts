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
import { type DayRow, HistoryStore, type PowerRow, type TrackerRow } from './store';

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

/** An inverter as the answers name it: configured ones first (slot order), then those only in the history. */
export interface HistoryInverter {
  serial: string;
  name: string;
  /** String names by DC channel. */
  strings: string[];
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

  constructor(options: HistoryServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'history' });
  }

  /** The open store (routes read it); throws before start. */
  get store(): HistoryStore {
    if (!this.#store) throw new Error('history store not open');
    return this.#store;
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
    const { bus, clock, dataDir } = this.#options;
    this.#store = this.#open(this.#options.file ?? join(dataDir, HISTORY_FILE));
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
    if (!this.#running) return;
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
    if (!store) return;
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

  powerSeries(query: PowerQuery): HistoryPowerSeries {
    const store = this.#fresh();
    const zone = this.zone();
    const settings = this.#settings();
    const nowS = Math.floor(this.#options.clock.now() / 1000);
    // Minute rows while the whole range lies within their retention, else the quarter-hour aggregates.
    const table = query.from >= nowS - settings.minute_days * DAY_S ? 'minute' : 'quarter';
    const count = Math.round((query.to - query.from) / query.step);
    const time = Array.from({ length: count }, (_, i) => query.from + i * query.step);
    const series = (serial: string, channel: number) =>
      bucketMeans(store.power(table, serial, channel, query.from, query.to), query.from, query.step, count);
    const selected = this.#selected(query.serials);
    const inverters = selected.map((inverter) => {
      const out: HistoryPowerSeries['inverters'][number] = {
        serial: inverter.serial,
        name: inverter.name,
        power: series(inverter.serial, INVERTER_CHANNEL),
      };
      if (query.serials?.length === 1) {
        out.strings = stringChannels(inverter, store).map((channel) => ({
          channel,
          name: inverter.strings[channel] ?? '',
          power: series(inverter.serial, channel),
        }));
      }
      return out;
    });
    return {
      from: query.from,
      to: query.to,
      step: query.step,
      ...(query.date === undefined ? {} : { date: query.date }),
      timezone: zone.name,
      time,
      plant: sumSeries(
        inverters.map((inverter) => inverter.power),
        count,
      ),
      inverters,
    };
  }

  energySeries(query: EnergyQuery): HistoryEnergySeries {
    const store = this.#fresh();
    const zone = this.zone();
    const today = this.localDay(this.#options.clock.now());
    let periods: string[];
    let fromDay: number;
    let toDay: number;
    let periodOf: (day: number) => number;
    if (query.range === 'month' && query.year !== undefined && query.month !== undefined) {
      const { year, month } = query;
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      periods = Array.from({ length: days }, (_, i) => dayLabel(dayNumber(year, month, i + 1)));
      fromDay = dayNumber(year, month, 1);
      toDay = dayNumber(year, month, 31);
      periodOf = (day) => (day % 100) - 1;
    } else if (query.range === 'year' && query.year !== undefined) {
      const { year } = query;
      periods = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
      fromDay = dayNumber(year, 1, 1);
      toDay = dayNumber(year, 12, 31);
      periodOf = (day) => (Math.floor(day / 100) % 100) - 1;
    } else {
      const oldest = store.status().oldestDay ?? today;
      const newest = Math.max(store.newestDay() ?? today, today);
      const first = Math.floor(Math.min(oldest, today) / 10_000);
      const last = Math.floor(newest / 10_000);
      periods = Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
      fromDay = dayNumber(first, 1, 1);
      toDay = dayNumber(last, 12, 31);
      periodOf = (day) => Math.floor(day / 10_000) - first;
    }
    const series = (serial: string, channel: number) => {
      const out: (number | null)[] = periods.map(() => null);
      for (const row of store.days(serial, channel, fromDay, toDay)) {
        const i = periodOf(row.day);
        if (i >= 0 && i < out.length) out[i] = round1((out[i] ?? 0) + row.wh);
      }
      return out;
    };
    const selected = this.#selected(query.serials);
    const inverters = selected.map((inverter) => {
      const out: HistoryEnergySeries['inverters'][number] = {
        serial: inverter.serial,
        name: inverter.name,
        energy: series(inverter.serial, INVERTER_CHANNEL),
      };
      if (query.serials?.length === 1) {
        out.strings = stringChannels(inverter, store).map((channel) => ({
          channel,
          name: inverter.strings[channel] ?? '',
          energy: series(inverter.serial, channel),
        }));
      }
      return out;
    });
    return {
      range: query.range,
      ...(query.date === undefined ? {} : { date: query.date }),
      timezone: zone.name,
      periods,
      plant: sumSeries(
        inverters.map((inverter) => inverter.energy),
        periods.length,
      ),
      inverters,
    };
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

function stringChannels(inverter: HistoryInverter, store: HistoryStore): number[] {
  const count = Math.max(inverter.strings.length, ...store.stringChannels(inverter.serial).map((c) => c + 1));
  return Array.from({ length: count }, (_, c) => c);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Mean per step, weighted by the covered seconds; null where a step has no row. */
export function bucketMeans(rows: readonly PowerRow[], from: number, step: number, count: number) {
  const area = new Array<number>(count).fill(0);
  const covered = new Array<number>(count).fill(0);
  for (const row of rows) {
    const i = Math.floor((row.t - from) / step);
    if (i < 0 || i >= count) continue;
    area[i] = (area[i] ?? 0) + row.w * row.s;
    covered[i] = (covered[i] ?? 0) + row.s;
  }
  return area.map((a, i) => ((covered[i] ?? 0) > 0 ? round1(a / (covered[i] ?? 1)) : null));
}

/** Sum of the series per step; null where every series is null. */
export function sumSeries(series: readonly (number | null)[][], count: number): (number | null)[] {
  return Array.from({ length: count }, (_, i) => {
    let sum: number | null = null;
    for (const values of series) {
      const value = values[i];
      if (value !== null && value !== undefined) sum = (sum ?? 0) + value;
    }
    return sum === null ? null : round1(sum);
  });
}
