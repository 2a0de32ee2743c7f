import { formatSerialNumber, serialNumber } from '@dtu-console/contract';
/**
 * Per-inverter state: what has been received, what is due next, and the command status machines. The
 * engine decides when to ask; this class decides what each answer (or failure) changes and builds the
 * immutable snapshot the live model publishes.
 */
import {
  type DeviceInfoAll,
  type DeviceInfoSimple,
  type EventLogEntry,
  FAMILIES,
  type FamilyId,
  type FamilyInfo,
  familyOfSerial,
  isDeviceInfoValid,
  isGridProfileValid,
  isRelativeLimit,
  LIMIT_RELATIVE_MAX,
  type LimitType,
  limitAbsoluteW,
  limitRelativeFromAbsolute,
  limitWireValue,
  type MiGridProfile,
  type MiInfo,
  miStatusEventCode,
  miStatusEventEntry,
  type PowerAction,
  type RunData,
  runDataTotals,
  summarizeDeviceInfo,
  truncateLimitPercent,
} from '@dtu-console/hoymiles';
import { CommandStatus } from './command-status';
import type { LiveInverter } from './live-model';
import { MI_ESTIMATED_EFFICIENCY, miDeviceInfo } from './mi-values';
import { RadioStatistics } from './radio-stats';
import type { EngineInverterSettings } from './settings';
import { elapsedMs } from './time';
import { emptyRunData, YieldDayCorrection, zeroDayValues, zeroRuntimeValues } from './yields';

/** Limit read-back spacing. */
export const READBACK_INTERVAL_MS = 2 * 60_000;
export const READBACK_AFTER_ACK_MS = 4 * 60_000;

export interface LimitRequest {
  /** W for absolute types, % for relative ones (already capped at 100). */
  value: number;
  type: LimitType;
}

export class InverterState {
  readonly serialNumber: number;
  /** Wire form, e.g. '116180216880'. */
  readonly serial: string;
  readonly family: FamilyId;
  readonly info: FamilyInfo;
  settings: EngineInverterSettings;

  readonly stats = new RadioStatistics();
  readonly limitStatus = new CommandStatus();
  readonly powerStatus = new CommandStatus();
  readonly #correction = new YieldDayCorrection();

  pollingEnabled = false;
  commandsEnabled = false;
  /** Consecutive failed run-data requests. */
  rxFailures = 0;

  #raw: RunData | null = null;
  lastUpdateEpochMs = 0;
  lastUpdateMonoMs: number | null = null;
  #zeroedRuntime = false;
  #zeroedDay = false;
  #dataVersion = 0;

  #eventLog: EventLogEntry[] = [];
  /** The state after start-up counts as "last request failed", so the first turn fetches. */
  #eventLogFailed = true;
  #eventLogCountAtRequest: number | undefined;

  #devAll: DeviceInfoAll | null = null;
  #devSimple: DeviceInfoSimple | null = null;
  #gridProfileRaw: Uint8Array = new Uint8Array(0);
  /** MI series: the grid-profile code and version; the open status event of each input. */
  #miGridProfile: MiGridProfile | null = null;
  readonly #miOpen = new Map<number, EventLogEntry>();

  limitRelative = 0;
  limitKnown = false;
  #lastReadbackAt: number | null = null;
  #lastLimitAckAt: number | null = null;
  /** The newest limit asked for: resent while the status is Failure. */
  lastLimit: LimitRequest | null = null;
  lastPower: PowerAction | null = null;

  /** Throws for a serial of no supported family; the engine filters those out first. */
  constructor(settings: EngineInverterSettings) {
    const family = familyOfSerial(settings.serial.trim());
    if (family === undefined) throw new RangeError(`unsupported inverter serial ${settings.serial}`);
    this.serialNumber = serialNumber(settings.serial);
    this.serial = formatSerialNumber(this.serialNumber);
    this.family = family;
    this.info = FAMILIES[family];
    this.settings = settings;
  }

  /** The first-generation MI series: its own request chain (mi-requests.ts). */
  get isMi(): boolean {
    return this.info.series === 'MI';
  }

  /** A serial the engine can poll: hex, within 48 bits, of a known family. */
  static supports(serial: string): boolean {
    return serialNumber(serial) !== 0 && familyOfSerial(serial.trim()) !== undefined;
  }

  get hasData(): boolean {
    return this.#raw !== null;
  }

  get dataVersion(): number {
    return this.#dataVersion;
  }

  /** Polling enabled and no more consecutive failures than the threshold. */
  get reachable(): boolean {
    return this.pollingEnabled && this.rxFailures <= this.settings.reachable_threshold;
  }

  get maxPowerW(): number {
    return this.deviceInfo().maxPowerW;
  }

  get eventLog(): readonly EventLogEntry[] {
    return this.#eventLog;
  }

