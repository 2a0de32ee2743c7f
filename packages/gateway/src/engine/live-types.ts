/**
 * What the live model holds, as types: the bus, the engine and every output read these without depending
 * on the model itself.
 */
import type { RadioStats, SetStatus } from '@dtu-console/contract';
import type { DeviceInfo, EventLogEntry, FamilyId, RunData, RunDataTotals } from '@dtu-console/hoymiles';
import type { PlantTotals } from './yields';

/**
 * Why an inverter's snapshot changed:
 * - 'data': new run data or values zeroed (the WebSocket and MQTT field topics follow these);
 * - 'status': reachability, polling, limit, command status, radio statistics;
 * - 'info': device info, event log or grid profile;
 * - 'config': name, order, string settings.
 */
export type LiveChange = 'data' | 'status' | 'info' | 'config';

export interface LiveChannelConfig {
  name: string;
  maxPowerW: number;
  yieldTotalOffsetKWh: number;
}

/** HMS/HMT frequency recovery (frequency-search.ts): where the inverter stands. */
export type FrequencyState = 'on-frequency' | 'searching' | 'found' | 'not-found';

export interface FrequencyStatus {
  state: FrequencyState;
  /** Where it was found last (also remembered across restarts); null when never. */
  foundHz: number | null;
  /** Searching: the frequency tried last. */
  triedHz: number | null;
  /** Not found: when the next search may start (gateway clock, ms). */
  nextSearchAt: number | null;
}

/** Everything known about one inverter at one moment. Replaced as a whole, never mutated. */
export interface LiveInverter {
  /** Wire form, e.g. '116180216880'. */
  serial: string;
  /** Slot id 0..9. */
  id: number;
  name: string;
  order: number;
  family: FamilyId;
  /** e.g. 'HM-600/700/800-2T'. */
  typeName: string;
  channels: readonly LiveChannelConfig[];
  /** Configured `poll_enable` (the yield totals ignore the night rule). */
  pollEnableSetting: boolean;
  /** Polling active now (night rule applied). */
  pollEnabled: boolean;
  /** Limit/power commands are sent now (night rule applied). */
  commandsEnabled: boolean;
  reachable: boolean;
  producing: boolean;
  /** Run data arrived at least once in this run. */
  hasData: boolean;
  /** Gateway clock (epoch ms) of the last good run data; 0 if none (MQTT last_update). */
  lastUpdateEpochMs: number;
  /** Monotonic ms (the model's clock) of the last good run data; null if none (data_age). */
  lastUpdateMonoMs: number | null;
  /** Values as shown: corrections, offsets and zeroing applied; zeros before the first answer. */
  values: RunData;
  /** Derived INV values and per-input irradiation of `values`. */
  totals: RunDataTotals;
  /** Percent 0..100, 0.1 resolution. */
  limitRelative: number;
  /** The limit was read back or acknowledged at least once (before that `limitRelative` is a placeholder 0). */
  limitKnown: boolean;
  /** Rated power from device info; 0 while unknown. */
  maxPowerW: number;
  /** W; null while the rated power is unknown. */
  limitAbsoluteW: number | null;
  limitSetStatus: SetStatus;
  powerSetStatus: SetStatus;
  radioStats: RadioStats;
  /**
   * Frames that named this inverter in bytes 1..4 but a third address in bytes 5..8: answers to another
   * DTU nearby, counted and not used. Not part of OpenDTU's `radio_stats`, so kept beside it.
   */
  otherDtuFrames: number;
  /** Entries of the last event log fetched (what live data calls `events`). */
  eventLog: readonly EventLogEntry[];
  deviceInfo: DeviceInfo;
  /** Raw grid profile as received (CRC included); empty until read. */
  gridProfileRaw: Uint8Array;
  /** Increases with every 'data' change. */
  dataVersion: number;
  /** HMS/HMT only: on the DTU frequency, searched for, found elsewhere, not found (frequency-search.ts). */
  cmtFrequency?: FrequencyStatus;
  /**
   * MI series only (absent for the others): AC power is estimated from the DC power, the total yield is
   * kept by the gateway, AC current is not available, limits are best effort, and the grid profile is a
   * code and version only (docs/protocol.md, The MI series).
   */
  mi?: LiveMi;
  /**
   * How the gateway reaches it: absent for the radio; 'wifi' for an inverter read through a Hoymiles Wi-Fi
   * device (src/wifi/), which has no radio statistics, grid profile or device-info frames of its own.
   */
  connection?: 'wifi';
  /** Wi-Fi only: the device it is read through (its configured name, serial and model). */
  wifiDevice?: { name: string; serial: string; model: string };
}

export interface LiveMi {
  acPowerEstimated: true;
  /** The assumed conversion efficiency behind the estimate (0..1). */
  efficiency: number;
  limitBestEffort: true;
  /** The owner let the power limiter govern it (inverter setting `limiter_opt_in`). */
  limiterOptIn: boolean;
  gridProfile: { code: number; version: number } | null;
}

export interface LiveSystem {
  /** The gateway clock is trusted (hint `time_sync` is its negation). */
  timeSynchronised: boolean;
  /** An initialised radio is missing or the wrong variant (hint `radio_problem`). */
  radioProblem: boolean;
  /** Local time − UTC in seconds now (event-log times). */
  utcOffsetSeconds: number;
}

export interface LiveSnapshot {
  /** Monotonic ms of the model's clock. */
  at: number;
  uptimeMs: number;
  system: LiveSystem;
  /** Slot order. */
  inverters: LiveInverter[];
  totals: PlantTotals;
}

/** What the live model announces on every write (the gateway's bus carries these among its events). */
export interface LiveEvents {
  /** An inverter's live snapshot changed; read it with LiveModel.inverter(serial). */
  'live:inverter': [serial: string, change: LiveChange];
  /** The plant totals changed. */
  'live:totals': [totals: PlantTotals];
  /** Inverters were added to or removed from the live model (serials in slot order). */
  'live:inverters': [serials: string[]];
}

/** Where the live model announces its writes: the gateway's bus (src/bus.ts). */
export interface LiveAnnouncer {
  emit<K extends keyof LiveEvents>(event: K, ...args: LiveEvents[K]): void;
}
