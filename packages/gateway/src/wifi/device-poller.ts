/**
 * One configured Wi-Fi device: its connection, its poll cycle and its commands. A cycle reads the device
 * information when it is not known yet (serial, firmware, served inverters, whether it encrypts and its
 * key), then every page of real data, the alarm list when an inverter's warning count moved, and the day's
 * power curve every 15 minutes. One request at a time; a silent or failing device is asked less often
 * (doubling the interval up to 10 minutes) until it answers again.
 */
import { create } from '@bufbuild/protobuf';
import type { SetStatus, WifiDeviceState, WifiDeviceStatus } from '@dtu-console/contract';
import { type EventLogEntry, LimitType } from '@dtu-console/hoymiles';
import type { LiveInverter } from '../engine/live-types';
import type { Clock } from '../system/clock';
import type { Logger } from '../system/logger';
import { GARBAGE_KINDS, WifiConnection, type WifiFailureKind, WifiRequestError } from './client/connection';
import { wifiDeviceModelName } from './device-models';
import { type WifiInverterReading, wifiLiveInverter } from './live-inverter';
import {
  AlarmReplySchema,
  AlarmRequestSchema,
  AppInfoReplySchema,
  AppInfoRequestSchema,
  CommandReplySchema,
  CommandRequestSchema,
  HistPowerReplySchema,
  HistPowerRequestSchema,
  limitData,
  numberOfSerial,
  type RealDataReply,
  RealDataReplySchema,
  RealDataRequestSchema,
  serialOfNumber,
  ymdHms,
} from './protocol/messages';
import { APP_OFFSET_S, DEV_KIND_DTU, ENCRYPTED_FLAG_BIT, WifiAction, WifiTag } from './protocol/tags';
import { readingsOf, servedInverters } from './readings';

export interface WifiDeviceSettings {
  name: string;
  host: string;
  port: number;
  enabled: boolean;
  /** Seconds. */
  poll_interval: number;
}

export interface WifiDevicePollerOptions {
  settings: WifiDeviceSettings;
  /** Position in the configuration: live-model ids 100 + 10 × index + n. */
  index: number;
  clock: Clock;
  /** Monotonic ms (data ages). */
  mono: () => number;
  log: Logger;
  /** Minutes between two limits. */
  limitIntervalMin: () => number;
  publish(inverter: LiveInverter, change: 'data' | 'status' | 'info' | 'config'): void;
  remove(serial: string): void;
  /** Connect/answer timeout, ms (default 10 s). */
  timeoutMs?: number;
}

const MAX_BACKOFF_MS = 600_000;
const CURVE_EVERY_MS = 15 * 60_000;
/** Consecutive failed cycles after which the device's inverters count as unreachable. */
const UNREACHABLE_AFTER = 2;

interface Served {
  serial: string;
  firmware: number;
  hwPartNumber: number;
  reading: WifiInverterReading | null;
  lastUpdateEpochMs: number;
  lastUpdateMonoMs: number | null;
  limitSetStatus: SetStatus;
  powerSetStatus: SetStatus;
  eventLog: EventLogEntry[];
  dataVersion: number;
}

export class WifiDevicePoller {
  readonly settings: WifiDeviceSettings;
  readonly #o: WifiDevicePollerOptions;
  readonly #connection: WifiConnection;
  #state: WifiDeviceState;
  #serial = '';
  #model = '';
  #firmware = '';
  #encrypted = false;
  #encRand: Uint8Array | null = null;
  #infoKnown = false;
  #served = new Map<string, Served>();
  #warnings = new Map<string, number>();
  #lastAnswerS = 0;
  #lastError = '';
  #failures = 0;
  #badFrames = 0;
  readonly #loggedKinds = new Set<string>();
  #lastLimitAt: number | null = null;
  #lastCurveAt: number | null = null;
  #curve: { start: number; stepS: number; powerW: number[] } | null = null;
  #timer: (() => void) | null = null;
  #cycle: Promise<void> | null = null;
  #stopped = false;

  constructor(options: WifiDevicePollerOptions) {
    this.#o = options;
    this.settings = options.settings;
    this.#state = options.settings.enabled ? 'connecting' : 'disabled';
    this.#connection = new WifiConnection({
      host: options.settings.host,
      port: options.settings.port,
      clock: options.clock,
      encRand: () => this.#encRand,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
  }