  /** Shown values: raw answer + yield-day correction + yield_total_offset, then any zeroing. */
  values(): RunData {
    if (this.#raw === null) {
      return emptyRunData(this.family, this.info.dcInputs, this.info.acPhases === 3);
    }
    const raw = this.#raw;
    const dayOffsets = this.#correction.offsets;
    let shown: RunData = {
      ...raw,
      dc: raw.dc.map((d, c) => ({
        ...d,
        yieldDay: d.yieldDay + (dayOffsets[c] ?? 0),
        yieldTotal: d.yieldTotal + (this.settings.channels[c]?.yield_total_offset ?? 0),
      })),
    };
    if (this.#zeroedRuntime) shown = zeroRuntimeValues(shown);
    if (this.#zeroedDay) shown = zeroDayValues(shown);
    return shown;
  }

  deviceInfo() {
    return summarizeDeviceInfo(this.family, this.#devAll, this.#devSimple);
  }

  // --- what is due -----------------------------------------------------------

  needsEventLog(): boolean {
    return (
      this.#eventLogFailed || (this.#raw !== null && this.#raw.eventLogCount !== this.#eventLogCountAtRequest)
    );
  }

  needsGridProfile(): boolean {
    if (this.info.series === 'MI') return this.#raw !== null && this.#miGridProfile === null;
    return this.#raw !== null && !isGridProfileValid(this.#gridProfileRaw);
  }

  needsDeviceInfo(): boolean {
    return this.#raw !== null && !isDeviceInfoValid(this.#devAll, this.#devSimple);
  }

  /**
   * Read-back due: more than 2 min since the last good one and more than 4 min since the last limit ack.
   * The first one goes out as soon as the inverter has answered run data, so the real limit shows at once
   * (quirk "limit reads 0 after boot", not copied; docs/compatibility.md); a sleeping one would only cost
   * airtime.
   */
  readbackDue(now: number): boolean {
    return (
      this.#raw !== null &&
      elapsedMs(now, this.#lastReadbackAt) > READBACK_INTERVAL_MS &&
      elapsedMs(now, this.#lastLimitAckAt) > READBACK_AFTER_ACK_MS
    );
  }

  // --- answers -------------------------------------------------------------------------------------------

  runDataReceived(data: RunData, epochMs: number, monoMs: number): void {
    this.rxFailures = 0;
    this.#raw = data;
    this.lastUpdateEpochMs = epochMs;
    this.lastUpdateMonoMs = monoMs;
    this.#zeroedRuntime = false;
    this.#zeroedDay = false;
    this.#correction.update(
      data.dc.map((d) => d.yieldDay),
      this.settings.yieldday_correction,
    );
    this.#dataVersion++;
  }

  /**
   * MI run data: AC power estimated from the DC power, each input's total = the energy kept before today
   * (Wh, from the history) + today's yield; AC current stays 0 (not available).
   */
  miRunDataReceived(data: RunData, keptWh: readonly number[], epochMs: number, monoMs: number): void {
    const dc = data.dc.map((d, c) => ({ ...d, yieldTotal: ((keptWh[c] ?? 0) + d.yieldDay) / 1000 }));
    const powerDc = dc.reduce((total, d) => total + d.power, 0);
    const power = Math.round(powerDc * MI_ESTIMATED_EFFICIENCY * 10) / 10;
    this.runDataReceived({ ...data, dc, ac: { ...data.ac, power, current: 0 } }, epochMs, monoMs);
  }

  miInfoReceived(info: MiInfo): void {
    const { all, simple } = miDeviceInfo(info);
    this.#devAll = all;
    this.#devSimple = simple;
  }

  miGridProfileReceived(profile: MiGridProfile): void {
    this.#miGridProfile = profile;
  }

  /**
   * An MI status (a status frame or the status bytes of a 4-input answer) as event-log entries: a new
   * alarm opens an entry, producing again (or another alarm) ends the open one. True when the log changed.
   */
  miStatusReceived(input: number, state: number, code: number, nowMs: number): boolean {
    const eventCode = miStatusEventCode(state, code, input);
    const open = this.#miOpen.get(input);
    if ((open?.messageId ?? 0) === eventCode) return false;
    const seconds = Math.floor(nowMs / 1000);
    const log = [...this.#eventLog];
    if (open !== undefined) {
      const at = log.indexOf(open);
      const start = open.rawStart + (open.startPm ? 43200 : 0);
      if (at >= 0) log[at] = miStatusEventEntry(open.messageId, start, seconds);
      this.#miOpen.delete(input);
    }
    if (eventCode !== 0) {
      const entry = miStatusEventEntry(eventCode, seconds, null);
      log.push(entry);
      this.#miOpen.set(input, entry);
    }
    this.#eventLog = log.slice(-15);
    return true;
  }

  runDataFailed(): void {
    this.rxFailures++;
  }

  /**
   * The log arrived. The counter it answers is the one of the latest run data at that moment: the run data
   * of the same turn is fetched first, so the first turn's log is not fetched a second time.
   */
  eventLogReceived(entries: EventLogEntry[]): void {
    this.#eventLog = entries;
    this.#eventLogFailed = false;
    this.#eventLogCountAtRequest = this.#raw?.eventLogCount;
  }

  eventLogFailed(): void {
    this.#eventLogFailed = true;
  }

  deviceInfoAllReceived(all: DeviceInfoAll): void {
    this.#devAll = all;
  }

  deviceInfoSimpleReceived(simple: DeviceInfoSimple): void {
    this.#devSimple = simple;
  }

  gridProfileReceived(raw: Uint8Array): void {
    this.#gridProfileRaw = raw;
  }

  readbackReceived(limitRelative: number, now: number): void {
    this.limitRelative = truncateLimitPercent(Math.min(LIMIT_RELATIVE_MAX, limitRelative));
    this.limitKnown = true;
    this.#lastReadbackAt = now;
  }

  /** A limit ack: relative → the sent value; absolute → W / rated power, if known. */
  limitAcknowledged(limit: LimitRequest, now: number): void {
    this.#lastLimitAckAt = now;
    const sent = limitWireValue(limit.value, limit.type) / 10;
    if (isRelativeLimit(limit.type)) {
      this.limitRelative = truncateLimitPercent(Math.min(LIMIT_RELATIVE_MAX, sent));
      this.limitKnown = true;
    } else {
      const relative = limitRelativeFromAbsolute(sent, this.maxPowerW);
      if (relative !== null) {
        this.limitRelative = Math.min(LIMIT_RELATIVE_MAX, relative);
        this.limitKnown = true;
      }
    }
  }

  // --- zeroing and the day change ------------------------------------------------------------

  /** zero_runtime at an unreachable poll turn; true when the shown values changed. */
  zeroRuntime(): boolean {
    if (this.#raw === null || this.#zeroedRuntime) return false;
    this.#zeroedRuntime = true;
    this.#dataVersion++;
    return true;
  }

  /**
   * Daily tasks in the order: reset the yield-day correction, zero_day, clear_eventlog, statistics.
   * Returns true when the shown values changed.
   */
  dayChanged(): boolean {
    let changed = this.#correction.offsets.some((o) => o !== 0);
    this.#correction.reset();
    if (this.settings.zero_day && this.#raw !== null && !this.#zeroedDay) {
      this.#zeroedDay = true;
      changed = true;
    }
    if (this.settings.clear_eventlog) this.#eventLog = [];
    this.stats.reset();
    if (changed) this.#dataVersion++;
    return changed;
  }

  /** Settings of the same serial changed (name, flags, strings): applied at once. */
  updateSettings(settings: EngineInverterSettings): void {
    if (!settings.yieldday_correction) this.#correction.reset();
    this.settings = settings;
  }

  snapshot(): LiveInverter {
    const values = this.values();
    const channels = Array.from({ length: this.info.dcInputs }, (_, c) => {
      const ch = this.settings.channels[c];
      return {
        name: ch?.name ?? '',
        maxPowerW: ch?.max_power ?? 0,
        yieldTotalOffsetKWh: ch?.yield_total_offset ?? 0,
      };
    });
    const deviceInfo = this.deviceInfo();
    return {
      serial: this.serial,
      id: this.settings.id,
      name: this.settings.name,
      order: this.settings.order,
      family: this.family,
      typeName: this.info.typeName,
      channels,
      pollEnableSetting: this.settings.poll_enable,
      pollEnabled: this.pollingEnabled,
      commandsEnabled: this.commandsEnabled,
      reachable: this.reachable,
      producing: this.pollingEnabled && values.ac.power > 0,
      hasData: this.hasData,
      lastUpdateEpochMs: this.lastUpdateEpochMs,
      lastUpdateMonoMs: this.lastUpdateMonoMs,
      values,
      totals: runDataTotals(
        values,
        channels.map((c) => c.maxPowerW),
      ),
      limitRelative: this.limitRelative,
      limitKnown: this.limitKnown,
      maxPowerW: deviceInfo.maxPowerW,
      limitAbsoluteW: limitAbsoluteW(this.limitRelative, deviceInfo.maxPowerW),
      limitSetStatus: this.limitStatus.value,
      powerSetStatus: this.powerStatus.value,
      radioStats: this.stats.value,
      otherDtuFrames: this.stats.otherDtuFrames,
      eventLog: this.#eventLog,
      deviceInfo,
      gridProfileRaw: this.#gridProfileRaw,
      dataVersion: this.#dataVersion,
      ...(this.info.series === 'MI'
        ? {
            mi: {
              acPowerEstimated: true,
              efficiency: MI_ESTIMATED_EFFICIENCY,
              limitBestEffort: true,
              limiterOptIn: this.settings.limiter_opt_in === true,
              gridProfile: this.#miGridProfile,
            },
          }
        : {}),
    };
  }
}
