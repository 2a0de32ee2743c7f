/**
 * One configured Wi-Fi device: its connection and its poll cycle. A cycle reads the device information
 * when it is not known yet (serial, firmware, served inverters, whether it encrypts and its key), then
 * every page of real data, the alarm list when an inverter's warning count moved, and the day's power
 * curve every 15 minutes. One request at a time; a silent or failing device is asked less often (doubling
 * the interval up to 10 minutes) until it answers again. The reads are in device-reads.ts, what they mean
 * in device-record.ts, the commands in device-commands.ts.
 */
import type { Clock } from '@dtu-console/clock';
import { backoffDelay, type WifiDeviceStatus } from '@dtu-console/contract';
import type { LiveInverter } from '../engine/live-types';
import type { Logger } from '../system/logger';
import { WifiConnection } from './client/connection';
import { WifiDeviceCommands } from './device-commands';
import {
  readAlarms,
  readAppInfo,
  readPowerCurve,
  readRealData,
  type WifiPowerCurve,
  type WifiReadContext,
} from './device-reads';
import { WifiDeviceRecord, type WifiDeviceSettings, type WifiInverterChange } from './device-record';

export type { WifiDeviceSettings } from './device-record';

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
  publish(inverter: LiveInverter, change: WifiInverterChange): void;
  remove(serial: string): void;
  /** Connect/answer timeout, ms (default 10 s). */
  timeoutMs?: number;
}

const MAX_BACKOFF_MS = 600_000;
const CURVE_EVERY_MS = 15 * 60_000;

export class WifiDevicePoller {
  readonly settings: WifiDeviceSettings;
  readonly #o: WifiDevicePollerOptions;
  readonly #connection: WifiConnection;
  readonly #record: WifiDeviceRecord;
  readonly #commands: WifiDeviceCommands;
  readonly #reads: WifiReadContext;
  #lastCurveAt: number | null = null;
  #curve: WifiPowerCurve | null = null;
  #timer: (() => void) | null = null;
  #cycle: Promise<void> | null = null;
  #stopped = false;

  constructor(options: WifiDevicePollerOptions) {
    this.#o = options;
    this.settings = options.settings;
    this.#record = new WifiDeviceRecord({
      settings: options.settings,
      index: options.index,
      clock: options.clock,
      mono: options.mono,
      log: options.log,
      publish: options.publish,
      remove: options.remove,
      resetConnection: () => this.#connection.close(),
    });
    this.#connection = new WifiConnection({
      host: options.settings.host,
      port: options.settings.port,
      clock: options.clock,
      encRand: () => this.#record.encRand,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    this.#commands = new WifiDeviceCommands({
      record: this.#record,
      connection: this.#connection,
      clock: options.clock,
      log: options.log,
      limitIntervalMin: options.limitIntervalMin,
    });
    this.#reads = {
      connection: this.#connection,
      clock: options.clock,
      answered: () => this.#record.answered(),
    };
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
    this.#record.stop();
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
    return this.#record.served(serial) !== undefined;
  }

  get curve(): WifiPowerCurve | null {
    return this.#curve;
  }

  status(): WifiDeviceStatus {
    return this.#record.status(this.#commands.limitWaitS());
  }

  // --- commands ----------------------------------------------------------------------------------------

  /** A limit for one inverter: persistent only, at most one per device every N minutes. */
  setLimit(
    serial: string,
    value: number,
    type: number,
  ): 'queued' | 'wifi-too-soon' | 'wifi-persistent-only' | 'wifi-offline' | 'invalid' {
    return this.#commands.setLimit(serial, value, type);
  }

  setPower(serial: string, action: string): 'queued' | 'wifi-offline' | 'invalid' {
    return this.#commands.setPower(serial, action);
  }

  /** Restarts the device itself. An encrypting device draws a new key: the next cycle reads it again. */
  reboot(): Promise<boolean> {
    return this.#commands.reboot();
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
    return pollDelayMs(this.settings.poll_interval, this.#record.failures);
  }

  async #poll(): Promise<void> {
    const record = this.#record;
    record.polled();
    try {
      if (!record.infoKnown) {
        const ok = record.tookInfo(await readAppInfo(this.#reads));
        if (!ok) return;
      }
      record.tookRealData(await readRealData(this.#reads));
      if (record.warningsMoved()) record.tookAlarms(await readAlarms(this.#reads));
      await this.#readCurveIfDue();
    } catch (error) {
      record.pollFailed(error);
    }
  }

  async #readCurveIfDue(): Promise<void> {
    const now = this.#o.clock.now();
    if (this.#lastCurveAt !== null && now - this.#lastCurveAt < CURVE_EVERY_MS) return;
    this.#lastCurveAt = now;
    this.#curve = await readPowerCurve(this.#reads, now);
  }
}

/**
 * Time to the next cycle: the poll interval, doubled for each failed cycle in a row from the second on,
 * at most 10 minutes (never less than the interval itself).
 */
export function pollDelayMs(intervalS: number, failures: number): number {
  const interval = intervalS * 1000;
  // The first failure waits the plain interval; the cap never goes below the interval.
  return backoffDelay(Math.max(0, failures - 1), { base: interval, max: Math.max(interval, MAX_BACKOFF_MS) });
}