  start(): void {
    if (!this.settings.enabled) return;
    this.#schedule(0);
  }

  stop(): void {
    this.#stopped = true;
    this.#timer?.();
    this.#timer = null;
    this.#connection.close(true);
    for (const serial of this.#served.keys()) this.#o.remove(serial);
    this.#served.clear();
  }

  /**
   * Runs a cycle now (or joins the running one) and waits until the device has nothing more outstanding,
   * commands included: tests, and a device just added.
   */
  async pollNow(): Promise<void> {
    if (this.#stopped || !this.settings.enabled) return;
    this.#timer?.();
    this.#timer = null;
    await this.#run();
    await this.#connection.idle();
  }

  owns(serial: string): boolean {
    return this.#served.has(serial);
  }

  get curve() {
    return this.#curve;
  }

  status(): WifiDeviceStatus {
    const now = this.#o.clock.now();
    const wait =
      this.#lastLimitAt === null ? 0 : this.#lastLimitAt + this.#o.limitIntervalMin() * 60_000 - now;
    return {
      name: this.settings.name,
      host: this.settings.host,
      port: this.settings.port,
      state: this.#state,
      model: this.#model,
      serial: this.#serial,
      firmware: this.#firmware,
      encrypted: this.#encrypted,
      inverters: [...this.#served.keys()],
      last_answer: this.#lastAnswerS,
      last_error: this.#lastError,
      bad_frames: this.#badFrames,
      limit_wait_s: Math.max(0, Math.ceil(wait / 1000)),
    };
  }

  // --- commands ----------------------------------------------------------------------------------------

  /** A limit for one inverter: persistent only, at most one per device every N minutes. */
  setLimit(
    serial: string,
    value: number,
    type: number,
  ): 'queued' | 'wifi-too-soon' | 'wifi-persistent-only' | 'wifi-offline' | 'invalid' {
    const served = this.#served.get(serial);
    if (!served) return 'invalid';
    const persistent =
      type === LimitType.AbsolutePersistent || type === LimitType.RelativePersistent || type === 257;
    const relative =
      type === LimitType.RelativePersistent || type === 257 || type === LimitType.RelativeNonPersistent;
    if (!persistent) return 'wifi-persistent-only';
    if (this.#state !== 'online') return 'wifi-offline';
    const now = this.#o.clock.now();
    if (this.#lastLimitAt !== null && now - this.#lastLimitAt < this.#o.limitIntervalMin() * 60_000) {
      return 'wifi-too-soon';
    }
    const maxW = this.#live(serial)?.maxPowerW ?? 0;
    if (!relative && maxW <= 0) return 'invalid';
    const percent = Math.max(0, Math.min(100, relative ? value : (value / maxW) * 100));
    this.#lastLimitAt = now;
    served.limitSetStatus = 'Pending';
    this.#publishOne(served, 'status');
    void this.#command(WifiTag.Command, WifiAction.LimitPower, [], limitData(percent)).then((ok) => {
      // The device writes one limit for all it serves.
      for (const s of this.#served.values()) {
        s.limitSetStatus = ok ? 'Ok' : 'Failure';
        if (ok && s.reading) s.reading = { ...s.reading, limitPercent: Math.round(percent * 10) / 10 };
        this.#publishOne(s, 'status');
      }
    });
    return 'queued';
  }

  setPower(serial: string, action: string): 'queued' | 'wifi-offline' | 'invalid' {
    const served = this.#served.get(serial);
    if (!served) return 'invalid';
    const code =
      action === 'on'
        ? WifiAction.InverterOn
        : action === 'off'
          ? WifiAction.InverterOff
          : action === 'restart'
            ? WifiAction.InverterRestart
            : undefined;
    if (code === undefined) return 'invalid';
    if (this.#state !== 'online') return 'wifi-offline';
    served.powerSetStatus = 'Pending';
    this.#publishOne(served, 'status');
    void this.#command(WifiTag.CloudCommand, code, [serial], '').then((ok) => {
      served.powerSetStatus = ok ? 'Ok' : 'Failure';
      this.#publishOne(served, 'status');
    });
    return 'queued';
  }

  /** Restarts the device itself. An encrypting device draws a new key: the next cycle reads it again. */
  async reboot(): Promise<boolean> {
    if (this.#state !== 'online') return false;
    const ok = await this.#command(WifiTag.CloudCommand, WifiAction.DtuReboot, [], '');
    if (ok) {
      this.#infoKnown = false;
      this.#connection.close();
    }
    return ok;
  }

  async #command(tag: number, action: number, serials: string[], data: string): Promise<boolean> {
    const now = this.#o.clock.now();
    try {
      const reply = await this.#connection.request(
        tag,
        CommandRequestSchema,
        create(CommandRequestSchema, {
          time: Math.floor(now / 1000),
          action,
          devKind: DEV_KIND_DTU,
          packageNub: 1,
          tid: BigInt(Math.floor(now / 1000)),
          data,
          miToSn: serials.map(numberOfSerial),
        }),
        CommandReplySchema,
      );
      if (reply.errCode !== 0) {
        this.#o.log.warn(
          `Wi-Fi device ${this.settings.name}: command ${action} refused (error ${reply.errCode})`,
        );
        return false;
      }
      this.#o.log.info(
        `Wi-Fi device ${this.settings.name}: command ${action} taken${serials.length ? ` for ${serials.join(', ')}` : ''}`,
      );
      return true;
    } catch (error) {
      this.#failed(error);
      return false;
    }
  }

  // --- the cycle ---------------------------------------------------------------------------------------

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#timer?.();
    this.#timer = this.#o.clock.setTimer(ms, () => {
      this.#timer = null;
      void this.#run();
    });
  }

  #run(): Promise<void> {
    if (!this.#cycle) {
      this.#cycle = this.#poll().finally(() => {
        this.#cycle = null;
        if (!this.#stopped && this.#timer === null) this.#schedule(this.#nextDelayMs());
      });
    }
    return this.#cycle;
  }

  #nextDelayMs(): number {
    return pollDelayMs(this.settings.poll_interval, this.#failures);
  }

  async #poll(): Promise<void> {
    try {
      if (!this.#infoKnown) {
        const ok = await this.#readInfo();
        if (!ok) return;
      }
      const pages = await this.#readRealData();
      this.#failures = 0;
      this.#state = 'online';
      this.#lastError = '';
      this.#took(pages);
      await this.#readAlarmsIfMoved();
      await this.#readCurveIfDue();
    } catch (error) {
      this.#failed(error);
    }
  }

  async #readInfo(): Promise<boolean> {
    const now = this.#o.clock.now();
    const info = await this.#connection.request(
      WifiTag.AppInfo,
      AppInfoRequestSchema,
      create(AppInfoRequestSchema, {
        timeYmdHms: ymdHms(now),
        offset: APP_OFFSET_S,
        time: Math.floor(now / 1000),
      }),
      AppInfoReplySchema,
    );
    this.#answered();
    const dtu = info.dtuInfo;
    const serial = info.dtuSerialNumber;
    const served = servedInverters(info.pvInfo);
    if (this.#serial !== '' && (serial !== this.#serial || !sameKeys(served, this.#served))) {
      this.#once('serials', `serves other serials now (${[...served.keys()].join(', ')}); starting over`);
      this.#badFrames++;
      this.#connection.close();
      for (const s of this.#served.keys()) if (!served.has(s)) this.#o.remove(s);
      for (const s of [...this.#served.keys()]) if (!served.has(s)) this.#served.delete(s);
    }
    this.#serial = serial;
    this.#model = wifiDeviceModelName(serial, info.pvInfo.length);
    this.#firmware = dtu ? versionText(dtu.dtuSwVersion) : '';
    this.#encrypted = dtu !== undefined && ((dtu.dfs >> BigInt(ENCRYPTED_FLAG_BIT)) & 1n) === 1n;
    if (this.#encrypted && (dtu?.encRand.length ?? 0) !== 16) {
      this.#encRand = null;
      this.#state = 'encrypted-without-key';
      this.#lastError = 'The device encrypts but did not hand out its key; it cannot be read.';
      this.#failures++;
      return false;
    }
    this.#encRand = this.#encrypted ? Uint8Array.from(dtu?.encRand ?? []) : null;
    for (const [s, pv] of served) {
      const known = this.#served.get(s);
      if (known) {
        known.firmware = pv.firmware;
        known.hwPartNumber = pv.hwPartNumber;
      } else {
        this.#served.set(s, {
          serial: s,
          ...pv,
          reading: null,
          lastUpdateEpochMs: 0,
          lastUpdateMonoMs: null,
          limitSetStatus: 'Unknown',
          powerSetStatus: 'Unknown',
          eventLog: [],
          dataVersion: 0,
        });
      }
    }
    this.#infoKnown = true;
    for (const s of this.#served.values()) this.#publishOne(s, 'info');
    return true;
  }

  async #readRealData(): Promise<RealDataReply[]> {
    const pages: RealDataReply[] = [];
    let total = 1;
    for (let cp = 0; cp < total && cp < 32; cp++) {
      const now = this.#o.clock.now();
      const page = await this.#connection.request(
        WifiTag.RealData,
        RealDataRequestSchema,
        create(RealDataRequestSchema, {
          timeYmdHms: ymdHms(now),
          cp,
          offset: APP_OFFSET_S,
          time: Math.floor(now / 1000),
        }),
        RealDataReplySchema,
      );
      this.#answered();
      if (cp === 0) total = Math.max(1, page.ap);
      pages.push(page);
    }
    return pages;
  }

  #took(pages: RealDataReply[]): void {
    const readings = readingsOf(pages);
    const unknown = [...readings.keys()].filter((s) => !this.#served.has(s));
    if (unknown.length > 0) {
      // Real data about inverters the device info did not name: read the device info again next time.
      this.#once('unknown-serials', `reports inverters it did not list (${unknown.join(', ')})`);
      this.#badFrames++;
      this.#infoKnown = false;
    }
    const now = this.#o.clock.now();
    for (const served of this.#served.values()) {
      const reading = readings.get(served.serial);
      if (!reading) continue;
      served.reading = reading;
      if (reading.linked) {
        served.lastUpdateEpochMs = now;
        served.lastUpdateMonoMs = this.#o.mono();
      }
      served.dataVersion++;
      this.#publishOne(served, 'data');
    }
  }

  async #readAlarmsIfMoved(): Promise<void> {
    let moved = false;
    for (const s of this.#served.values()) {
      const count = s.reading?.warnings ?? 0;
      if (this.#warnings.get(s.serial) !== count) moved = true;
      this.#warnings.set(s.serial, count);
    }
    if (!moved) return;
    const now = this.#o.clock.now();
    const reply = await this.#connection.request(
      WifiTag.AlarmList,
      AlarmRequestSchema,
      create(AlarmRequestSchema, {
        timeYmdHms: ymdHms(now),
        offset: APP_OFFSET_S,
        time: Math.floor(now / 1000),
      }),
      AlarmReplySchema,
    );
    this.#answered();
    const bySerial = new Map<string, EventLogEntry[]>();
    for (const alarm of reply.alarms) {
      const serial = serialOfNumber(alarm.pvSn);
      const list = bySerial.get(serial) ?? [];
      list.push(eventOfAlarm(alarm.code, alarm.start, alarm.end));
      bySerial.set(serial, list);
    }
    for (const s of this.#served.values()) {
      s.eventLog = bySerial.get(s.serial) ?? [];
      this.#publishOne(s, 'info');
    }
  }

  async #readCurveIfDue(): Promise<void> {
    const now = this.#o.clock.now();
    if (this.#lastCurveAt !== null && now - this.#lastCurveAt < CURVE_EVERY_MS) return;
    this.#lastCurveAt = now;
    const first = await this.#connection.request(
      WifiTag.HistPower,
      HistPowerRequestSchema,
      create(HistPowerRequestSchema, { cp: 0, offset: APP_OFFSET_S, requestedTime: Math.floor(now / 1000) }),
      HistPowerReplySchema,
    );
    const power = [...first.powerArray];
    for (let cp = 1; cp < first.ap && cp < 16; cp++) {
      const page = await this.#connection.request(
        WifiTag.HistPower,
        HistPowerRequestSchema,
        create(HistPowerRequestSchema, { cp, offset: APP_OFFSET_S, requestedTime: Math.floor(now / 1000) }),
        HistPowerReplySchema,
      );
      power.push(...page.powerArray);
    }
    this.#answered();
    this.#curve = { start: first.absoluteStart, stepS: first.stepTime, powerW: power.map((p) => p / 10) };
  }

  // --- outcome -----------------------------------------------------------------------------------------

  #answered(): void {
    this.#lastAnswerS = Math.floor(this.#o.clock.now() / 1000);
  }

  #failed(error: unknown): void {
    const kind: WifiFailureKind = error instanceof WifiRequestError ? error.kind : 'decode';
    const message = error instanceof Error ? error.message : String(error);
    this.#failures++;
    this.#lastError = message;
    if (GARBAGE_KINDS.has(kind)) {
      this.#badFrames++;
      this.#once(kind, `bad input (${kind}): ${message}; connection reset`);
      // A frame that does not decrypt: the device may have restarted with a new key.
      if (kind === 'decrypt' || (this.#encrypted && kind === 'decode')) this.#infoKnown = false;
      this.#connection.close();
    }
    if (kind === 'refused') this.#state = 'refused';
    else if (this.#state !== 'encrypted-without-key' || kind !== 'decode') {
      this.#state =
        this.#failures >= UNREACHABLE_AFTER || this.#state !== 'online' ? 'unreachable' : this.#state;
    }
    if (this.#failures === UNREACHABLE_AFTER) {
      this.#o.log.warn(
        `Wi-Fi device ${this.settings.name} (${this.settings.host}:${this.settings.port}) does not answer: ${message}`,
      );
    }
    for (const s of this.#served.values()) this.#publishOne(s, 'status');
  }

  #once(kind: string, text: string): void {
    if (this.#loggedKinds.has(kind)) return;
    this.#loggedKinds.add(kind);
    this.#o.log.warn(
      `Wi-Fi device ${this.settings.name} (${this.settings.host}:${this.settings.port}): ${text}`,
    );
  }

  #live(serial: string): LiveInverter | undefined {
    const served = this.#served.get(serial);
    return served ? this.#snapshot(served) : undefined;
  }

  #snapshot(served: Served): LiveInverter {
    const ids = [...this.#served.keys()];
    const n = ids.indexOf(served.serial);
    return wifiLiveInverter(served.serial, {
      id: 100 + this.#o.index * 10 + Math.max(0, n),
      name: ids.length > 1 ? `${this.settings.name} ${n + 1}` : this.settings.name,
      order: 100 + this.#o.index * 10 + Math.max(0, n),
      device: { name: this.settings.name, serial: this.#serial, model: this.#model },
      reading: served.reading,
      firmware: served.firmware,
      hwPartNumber: served.hwPartNumber,
      inputs: Math.max(1, served.reading?.inputs.length ?? 0),
      reachable: this.#state === 'online' || (this.#failures < UNREACHABLE_AFTER && served.reading !== null),
      lastUpdateEpochMs: served.lastUpdateEpochMs,
      lastUpdateMonoMs: served.lastUpdateMonoMs,
      limitSetStatus: served.limitSetStatus,
      powerSetStatus: served.powerSetStatus,
      eventLog: served.eventLog,
      dataVersion: served.dataVersion,
    });
  }

  #publishOne(served: Served, change: 'data' | 'status' | 'info' | 'config'): void {
    if (this.#stopped) return;
    this.#o.publish(this.#snapshot(served), change);
  }
}

