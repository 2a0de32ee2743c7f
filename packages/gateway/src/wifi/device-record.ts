/**
 * What the gateway knows about one configured Wi-Fi device: its identity (serial, model, firmware, key),
 * the inverters it serves with their last readings, alarms and command outcomes, and how it has been
 * answering. The poll cycle and the commands feed it replies and failures; it gives back the device's
 * status report and each inverter as the live model holds it, published on every change.
 */
import type { Clock } from '@dtu-console/clock';
import type { SetStatus, WifiDeviceState, WifiDeviceStatus, WifiProblem } from '@dtu-console/contract';
import type { EventLogEntry } from '@dtu-console/hoymiles';
import type { AppInfoReply, RealDataReply } from '@dtu-console/hoymiles-wifi';
import { ENCRYPTED_FLAG_BIT } from '@dtu-console/hoymiles-wifi';
import type { LiveInverter } from '../engine/live-types';
import type { Logger } from '../system/logger';
import { GARBAGE_KINDS, type WifiFailureKind, WifiRequestError } from './client/connection';
import { wifiDeviceModelName, wifiDtuModel } from './device-models';
import { type WifiInverterReading, wifiLiveInverter } from './live-inverter';
import { readingsOf, servedInverters } from './readings';

export interface WifiDeviceSettings {
  name: string;
  host: string;
  port: number;
  enabled: boolean;
  /** Seconds. */
  poll_interval: number;
}

export type WifiInverterChange = 'data' | 'status' | 'info' | 'config';

export interface WifiDeviceRecordOptions {
  settings: WifiDeviceSettings;
  /** Position in the configuration: live-model ids 100 + 10 × index + n. */
  index: number;
  clock: Clock;
  /** Monotonic ms (data ages). */
  mono: () => number;
  log: Logger;
  publish(inverter: LiveInverter, change: WifiInverterChange): void;
  remove(serial: string): void;
  /** Drops the connection after bad input or a change of serials; the next request opens a new one. */
  resetConnection(): void;
}

/** Consecutive failed cycles after which the device's inverters count as unreachable. */
const UNREACHABLE_AFTER = 2;

/** One inverter the device serves. */
export interface ServedInverter {
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

export class WifiDeviceRecord {
  readonly settings: WifiDeviceSettings;
  readonly #o: WifiDeviceRecordOptions;
  #state: WifiDeviceState;
  #serial = '';
  #model = '';
  #firmware = '';
  #encrypted = false;
  #encRand: Uint8Array | null = null;
  /** False until the device information is read, and again when it must be read anew. */
  infoKnown = false;
  #served = new Map<string, ServedInverter>();
  #warnings = new Map<string, number>();
  #lastAnswerS = 0;
  #lastError = '';
  #lastProblem: WifiProblem | '' = '';
  #failures = 0;
  #badFrames = 0;
  #polls = 0;
  #failedPolls = 0;
  #signal: number | null = null;
  readonly #loggedKinds = new Set<string>();
  #stopped = false;

  constructor(options: WifiDeviceRecordOptions) {
    this.#o = options;
    this.settings = options.settings;
    this.#state = options.settings.enabled ? 'connecting' : 'disabled';
  }

  get state(): WifiDeviceState {
    return this.#state;
  }

  /** Failed cycles (and commands) in a row. */
  get failures(): number {
    return this.#failures;
  }

  /** The key of an encrypting device; null when it does not encrypt or has not handed it out. */
  get encRand(): Uint8Array | null {
    return this.#encRand;
  }

  served(serial: string): ServedInverter | undefined {
    return this.#served.get(serial);
  }

  allServed(): IterableIterator<ServedInverter> {
    return this.#served.values();
  }

