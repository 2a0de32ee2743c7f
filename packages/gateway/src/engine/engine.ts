/**
 * The inverter engine: polls the configured inverters in turn at the DTU poll
 * interval, sends limit and power commands ahead of polls, keeps reachability, statistics, yields and the
 * command status machines, and writes every change into the live model. It is the only user of the radio.
 */

import { normalizeLimitType, serialNumber, wireSerial } from '@dtu-console/contract';
import {
  buildChannelChange,
  buildDataRequest,
  buildLimitRequest,
  buildPowerRequest,
  cmtCountry,
  DataType,
  decodeDeviceInfoAll,
  decodeDeviceInfoSimple,
  decodeEventLog,
  decodeRunData,
  decodeSystemConfig,
  isRelativeLimit,
  ok,
  type PowerAction,
  type RadioKind,
  ResponseCommand,
  type Result,
} from '@dtu-console/hoymiles';
import type { Radio } from '../radio/radio';
import type { Clock } from '../system/clock';
import { CommandQueue } from './command-queue';
import { InverterState, type LimitRequest } from './inverter';
import type { LiveChange, LiveModel } from './live-model';
import { type EngineSettings, radioSettingsOf } from './settings';
import { systemEngineTime } from './system-time';
import { type EngineTime, elapsedMs } from './time';
import { AnswerWindowMs, runTransaction, type TransactionResult, transmitBounded } from './transaction';

/** Day/night re-evaluation. */
export const NIGHT_EVALUATION_MS = 60_000;
/** Clock-sync, day-change and hint checks. */
export const HOUSEKEEPING_MS = 1000;

/** The subset of a pino logger the engine writes to. */
export interface EngineLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface InverterEngineOptions {
  clock: Clock;
  radio: Radio;
  live: LiveModel;
  /** Sun and calendar; default `systemEngineTime` (system/sun + system/timezone); tests pin their own. */
  time?: EngineTime;
  settings: EngineSettings;
  log?: EngineLog;
  /** Longest a queued command may run before it is abandoned (default 30 s of clock time). */
  commandDeadlineMs?: number;
  /**
   * How often clock sync, day change and hints are checked (default 1 s). Simulated days in tests use a
   * longer period to save timer events; the day change is then seen that much later.
   */
  housekeepingMs?: number;
}

/**
 * What a limit or power request led to. 'commands-disabled': nothing was sent because commands are off for
 * the inverter right now (command_enable, or night without command_enable_night); the web API still
 * answers success then (the OpenDTU quirk "commands disabled still answer 1001" (docs/compatibility.md), kept for API compatibility — the decision is the route's).
 */
export type CommandResult = 'queued' | 'commands-disabled' | 'unknown-inverter' | 'invalid';

export interface LimitCommand {
  /** W for absolute types, % for relative ones. */
  value: number;
  /** API `limit_type`: 0..3 (legacy 256/257 accepted). */
  type: number;
}

const noopLog: EngineLog = { debug() {}, info() {}, warn() {} };

function dtuSerialOf(settings: EngineSettings): string {
  return wireSerial(settings.dtu.serial) ?? settings.dtu.serial;
}

export class InverterEngine {
  readonly #clock: Clock;
  readonly #radio: Radio;
  readonly #live: LiveModel;
  readonly #time: EngineTime;
  readonly #log: EngineLog;
  readonly #queues: Record<RadioKind, CommandQueue>;
  readonly #housekeepingMs: number;
  #settings: EngineSettings;
  /** The DTU serial in wire form, kept with the settings so no transaction parses it again. */
  #dtuSerial: string;
  /** Supported inverters in slot order. */
  #inverters: InverterState[] = [];
  #byNumber = new Map<number, InverterState>();

  #running = false;
  #cancelPoll: () => void = () => {};
  #cancelHousekeeping: () => void = () => {};
  #position = 0;
  #lastPollAt: number | null = null;
  #isDay = true;
  #lastEvaluationAt: number | null = null;
  #lastSynchronised: boolean | undefined;
  #previousDate: string | undefined;
  #commandSeq = 0;