/**
 * Time to the next cycle: the poll interval, doubled for each failed cycle in a row from the second on,
 * at most 10 minutes (never less than the interval itself).
 */
export function pollDelayMs(intervalS: number, failures: number): number {
  const interval = intervalS * 1000;
  if (failures <= 0) return interval;
  return Math.max(interval, Math.min(MAX_BACKOFF_MS, interval * 2 ** (failures - 1)));
}

function sameKeys(a: Map<string, unknown>, b: Map<string, unknown>): boolean {
  return a.size === b.size && [...a.keys()].every((k) => b.has(k));
}

/** 10011 → "V01.00.11". */
function versionText(version: number): string {
  if (version <= 0) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `V${two(Math.floor(version / 10000))}.${two(Math.floor((version % 10000) / 100))}.${two(version % 100)}`;
}

/** An alarm (Unix seconds) as the radio event log holds it: seconds into the 12-hour half of the UTC day. */
export function eventOfAlarm(code: number, start: number, end: number): EventLogEntry {
  const startOfDay = ((start % 86_400) + 86_400) % 86_400;
  const endOfDay = end > 0 ? ((end % 86_400) + 86_400) % 86_400 : 0;
  return {
    eventWord: code & 0xffff,
    messageId: code & 0xff,
    rawStart: startOfDay % 43_200,
    rawEnd: end > 0 ? endOfDay % 43_200 : 0,
    startPm: startOfDay >= 43_200,
    endPm: end > 0 && endOfDay >= 43_200,
  };
}
