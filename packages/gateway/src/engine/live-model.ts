import { serialNumber } from '@dtu-console/contract';
/**
 * The live model: the one place the API, WebSockets, MQTT, history and metrics read inverter values from.
 * The engine writes immutable per-inverter snapshots into it; every write announces itself on the bus
 * (`live:inverter`, and `live:totals` when the plant totals moved). Nothing here talks to the radio.
 */
import type { LiveAnnouncer, LiveChange, LiveInverter, LiveSnapshot, LiveSystem } from './live-types';
import { type PlantTotals, plantTotals } from './yields';

export type * from './live-types';
export type { PlantTotals } from './yields';

export interface LiveModelOptions {
  bus?: LiveAnnouncer;
  /** Monotonic ms; default performance.now(). Tests pass the ManualClock. */
  now?: () => number;
  /** Monotonic ms at which this gateway run started; default: when the model was made. */
  startedAt?: number;
}

/** Wh per DC input produced before today, by serial (the history's daily energy). */
export type KeptYieldSource = (serial: string) => readonly number[];

export class LiveModel {
  readonly #bus: LiveAnnouncer | undefined;
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #inverters = new Map<number, LiveInverter>();
  #system: LiveSystem = { timeSynchronised: true, radioProblem: false, utcOffsetSeconds: 0 };
  #totals: PlantTotals = plantTotals([]);
  #revision = 0;
  #keptYield: KeptYieldSource | undefined;

  constructor(options: LiveModelOptions = {}) {
    this.#bus = options.bus;
    this.#now = options.now ?? (() => performance.now());
    this.#startedAt = options.startedAt ?? this.#now();
  }

  /**
   * Where the total yield of inverters that send none (the MI series) is kept: the history service
   * provides the energy of the days before today per DC input (Wh); without it the total starts each day
   * from zero (docs/protocol.md, The MI series).
   */
  provideKeptYield(source: KeptYieldSource | undefined): void {
    this.#keptYield = source;
  }

  /** Wh per DC input before today, for an inverter without a total of its own; [] when nothing is kept. */
  keptYieldWh(serial: string): readonly number[] {
    try {
      return this.#keptYield?.(serial) ?? [];
    } catch {
      return [];
    }
  }

  /** Monotonic ms of the model's clock (what data ages are measured in). */
  now(): number {
    return this.#now();
  }

  uptimeMs(): number {
    return Math.max(0, this.#now() - this.#startedAt);
  }

  /** Uptime (ms) at a moment of the model's clock, e.g. Prometheus' opendtu_last_update; 0 for null. */
  uptimeAtMs(monoMs: number | null): number {
    return monoMs === null ? 0 : Math.max(0, monoMs - this.#startedAt);
  }

  /**
   * Grows with every write (inverter set or removed, system state). Outputs that keep serialized answers
   * compare it instead of the values; only the data ages move without a write.
   */
  get revision(): number {
    return this.#revision;
  }

  get system(): LiveSystem {
    return this.#system;
  }

  /** Engine side: clock trust, radio health, UTC offset. */
  setSystem(system: Partial<LiveSystem>): void {
    this.#system = { ...this.#system, ...system };
    this.#revision++;
  }

  /** Engine side: a new snapshot of one inverter. */
  setInverter(inverter: LiveInverter, change: LiveChange): void {
    const key = serialNumber(inverter.serial);
    const added = !this.#inverters.has(key);
    this.#inverters.set(key, inverter);
    this.#revision++;
    if (added) this.#bus?.emit('live:inverters', this.serials());
    this.#bus?.emit('live:inverter', inverter.serial, change);
    this.#refreshTotals();
  }

  /** Engine side: the inverter is no longer configured (or its serial changed). */
  removeInverter(serial: string): void {
    if (!this.#inverters.delete(serialNumber(serial))) return;
    this.#revision++;
    this.#bus?.emit('live:inverters', this.serials());
    this.#refreshTotals();
  }

  /** By serial in any accepted spelling; undefined when unknown. */
  inverter(serial: string | number): LiveInverter | undefined {
    return this.#inverters.get(typeof serial === 'number' ? serial : serialNumber(serial));
  }

  /** Every inverter the radio layer knows (supported serial), in slot order. */
  inverters(): LiveInverter[] {
    return [...this.#inverters.values()].sort((a, b) => a.id - b.id);
  }

  serials(): string[] {
    return this.inverters().map((i) => i.serial);
  }

  totals(): PlantTotals {
    return this.#totals;
  }

  /**
   * ms since the last good run data; the uptime when there was none. Never negative.
   */
  dataAgeMs(inverter: LiveInverter): number {
    const since = inverter.lastUpdateMonoMs ?? this.#startedAt;
    return Math.max(0, Math.floor(this.#now() - since));
  }

  snapshot(): LiveSnapshot {
    return {
      at: this.#now(),
      uptimeMs: this.uptimeMs(),
      system: this.#system,
      inverters: this.inverters(),
      totals: this.#totals,
    };
  }

  #refreshTotals(): void {
    const next = plantTotals(
      [...this.#inverters.values()].map((inv) => ({
        pollEnabled: inv.pollEnabled,
        pollEnableSetting: inv.pollEnableSetting,
        reachable: inv.reachable,
        acPowerW: inv.values.ac.power,
        dcPowerW: inv.totals.powerDc,
        yieldDayWh: inv.totals.yieldDay,
        yieldTotalKWh: inv.totals.yieldTotal,
        inputs: inv.values.dc.map((d, c) => ({
          powerW: d.power,
          maxPowerW: inv.channels[c]?.maxPowerW ?? 0,
        })),
      })),
    );
    if (sameTotals(next, this.#totals)) return;
    this.#totals = next;
    this.#bus?.emit('live:totals', next);
  }
}

function sameTotals(a: PlantTotals, b: PlantTotals): boolean {
  return (
    a.acPowerW === b.acPowerW &&
    a.dcPowerW === b.dcPowerW &&
    a.yieldDayWh === b.yieldDayWh &&
    a.yieldTotalKWh === b.yieldTotalKWh &&
    a.irradiationPercent === b.irradiationPercent &&
    a.isValid === b.isValid &&
    a.decimals.power === b.decimals.power &&
    a.decimals.yieldTotal === b.decimals.yieldTotal &&
    a.decimals.irradiation === b.decimals.irradiation
  );
}
