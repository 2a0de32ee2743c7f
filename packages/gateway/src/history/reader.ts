/** What the history answers: the inverters it knows, the power and energy series, its status. */
import type { Clock } from '@dtu-console/clock';
import {
  formatSerialNumber,
  type HistoryConfig,
  type HistoryEnergySeries,
  type HistoryPowerSeries,
  type HistoryStatus,
} from '@dtu-console/contract';
import { occupiedSlots, slotChannels } from '../config/inverter-slots';
import type { ConfigStore } from '../config/store';
import { localTime } from '../system/timezone';
import { dayLabel, dayNumber } from './day-energy';
import type { EnergyQuery, PowerQuery } from './query';
import { energySeries, type HistoryInverter, powerSeries, type SeriesSource } from './series';
import type { HistoryStore } from './store';

const DAY_S = 86_400;

export interface ReaderOptions {
  config: ConfigStore;
  clock: Clock;
  /** The store with every pending row written, so an answer includes the last finished minute. */
  freshStore: () => HistoryStore;
  /** The store when it is open, without opening it. */
  openStore: () => HistoryStore | undefined;
  zone: () => { rule: string; name: string };
  localDay: (epochMs: number) => number;
}

export class HistoryReader {
  readonly #options: ReaderOptions;

  constructor(options: ReaderOptions) {
    this.#options = options;
  }

  #settings() {
    return this.#options.config.get('history');
  }

  /** Configured inverters (slot order), then serials only the history knows. */
  inverters(): HistoryInverter[] {
    const configured = occupiedSlots(this.#options.config.get('inverters')).map(({ slot }) => ({
      serial: formatSerialNumber(slot.serial),
      name: slot.name,
      strings: slotChannels(slot).map((channel) => channel.name),
    }));
    const seen = new Set(configured.map((inverter) => inverter.serial));
    const former = (this.#options.openStore()?.inverters() ?? [])
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

  #source(serials: string[] | undefined): SeriesSource {
    return {
      store: this.#options.freshStore(),
      inverters: this.#selected(serials),
      timezone: this.#options.zone().name,
    };
  }

  powerSeries(query: PowerQuery): HistoryPowerSeries {
    const nowS = Math.floor(this.#options.clock.now() / 1000);
    const table = query.from >= nowS - this.#settings().minute_days * DAY_S ? 'minute' : 'quarter';
    return powerSeries(this.#source(query.serials), query, table);
  }

  energySeries(query: EnergyQuery): HistoryEnergySeries {
    return energySeries(
      this.#source(query.serials),
      query,
      this.#options.localDay(this.#options.clock.now()),
    );
  }

  status(): HistoryStatus {
    const store = this.#options.freshStore();
    const status = store.status();
    const zone = this.#options.zone().rule;
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