  constructor(options: InverterEngineOptions) {
    this.#clock = options.clock;
    this.#radio = options.radio;
    this.#live = options.live;
    this.#time = options.time ?? systemEngineTime;
    this.#log = options.log ?? noopLog;
    this.#housekeepingMs = options.housekeepingMs ?? HOUSEKEEPING_MS;
    const queueOptions = {
      clock: options.clock,
      ...(options.commandDeadlineMs === undefined ? {} : { deadlineMs: options.commandDeadlineMs }),
      onError: (command: { kind: string; serial: number }, error: unknown) =>
        this.#log.warn({ err: error, kind: command.kind, serial: command.serial }, 'inverter command failed'),
    };
    this.#queues = { NRF24: new CommandQueue(queueOptions), CMT: new CommandQueue(queueOptions) };
    this.#settings = options.settings;
    this.#dtuSerial = dtuSerialOf(this.#settings);
    this.#radio.configure(radioSettingsOf(this.#settings.dtu));
    this.#setInverters(this.#settings);
    this.#evaluate();
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    await this.#radio.start();
    for (const queue of Object.values(this.#queues)) queue.start();
    this.#housekeeping();
    this.#scheduleHousekeeping();
    this.#schedulePoll(0);
  }

  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#cancelPoll();
    this.#cancelHousekeeping();
    // Queued commands are dropped: limit/power ones turn to Failure and would be resent by a later run.
    for (const queue of Object.values(this.#queues)) queue.stop();
    for (const inv of this.#inverters) this.#publish(inv, 'status');
    await this.#radio.stop();
  }

  /** New settings from the configuration; applied at once. */
  applySettings(settings: EngineSettings): void {
    const previous = this.#settings;
    this.#settings = settings;
    this.#dtuSerial = dtuSerialOf(settings);
    const dtuChanged = JSON.stringify(previous.dtu) !== JSON.stringify(settings.dtu);
    if (dtuChanged) this.#radio.configure(radioSettingsOf(settings.dtu));
    this.#setInverters(settings);
    // The night rule applies at once too: the reference waits up to 60 s, which makes a freshly saved
    // inverter briefly poll (or not) against its own settings.
    this.#evaluate();
    if (
      this.#running &&
      previous.dtu.cmtFrequencyHz !== settings.dtu.cmtFrequencyHz &&
      previous.dtu.cmtCountry === settings.dtu.cmtCountry
    ) {
      // The inverters still listen on the old working frequency: tell them there, not only (when they get
      // unreachable) on the start-up frequency, so the change takes effect now instead of after ~15 min.
      for (const inv of this.#inverters) {
        if (inv.info.radio === 'CMT') this.#queueChannelChange(inv, previous.dtu.cmtFrequencyHz);
      }
    }
    if (this.#running && previous.dtu.pollIntervalS !== settings.dtu.pollIntervalS) {
      const due = this.#pollIntervalMs() - elapsedMs(this.#clock.now(), this.#lastPollAt);
      this.#schedulePoll(Math.max(0, due));
    }
  }

  // --- commands ------------------------------------------------------------------------------------------

  /** POST /api/limit/config and MQTT limit topics. */
  setLimit(serial: string, command: LimitCommand): CommandResult {
    const inv = this.#find(serial);
    if (!inv) return 'unknown-inverter';
    // The API's current (0..3) and legacy (256, 257) values; the protocol's limit types are numbered 0..3.
    const type = normalizeLimitType(command.type);
    if (type === undefined || !Number.isFinite(command.value)) return 'invalid';
    if (!inv.commandsEnabled) return 'commands-disabled';
    const value = isRelativeLimit(type) ? Math.min(command.value, 100) : command.value;
    inv.lastLimit = { value, type };
    this.#queueLimit(inv, inv.lastLimit);
    this.#publish(inv, 'status');
    return 'queued';
  }

  /** POST /api/power/config and MQTT power/restart topics. */
  setPower(serial: string, action: PowerAction): CommandResult {
    const inv = this.#find(serial);
    if (!inv) return 'unknown-inverter';
    if (action !== 'on' && action !== 'off' && action !== 'restart') return 'invalid';
    if (!inv.commandsEnabled) return 'commands-disabled';
    inv.lastPower = action;
    this.#queuePower(inv, action);
    this.#publish(inv, 'status');
    return 'queued';
  }

  /** GET /api/inverter/stats_reset and MQTT reset_rf_stats; false for an unknown inverter. */
  resetStats(serial: string): boolean {
    const inv = this.#find(serial);
    if (!inv) return false;
    inv.stats.reset();
    this.#publish(inv, 'status');
    return true;
  }

  // --- read accessors --------------------------------------------------------------------------------------

  limitStatus(serial: string) {
    return this.#live.inverter(serial)?.limitSetStatus;
  }

  powerStatus(serial: string) {
    return this.#live.inverter(serial)?.powerSetStatus;
  }

  /** Day period as last evaluated. */
  get isDay(): boolean {
    return this.#isDay;
  }

  /** True while either radio has a command on air (MQTT waits for idle radios). */
  get radioBusy(): boolean {
    return this.#queues.NRF24.busy || this.#queues.CMT.busy;
  }

  /** Resolves once both radio queues are empty (tests, orderly shutdown). */
  async idle(): Promise<void> {
    await Promise.all([this.#queues.NRF24.idle(), this.#queues.CMT.idle()]);
  }

  // --- inverters -------------------------------------------------------------------------------------------

  #find(serial: string): InverterState | undefined {
    return this.#byNumber.get(serialNumber(serial));
  }

  #isCurrent(inv: InverterState): boolean {
    return this.#byNumber.get(inv.serialNumber) === inv;
  }

  #setInverters(settings: EngineSettings): void {
    const next = new Map<number, InverterState>();
    const ordered = [...settings.inverters].sort((a, b) => a.id - b.id);
    for (const entry of ordered) {
      if (!InverterState.supports(entry.serial)) continue;
      const number = serialNumber(entry.serial);
      if (next.has(number)) continue; // the API allows a serial twice; the lower slot wins
      const existing = this.#byNumber.get(number);
      if (existing) {
        existing.updateSettings(entry);
        next.set(number, existing);
      } else {
        next.set(number, new InverterState(entry));
      }
    }
    for (const [number, inv] of this.#byNumber) {
      if (next.get(number) === inv) continue;
      const queue = this.#queues[inv.info.radio];
      queue.remove((c) => c.serial === number);
      queue.abortCurrent((c) => c.serial === number);
      this.#live.removeInverter(inv.serial);
    }
    this.#byNumber = next;
    this.#inverters = [...next.values()];
    for (const inv of this.#inverters) this.#publish(inv, 'config');
  }

  #publish(inv: InverterState, change: LiveChange): void {
    if (!this.#isCurrent(inv)) return;
    this.#live.setInverter(inv.snapshot(), change);
  }

  // --- day and night, clock, day change ---------------------------------------------------------------------

  #evaluate(): void {
    const { location } = this.#settings;
    const now = this.#clock.now();
    this.#lastEvaluationAt = now;
    this.#isDay = this.#time.isDay({
      epochMs: now,
      tz: location.timezone,
      latitude: location.latitude,
      longitude: location.longitude,
      sunsetType: location.sunsetType,
      synchronised: this.#clock.isSynchronised(),
    });
    for (const inv of this.#inverters) {
      const s = inv.settings;
      const polling = s.poll_enable && (this.#isDay || s.poll_enable_night);
      const commands = s.command_enable && (this.#isDay || s.command_enable_night);
      if (polling === inv.pollingEnabled && commands === inv.commandsEnabled) continue;
      inv.pollingEnabled = polling;
      inv.commandsEnabled = commands;
      this.#publish(inv, 'status');
    }
  }

  #scheduleHousekeeping(): void {
    this.#cancelHousekeeping = this.#clock.setTimer(this.#housekeepingMs, () => {
      if (!this.#running) return;
      this.#housekeeping();
      this.#scheduleHousekeeping();
    });
  }

  #housekeeping(): void {
    const now = this.#clock.now();
    const synchronised = this.#clock.isSynchronised();
    const { timezone } = this.#settings.location;
    if (synchronised !== this.#lastSynchronised) {
      this.#lastSynchronised = synchronised;
      this.#evaluate();
    } else if (elapsedMs(now, this.#lastEvaluationAt) >= NIGHT_EVALUATION_MS) {
      this.#evaluate();
    }
    const status = this.#radio.status();
    this.#live.setSystem({
      timeSynchronised: synchronised,
      radioProblem:
        (status.nrf.configured && (!status.nrf.connected || !status.nrf.pvariant)) ||
        (status.cmt.configured && !status.cmt.connected),
      utcOffsetSeconds: this.#time.utcOffsetSeconds(timezone, now),
    });
    // The OpenDTU quirk "daily tasks on the first clock sync" (docs/compatibility.md) not mimicked: the reference starts from the boot-time day of month (1 January
    // 1970 without a clock), so the first clock sync runs the daily tasks and wipes the day's yield and
    // statistics. We only compare dates read from a synchronised clock.
    if (!synchronised) return;
    const date = this.#time.localDate(timezone, now);
    if (this.#previousDate === undefined) {
      this.#previousDate = date;
    } else if (date !== this.#previousDate) {
      this.#previousDate = date;
      this.#dailyTasks();
    }
  }

  #dailyTasks(): void {
    for (const inv of this.#inverters) {
      const changed = inv.dayChanged();
      this.#publish(inv, changed ? 'data' : 'status');
    }
  }

  // --- the poll cycle ---------------------------------------------------------------------------

  #pollIntervalMs(): number {
    return Math.max(1, this.#settings.dtu.pollIntervalS) * 1000;
  }

  #schedulePoll(delayMs: number): void {
    this.#cancelPoll();
    this.#cancelPoll = this.#clock.setTimer(delayMs, () => this.#pollTick());
  }

  #pollTick(): void {
    if (!this.#running) return;
    const count = this.#inverters.length;
    // An inverter with polling and commands both off does not use up an interval: the next one goes at once.
    for (let i = 0; i < count; i++) {
      const inv = this.#inverters[this.#position % count];
      this.#position = (this.#position + 1) % count;
      if (inv && this.#pollTurn(inv)) {
        this.#lastPollAt = this.#clock.now();
        break;
      }
    }
    this.#schedulePoll(this.#pollIntervalMs());
  }

  /** One inverter's turn; true when it did something (and so used up the poll interval). */
  #pollTurn(inv: InverterState): boolean {
    const dtu = this.#settings.dtu;
    if (!(inv.info.radio === 'CMT' ? dtu.cmtEnabled : dtu.nrfEnabled)) return false;
    // The OpenDTU quirk "night polling off counts as unreachable" (docs/compatibility.md) kept: with polling off at night the inverter is unreachable by definition, so zero_runtime
    // zeroes it at night — which is what users who enable zero_runtime ask for (no stale daytime power).
    if (inv.settings.zero_runtime && !inv.reachable && inv.zeroRuntime()) this.#publish(inv, 'data');
    if (!inv.pollingEnabled && !inv.commandsEnabled) return false;

    if (!inv.reachable && inv.info.radio === 'CMT') this.#queueChannelChange(inv);
    // Every data request carries the current time and the inverter sets its clock from it.
    if (this.#clock.isSynchronised() && inv.pollingEnabled) {
      const now = this.#clock.now();
      this.#queueRunData(inv);
      if (inv.needsEventLog()) this.#queueEventLog(inv);
      if (inv.readbackDue(now)) this.#queueReadback(inv);
      if (inv.needsGridProfile()) this.#queueGridProfile(inv);
      if (inv.needsDeviceInfo()) this.#queueDeviceInfo(inv);
    }
    if (inv.commandsEnabled) {
      if (inv.limitStatus.value === 'Failure' && inv.lastLimit) {
        this.#queueLimit(inv, inv.lastLimit);
        this.#publish(inv, 'status');
      }
      if (inv.powerStatus.value === 'Failure' && inv.lastPower) {
        this.#queuePower(inv, inv.lastPower);
        this.#publish(inv, 'status');
      }
    }
    return true;
  }

  // --- queued commands ------------------------------------------------------------------------------------------

  /** Queues a data request; `handle` sees the result unless the inverter went away meanwhile. */
  #queueData<T>(
    inv: InverterState,
    kind: string,
    dataType: DataType,
    windowMs: number,
    decode: (payload: Uint8Array) => Result<T>,
    handle: (result: TransactionResult<T>) => LiveChange | undefined,
  ): void {
    this.#queues[inv.info.radio].enqueue({
      key: `${inv.serialNumber}:${kind}`,
      serial: inv.serialNumber,
      kind,
      priority: 'poll',
      run: async (signal) => {
        // Queued while the clock was trusted; it may have been reset since.
        if (!this.#clock.isSynchronised() || !this.#isCurrent(inv)) return;
        const dtu = this.#dtuSerial;
        const frame = buildDataRequest({
          inverter: inv.serial,
          dtu,
          dataType,
          time: Math.floor(this.#clock.now() / 1000),
        });
        const result = await runTransaction(
          { radio: this.#radio, clock: this.#clock, stats: inv.stats, signal },
          {
            radio: inv.info.radio,
            frame,
            windowMs,
            responseCommand: ResponseCommand.DataResponse,
            inverter: inv.serial,
            dtu,
            decode,
          },
        );
        if (result.ok === false && result.failure === 'cancelled') return;
        const change = handle(result) ?? 'status';
        this.#publish(inv, change);
      },
    });
  }

  #queueRunData(inv: InverterState): void {
    this.#queueData(
      inv,
      'run-data',
      DataType.RunData,
      AnswerWindowMs.runData,
      (payload) => decodeRunData(inv.family, payload),
      (result) => {
        if (!result.ok) {
          inv.runDataFailed();
          return 'status';
        }
        inv.runDataReceived(result.value, this.#clock.now(), this.#live.now());
        return 'data';
      },
    );
  }

  #queueEventLog(inv: InverterState): void {
    this.#queueData(
      inv,
      'event-log',
      DataType.EventLog,
      AnswerWindowMs.eventLog,
      decodeEventLog,
      (result) => {
        if (!result.ok) {
          inv.eventLogFailed();
          return 'status';
        }
        inv.eventLogReceived(result.value);
        return 'info';
      },
    );
  }

  #queueReadback(inv: InverterState): void {
    this.#queueData(
      inv,
      'limit-readback',
      DataType.SystemConfig,
      AnswerWindowMs.systemConfig,
      decodeSystemConfig,
      (result) => {
        if (!result.ok) return 'status';
        inv.readbackReceived(result.value.limitRelative, this.#clock.now());
        return 'status';
      },
    );
  }

  #queueGridProfile(inv: InverterState): void {
    this.#queueData(
      inv,
      'grid-profile',
      DataType.GridProfile,
      AnswerWindowMs.gridProfile,
      (payload) => ok(payload),
      (result) => {
        if (!result.ok) return 'status';
        inv.gridProfileReceived(result.payload);
        return 'info';
      },
    );
  }

  #queueDeviceInfo(inv: InverterState): void {
    this.#queueData(
      inv,
      'devinfo-all',
      DataType.DeviceInfoAll,
      AnswerWindowMs.deviceInfo,
      decodeDeviceInfoAll,
      (result) => {
        if (!result.ok) return 'status';
        inv.deviceInfoAllReceived(result.value);
        return 'info';
      },
    );
    this.#queueData(
      inv,
      'devinfo-simple',
      DataType.DeviceInfoSimple,
      AnswerWindowMs.deviceInfo,
      decodeDeviceInfoSimple,
      (result) => {
        if (!result.ok) return 'status';
        inv.deviceInfoSimpleReceived(result.value);
        return 'info';
      },
    );
  }

  /** Sends one device-control frame and waits for any complete 0xD1 answer. */
  async #deviceControl(inv: InverterState, frame: Uint8Array, signal: AbortSignal): Promise<boolean> {
    const result = await runTransaction(
      { radio: this.#radio, clock: this.#clock, stats: inv.stats, signal },
      {
        radio: inv.info.radio,
        frame,
        windowMs: AnswerWindowMs.deviceControl,
        responseCommand: ResponseCommand.DeviceControlAck,
        inverter: inv.serial,
        dtu: this.#dtuSerial,
        // The content of the ack is not checked, only that a complete 0xD1 answer arrived.
        decode: (payload) => ok(payload),
      },
    );
    return result.ok;
  }

  /**
   * Queues a limit: a not yet transmitted limit of the same type for the inverter is replaced,
   * so the newest value wins. The status stays Pending while any limit command for the inverter is
   * outstanding and then follows the last one to finish.
   */
  #queueLimit(inv: InverterState, limit: LimitRequest): void {
    const queue = this.#queues[inv.info.radio];
    const kind = `limit:${limit.type}`;
    inv.limitStatus.queued();
    queue.remove((c) => c.serial === inv.serialNumber && c.kind === kind);
    queue.enqueue({
      key: `${inv.serialNumber}:limit:${this.#commandSeq++}`,
      serial: inv.serialNumber,
      kind,
      priority: 'command',
      run: async (signal) => {
        let acknowledged = false;
        try {
          if (!this.#isCurrent(inv)) return;
          const frame = buildLimitRequest({
            inverter: inv.serial,
            dtu: this.#dtuSerial,
            limitType: limit.type,
            limit: limit.value,
            encoding: inv.info.limitEncoding,
          });
          acknowledged = await this.#deviceControl(inv, frame, signal);
          if (acknowledged) inv.limitAcknowledged(limit, this.#clock.now());
          this.#log.debug({ serial: inv.serial, limit, acknowledged }, 'limit command');
        } finally {
          inv.limitStatus.finished(acknowledged);
          this.#publish(inv, 'status');
        }
      },
      dropped: () => {
        inv.limitStatus.dropped();
        this.#publish(inv, 'status');
      },
    });
  }

  /** Queues power on/off/restart; a waiting power command for the inverter is replaced. */
  #queuePower(inv: InverterState, action: PowerAction): void {
    const queue = this.#queues[inv.info.radio];
    inv.powerStatus.queued();
    // On, off and restart are one command kind: the newest request is what the user wants.
    queue.remove((c) => c.serial === inv.serialNumber && c.kind === 'power');
    queue.enqueue({
      key: `${inv.serialNumber}:power:${this.#commandSeq++}`,
      serial: inv.serialNumber,
      kind: 'power',
      priority: 'command',
      run: async (signal) => {
        let acknowledged = false;
        try {
          if (!this.#isCurrent(inv)) return;
          const frame = buildPowerRequest({ inverter: inv.serial, dtu: this.#dtuSerial, action });
          acknowledged = await this.#deviceControl(inv, frame, signal);
          this.#log.debug({ serial: inv.serial, action, acknowledged }, 'power command');
        } finally {
          inv.powerStatus.finished(acknowledged);
          this.#publish(inv, 'status');
        }
      },
      dropped: () => {
        inv.powerStatus.dropped();
        this.#publish(inv, 'status');
      },
    });
  }

  /**
   * Channel change: tells the inverter to move to the channel of the working frequency. Sent on
   * the country's start-up frequency unless `onFrequencyHz` says otherwise; no answer, never repeated.
   *
   * The OpenDTU quirk "channel changes counted as failed requests" (docs/compatibility.md) not mimicked: the reference counts each channel change as a request that got
   * nothing back. It is not a request/answer exchange, and counting it would make a healthy HMS link look
   * lossy every time it is re-tuned, so it stays out of the radio statistics.
   */
  #queueChannelChange(inv: InverterState, onFrequencyHz?: number): void {
    const dtu = this.#settings.dtu;
    const country = cmtCountry(dtu.cmtCountry);
    if (!country) return;
    const frequencyHz = onFrequencyHz ?? country.startupFrequencyHz;
    this.#queues.CMT.enqueue({
      key: `${inv.serialNumber}:channel-change:${frequencyHz}`,
      serial: inv.serialNumber,
      kind: 'channel-change',
      priority: 'poll',
      run: async () => {
        if (!this.#isCurrent(inv)) return;
        const current = this.#settings.dtu;
        let frame: Uint8Array;
        try {
          frame = buildChannelChange({
            inverter: inv.serial,
            dtu: this.#dtuSerial,
            country: current.cmtCountry,
            frequencyHz: current.cmtFrequencyHz,
          });
        } catch (error) {
          this.#log.warn({ err: error, serial: inv.serial }, 'channel change not possible');
          return;
        }
        await transmitBounded(
          { radio: this.#radio, clock: this.#clock },
          { radio: 'CMT', frame, frequencyHz, windowMs: AnswerWindowMs.channelChange },
        );
      },
    });
  }
}
