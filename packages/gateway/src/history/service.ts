/**
 * The history service: the one start/stop unit of the history. It owns the database
 * (`<dataDir>/history.sqlite`), feeds the recorder from the live model and on the minute, and answers
 * through the reader; export and import go through it too. Rules: docs/history.md.
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '@dtu-console/clock';
import type {
  BatteryStatus,
  HistoryConfig,
  HistoryEnergySeries,
  HistoryPowerSeries,
  HistoryStatus,
} from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import type { ConfigStore } from '../config/store';
import type { LiveModel } from '../engine';
import type { Logger } from '../system/logger';
import { localTime } from '../system/timezone';
import { posixRuleOf } from '../system/zones';
import { BATTERY_SAMPLE_MS } from './battery-minutes';
import { dayLabel, dayNumber } from './day-energy';
import type { EnergyQuery, PowerQuery } from './query';
import { HistoryReader } from './reader';
import { HistoryRecorder } from './recorder';
import { openHistoryStore } from './repair';
import type { HistoryInverter } from './series';
import type { HistoryStore } from './store';
import { exportStream, ImportError, importHistory } from './transfer';

export const HISTORY_FILE = 'history.sqlite';

export interface HistoryServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  live: LiveModel;
  log: Logger;
  /** Where history.sqlite lives; ':memory:' as `file` for tests. */
  dataDir: string;
  file?: string;
  /** The battery's status (the battery service's); without it no battery history is recorded. */
  battery?: () => BatteryStatus | undefined;
}

export type HistoryImport = { ok: true; rows: number } | { ok: false; reason: string };

export class HistoryService implements Service {
  readonly name = 'history';
  readonly #options: HistoryServiceOptions;
  readonly #log: Logger;
  readonly #recorder: HistoryRecorder;
  readonly #reader: HistoryReader;
  #store: HistoryStore | undefined;
  #unsubscribe: (() => void)[] = [];
  #cancelTick: () => void = () => {};
  #cancelBatterySample: () => void = () => {};
  #running = false;
  #stopped = false;
  readonly #kept = new Map<string, { day: number; wh: number[] }>();

  constructor(options: HistoryServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'history' });
    const openStore = () => this.#store;
    const localDay = (epochMs: number) => this.localDay(epochMs);
    this.#recorder = new HistoryRecorder({
      config: options.config,
      clock: options.clock,
      live: options.live,
      log: this.#log,
      store: () => this.#openedStore(),
      openStore,
      localDay,
      ...(options.battery ? { battery: options.battery } : {}),
    });
    this.#reader = new HistoryReader({
      config: options.config,
      clock: options.clock,
      freshStore: () => this.#freshStore(),
      openStore,
      zone: () => this.zone(),
      localDay,
    });
  }

  /**
   * The open store. A gateway built but not yet started (its routes can already answer) opens it on first
   * use; after stop it stays closed, and a late request gets a 503.
   */
  #openedStore(): HistoryStore {
    if (!this.#store) {
      if (this.#stopped) throw Object.assign(new Error('history stopped'), { statusCode: 503 });
      this.#store = openHistoryStore(this.#path(), this.#log);
    }
    return this.#store;
  }

  /** Writes pending rows first, so an answer includes the last finished minute. */
  #freshStore(): HistoryStore {
    if (this.#recorder.hasPending()) this.flush();
    return this.#openedStore();
  }

  #path(): string {
    return this.#options.file ?? join(this.#options.dataDir, HISTORY_FILE);
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
    const { bus, live } = this.#options;
    this.#openedStore();
    this.#running = true;
    this.#recorder.begin();
    this.#unsubscribe = [
      bus.on('live:inverter', (serial) => this.#recorder.record(serial)),
      bus.on('live:inverters', (serials) => this.#recorder.retain(serials)),
      bus.on('config:changed', (section) => {
        if (section === 'history') this.#recorder.settingsChanged();
      }),
    ];
    for (const inverter of live.inverters()) this.#recorder.record(inverter.serial);
    live.provideKeptYield((serial) => this.#keptYield(serial));
    this.prune();
    this.#scheduleTick();
    if (this.#options.battery) this.#sampleBattery();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#running) {
      this.#running = false;
      this.#options.live.provideKeptYield(undefined);
      for (const off of this.#unsubscribe) off();
      this.#unsubscribe = [];
      this.#cancelTick();
      this.#cancelBatterySample();
      this.flush(true);
    }
    this.#store?.close();
    this.#store = undefined;
  }

  /**
   * Wh per DC input produced before today, for inverters that send no total (the MI series): the energy
   * of the recorded days, pruned ones included; read once per inverter and day.
   */
  #keptYield(serial: string): number[] {
    const today = this.localDay(this.#options.clock.now());
    const cached = this.#kept.get(serial);
    if (cached?.day === today) return cached.wh;
    const store = this.#store;
    if (store === undefined) return [];
    const inputs = this.#options.live.inverter(serial)?.channels.length ?? 0;
    const wh = Array.from({ length: inputs }, (_, c) => store.energyBefore(serial, c, today));
    this.#kept.set(serial, { day: today, wh });
    return wh;
  }

  #scheduleTick(): void {
    const now = this.#options.clock.now();
    // On the minute, so each minute closes as soon as it ended.
    const delay = 60_000 - (((now % 60_000) + 60_000) % 60_000) + 50;
    this.#cancelTick = this.#options.clock.setTimer(delay, () => {
      if (!this.#running) return;
      this.#recorder.tick();
      this.#scheduleTick();
    });
  }

  /** Reads the battery now and every BATTERY_SAMPLE_MS while running. */
  #sampleBattery(): void {
    this.#recorder.sampleBattery();
    this.#cancelBatterySample = this.#options.clock.setTimer(BATTERY_SAMPLE_MS, () => {
      if (this.#running) this.#sampleBattery();
    });
  }

  /** Writes what is pending in one transaction (`all`: the current minute too, at a stop). */
  flush(all = false): void {
    this.#recorder.flush(all);
  }

  /** Enforces the retention of the config, counted back from the gateway clock. */
  prune(): void {
    this.#recorder.prune();
  }

  /** The whole history as a gzip JSON download, named after today's local date. */
  export(): { fileName: string; stream: Readable } {
    this.flush();
    const now = this.#options.clock.now();
    return {
      fileName: `dtu-console-history-${dayLabel(this.localDay(now))}.json.gz`,
      stream: exportStream(this.#openedStore(), Math.floor(now / 1000)),
    };
  }

  /** Merges an export; a refused file (with its reason) changes nothing. */
  async import(gzip: Buffer): Promise<HistoryImport> {
    this.flush();
    try {
      const rows = await importHistory(this.#openedStore(), gzip);
      this.#kept.clear();
      this.#log.info(`History imported: ${rows} rows`);
      return { ok: true, rows };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      this.#log.warn({ reason: error.message }, 'History import refused');
      return { ok: false, reason: error.message };
    }
  }

  /** The open database, for the alerts kept beside the history (src/alerts/alert-store.ts). */
  database(): HistoryStore['database'] {
    return this.#openedStore().database;
  }

  inverters(): HistoryInverter[] {
    return this.#reader.inverters();
  }

  isKnown(serial: string): boolean {
    return this.#reader.isKnown(serial);
  }

  powerSeries(query: PowerQuery): HistoryPowerSeries {
    return this.#reader.powerSeries(query);
  }

  energySeries(query: EnergyQuery): HistoryEnergySeries {
    return this.#reader.energySeries(query);
  }

  status(): HistoryStatus {
    return this.#reader.status();
  }

  config(): HistoryConfig {
    return this.#reader.config();
  }
}