  /** Takes the inverters off the live model; nothing is published after this. */
  stop(): void {
    this.#stopped = true;
    for (const serial of this.#served.keys()) this.#o.remove(serial);
    this.#served.clear();
  }

  status(limitWaitS: number): WifiDeviceStatus {
    return {
      name: this.settings.name,
      host: this.settings.host,
      port: this.settings.port,
      state: this.#state,
      model: wifiDtuModel(this.#serial),
      serial: this.#serial,
      firmware: this.#firmware,
      encrypted: this.#encrypted,
      inverters: [...this.#served.keys()],
      last_answer: this.#lastAnswerS,
      last_error: this.#lastError,
      last_problem: this.#lastProblem,
      bad_frames: this.#badFrames,
      polls: this.#polls,
      failed_polls: this.#failedPolls,
      signal: this.#signal,
      limit_wait_s: limitWaitS,
    };
  }

  // --- replies -----------------------------------------------------------------------------------------

  /**
   * Takes the device information. False when the device encrypts but did not hand out its key: it cannot
   * be read.
   */
  tookInfo(info: AppInfoReply): boolean {
    const dtu = info.dtuInfo;
    const serial = info.dtuSerialNumber;
    const served = servedInverters(info.pvInfo);
    if (this.#serial !== '' && (serial !== this.#serial || !sameKeys(served, this.#served))) {
      this.#once('serials', `serves other serials now (${[...served.keys()].join(', ')}); starting over`);
      this.#badFrames++;
      this.#o.resetConnection();
      for (const s of this.#served.keys()) if (!served.has(s)) this.#o.remove(s);
      for (const s of [...this.#served.keys()]) if (!served.has(s)) this.#served.delete(s);
    }
    this.#serial = serial;
    this.#model = wifiDeviceModelName(serial, info.pvInfo.length);
    this.#firmware = dtu ? versionText(dtu.dtuSwVersion) : '';
    // 0 is what a device without the figure sends (the field's default): no signal, not a signal of 0.
    this.#signal = dtu && dtu.signalStrength !== 0 ? dtu.signalStrength : null;
    this.#encrypted = dtu !== undefined && ((dtu.dfs >> BigInt(ENCRYPTED_FLAG_BIT)) & 1n) === 1n;
    if (this.#encrypted && (dtu?.encRand.length ?? 0) !== 16) {
      this.#encRand = null;
      this.#state = 'encrypted-without-key';
      this.#lastError = 'The device encrypts but did not hand out its key; it cannot be read.';
      this.#lastProblem = 'no-key';
      this.#failures++;
      this.#failedPolls++;
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
    this.infoKnown = true;
    for (const s of this.#served.values()) this.publish(s, 'info');
    return true;
  }

  /** Takes a full read of real data: the device is online, and each inverter it reports has a new reading. */
  tookRealData(pages: RealDataReply[]): void {
    this.#failures = 0;
    this.#state = 'online';
    this.#lastError = '';
    this.#lastProblem = '';
    const readings = readingsOf(pages);
    const unknown = [...readings.keys()].filter((s) => !this.#served.has(s));
    if (unknown.length > 0) {
      // Real data about inverters the device info did not name: read the device info again next time.
      this.#once('unknown-serials', `reports inverters it did not list (${unknown.join(', ')})`);
      this.#badFrames++;
      this.infoKnown = false;
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
      this.publish(served, 'data');
    }
  }

  /** Whether an inverter's warning count moved since the last look (then the alarm list is read). */
  warningsMoved(): boolean {
    let moved = false;
    for (const s of this.#served.values()) {
      const count = s.reading?.warnings ?? 0;
      if (this.#warnings.get(s.serial) !== count) moved = true;
      this.#warnings.set(s.serial, count);
    }
    return moved;
  }

  /** Takes the alarm list: each inverter's event log is what the list holds for it. */
  tookAlarms(bySerial: Map<string, EventLogEntry[]>): void {
    for (const s of this.#served.values()) {
      s.eventLog = bySerial.get(s.serial) ?? [];
      this.publish(s, 'info');
    }
  }

  // --- outcome -----------------------------------------------------------------------------------------

  /** A poll cycle begins. */
  polled(): void {
    this.#polls++;
  }

  /** A poll cycle failed (counted once, whatever failed in it). */
  pollFailed(error: unknown): void {
    this.#failedPolls++;
    this.failed(error);
  }

  answered(): void {
    this.#lastAnswerS = Math.floor(this.#o.clock.now() / 1000);
  }

  failed(error: unknown): void {
    const kind: WifiFailureKind = error instanceof WifiRequestError ? error.kind : 'decode';
    const message = error instanceof Error ? error.message : String(error);
    this.#failures++;
    this.#lastError = message;
    this.#lastProblem = kind;
    if (GARBAGE_KINDS.has(kind)) {
      this.#badFrames++;
      this.#once(kind, `bad input (${kind}): ${message}; connection reset`);
      // A frame that does not decrypt: the device may have restarted with a new key.
      if (kind === 'decrypt' || (this.#encrypted && kind === 'decode')) this.infoKnown = false;
      this.#o.resetConnection();
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
    for (const s of this.#served.values()) this.publish(s, 'status');
  }

  #once(kind: string, text: string): void {
    if (this.#loggedKinds.has(kind)) return;
    this.#loggedKinds.add(kind);
    this.#o.log.warn(
      `Wi-Fi device ${this.settings.name} (${this.settings.host}:${this.settings.port}): ${text}`,
    );
  }

  // --- the live model ----------------------------------------------------------------------------------

  live(serial: string): LiveInverter | undefined {
    const served = this.#served.get(serial);
    return served ? this.#snapshot(served) : undefined;
  }

  publish(served: ServedInverter, change: WifiInverterChange): void {
    if (this.#stopped) return;
    this.#o.publish(this.#snapshot(served), change);
  }

  #snapshot(served: ServedInverter): LiveInverter {
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
