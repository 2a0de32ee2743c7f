/**
 * The inverter engine: polls the configured inverters in turn, sends limit and power commands ahead of
 * polls, keeps reachability, statistics, yields and the command states, and writes every change into the
 * live model. It is the only one that sends on the radio. Its parts: `day-cycle.ts` (day and night, the day
 * change), `poll-timing.ts` (rounds of turns, `poll-backoff.ts` for silent inverters) and `requests.ts` (what
 * goes on air).
 */
import type { Clock } from '@dtu-console/clock';
import { normalizeLimitType, serialNumber, wireSerial } from '@dtu-console/contract';
import { isRelativeLimit, type PowerAction, type RadioKind } from '@dtu-console/hoymiles';
import type { Radio } from '@dtu-console/radio/radio';
import { CommandQueue } from './command-queue';
import { DayCycle, HOUSEKEEPING_MS } from './day-cycle';
import { type FrequencyMemory, FrequencySearch } from './frequency-search';
import { InverterState, type LimitRequest } from './inverter';
import type { LiveChange, LiveModel } from './live-model';
import { MiRequests } from './mi-requests';
import { PollTiming } from './poll-timing';
import { type EngineLog, InverterRequests } from './requests';
import { type EngineSettings, radioSettingsOf } from './settings';
import { systemEngineTime } from './system-time';
import { type EngineTime, elapsedMs } from './time';

export { HOUSEKEEPING_MS, NIGHT_EVALUATION_MS } from './day-cycle';
export type { EngineLog } from './requests';

/** A command skipped because commands are disabled is logged once per this long, per inverter and kind. */
export const DISABLED_LOG_INTERVAL_MS = 10 * 60_000;

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
  /** Where each HMS/HMT was found last, across restarts (frequency recovery; none: forgotten at stop). */
  frequencyMemory?: FrequencyMemory;
}

/**
 * What a limit or power request led to. 'commands-disabled': nothing was sent because commands are off for
 * the inverter right now (command_enable, or night without command_enable_night); the engine logs it.
 */
export type CommandResult =
  | 'queued'
  | 'commands-disabled'
  | 'unknown-inverter'
  | 'invalid'
  /** Wi-Fi inverters (src/wifi/): a limit within the device's rate limit. */
  | 'wifi-too-soon'
  /** Wi-Fi inverters: a non-persistent limit (the devices store every limit). */
  | 'wifi-persistent-only'
  /** Wi-Fi inverters: the device is not online, nothing was sent. */
  | 'wifi-offline';

/**
 * Inverters the engine does not poll itself (read through Hoymiles Wi-Fi devices, src/wifi/): their
 * commands go to their owner. Each method answers undefined for a serial it does not know.
 */
export interface ExternalInverters {
  setLimit(serial: string, command: LimitCommand): CommandResult | undefined;
  setPower(serial: string, action: PowerAction): CommandResult | undefined;
}

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
  readonly #log: EngineLog;
  readonly #queues: Record<RadioKind, CommandQueue>;
  readonly #day: DayCycle;
  readonly #polls: PollTiming;
  readonly #requests: InverterRequests;
  readonly #frequencies: FrequencySearch;
  readonly #mi: MiRequests;
  #settings: EngineSettings;
  /** The DTU serial in wire form, kept with the settings so no transaction parses it again. */
  #dtuSerial: string;
  /** Supported inverters in slot order. */
  #inverters: InverterState[] = [];
  #byNumber = new Map<number, InverterState>();
  #running = false;
  /** When a skipped command was last logged, by kind and inverter. */
  #disabledLoggedAt = new Map<string, number>();
  #external: ExternalInverters | null = null;

  constructor(options: InverterEngineOptions) {
    this.#clock = options.clock;
    this.#radio = options.radio;
    this.#live = options.live;
    this.#log = options.log ?? noopLog;
    const queueOptions = {
      clock: options.clock,
      ...(options.commandDeadlineMs === undefined ? {} : { deadlineMs: options.commandDeadlineMs }),
      onError: (command: { kind: string; serial: number }, error: unknown) =>
        this.#log.warn({ err: error, kind: command.kind, serial: command.serial }, 'inverter command failed'),
    };
    this.#queues = { NRF24: new CommandQueue(queueOptions), CMT: new CommandQueue(queueOptions) };
    this.#settings = options.settings;
    this.#dtuSerial = dtuSerialOf(this.#settings);
    const publish = (inv: InverterState, change: LiveChange) => this.#publish(inv, change);
    const inverters = () => this.#inverters;
    this.#day = new DayCycle({
      clock: options.clock,
      time: options.time ?? systemEngineTime,
      radio: options.radio,
      live: options.live,
      housekeepingMs: options.housekeepingMs ?? HOUSEKEEPING_MS,
      location: () => this.#settings.location,
      inverters,
      publish,
    });
    this.#polls = new PollTiming({
      clock: options.clock,
      intervalMs: () => Math.max(1, this.#settings.dtu.pollIntervalS) * 1000,
      inverters,
      turn: (inv) => this.#pollTurn(inv),
      settled: (inv) => this.#queues[inv.info.radio].pollsDone(),
      unanswered: (inv) => inv.pollingEnabled && !inv.reachable,
    });
    const requestOptions = {
      clock: options.clock,
      radio: options.radio,
      live: options.live,
      log: this.#log,
      queues: this.#queues,
      dtuSerial: () => this.#dtuSerial,
      dtu: () => this.#settings.dtu,
      isCurrent: (inv: InverterState) => this.#isCurrent(inv),
      publish,
    };
    this.#requests = new InverterRequests(requestOptions);
    this.#mi = new MiRequests(requestOptions);
    this.#frequencies = new FrequencySearch({
      clock: options.clock,
      radio: options.radio,
      queue: this.#queues.CMT,
      log: this.#log,
      dtu: () => this.#settings.dtu,
      dtuSerial: () => this.#dtuSerial,
      isCurrent: (inv) => this.#isCurrent(inv),
      changed: (inv) => this.#publish(inv, 'status'),
      ...(options.frequencyMemory ? { memory: options.frequencyMemory } : {}),
    });
    this.#radio.configure(radioSettingsOf(this.#settings.dtu));
    this.#setInverters(this.#settings);
    this.#day.evaluate();
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    await this.#radio.start();
    for (const queue of Object.values(this.#queues)) queue.start();
    this.#day.start();
    this.#polls.start();
  }

  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#polls.stop();
    this.#day.stop();
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
    // An inverter whose own settings are unchanged is published again only when the DTU's or the place's
    // settings changed (its CMT frequency status, its night state): one save of one inverter among a
    // hundred publishes one, not a hundred.
    const sharedChanged =
      dtuChanged || JSON.stringify(previous.location) !== JSON.stringify(settings.location);
    this.#setInverters(settings, sharedChanged);
    // The night rule applies at once too, so a freshly saved inverter polls by its own settings at once.
    this.#day.evaluate();
    if (
      this.#running &&
      previous.dtu.cmtFrequencyHz !== settings.dtu.cmtFrequencyHz &&
      previous.dtu.cmtCountry === settings.dtu.cmtCountry
    ) {
      // The inverters still listen on the old working frequency: tell them there, not only (when they get
      // unreachable) on the start-up frequency, so the change takes effect now instead of after ~15 min.
      for (const inv of this.#inverters) {
        if (inv.info.radio === 'CMT') this.#requests.channelChange(inv, previous.dtu.cmtFrequencyHz);
      }
    }
    if (previous.dtu.pollIntervalS !== settings.dtu.pollIntervalS) this.#polls.intervalChanged();
  }

  // --- commands ------------------------------------------------------------------------------------------

  /** The owner of the inverters this engine does not poll (the Wi-Fi service); null to detach. */
  setExternal(external: ExternalInverters | null): void {
    this.#external = external;
  }

  /** POST /api/limit/config and MQTT limit topics. */
  setLimit(serial: string, command: LimitCommand): CommandResult {
    const inv = this.#find(serial);
    if (!inv) return this.#external?.setLimit(serial, command) ?? 'unknown-inverter';
    // The API's current (0..3) and legacy (256, 257) values; the protocol's limit types are numbered 0..3.
    const type = normalizeLimitType(command.type);
    if (type === undefined || !Number.isFinite(command.value)) return 'invalid';
    if (!inv.commandsEnabled) return this.#commandsDisabled(inv, 'Limit');
    const value = isRelativeLimit(type) ? Math.min(command.value, 100) : command.value;
    inv.lastLimit = { value, type };
    this.#limit(inv, inv.lastLimit);
    this.#publish(inv, 'status');
    return 'queued';
  }

  /** POST /api/power/config and MQTT power/restart topics. */
  setPower(serial: string, action: PowerAction): CommandResult {
    const inv = this.#find(serial);
    if (!inv) return this.#external?.setPower(serial, action) ?? 'unknown-inverter';
    if (action !== 'on' && action !== 'off' && action !== 'restart') return 'invalid';
    // An MI has no documented restart command.
    if (inv.isMi && action === 'restart') return 'invalid';
    if (!inv.commandsEnabled) return this.#commandsDisabled(inv, 'Power command');
    inv.lastPower = action;
    this.#power(inv, action);
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

  /**
   * Nothing is sent, whoever asked. Said in the log, throttled: zero-export scripts repeat their limit
   * every few seconds.
   */
  #commandsDisabled(inv: InverterState, what: string): CommandResult {
    const key = `${what}:${inv.serialNumber}`;
    const now = this.#clock.now();
    if (elapsedMs(now, this.#disabledLoggedAt.get(key) ?? null) >= DISABLED_LOG_INTERVAL_MS) {
      this.#disabledLoggedAt.set(key, now);
      this.#log.warn(
        { serial: inv.serial },
        `${what} for inverter ${inv.serial} not sent: commands are disabled for it now (command_enable, command_enable_night)`,
      );
    }
    return 'commands-disabled';
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
    return this.#day.isDay;
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

  /** Takes the configured inverters; publishes the new ones and those whose settings changed (all with `all`). */
  #setInverters(settings: EngineSettings, all = true): void {
    const next = new Map<number, InverterState>();
    const changed = new Set<InverterState>();
    const ordered = [...settings.inverters].sort((a, b) => a.id - b.id);
    for (const entry of ordered) {
      if (!InverterState.supports(entry.serial)) continue;
      const number = serialNumber(entry.serial);
      if (next.has(number)) continue; // the API allows a serial twice; the lower slot wins
      const existing = this.#byNumber.get(number);
      if (existing) {
        if (all || JSON.stringify(existing.settings) !== JSON.stringify(entry)) changed.add(existing);
        existing.updateSettings(entry);
        next.set(number, existing);
      } else {
        const added = new InverterState(entry);
        changed.add(added);
        next.set(number, added);
      }
    }
    for (const [number, inv] of this.#byNumber) {
      if (next.get(number) === inv) continue;
      const queue = this.#queues[inv.info.radio];
      queue.remove((c) => c.serial === number);
      queue.abortCurrent((c) => c.serial === number);
      this.#frequencies.forget(inv);
      this.#live.removeInverter(inv.serial);
    }
    this.#byNumber = next;
    this.#inverters = [...next.values()];
    for (const inv of this.#inverters) if (changed.has(inv)) this.#publish(inv, 'config');
  }

  #publish(inv: InverterState, change: LiveChange): void {
    if (!this.#isCurrent(inv)) return;
    const snapshot = inv.snapshot();
    this.#live.setInverter(
      inv.info.radio === 'CMT' ? { ...snapshot, cmtFrequency: this.#frequencies.status(inv) } : snapshot,
      change,
    );
  }

  #limit(inv: InverterState, limit: LimitRequest): void {
    if (inv.isMi) this.#mi.limit(inv, limit);
    else this.#requests.limit(inv, limit);
  }

  #power(inv: InverterState, action: PowerAction): void {
    if (inv.isMi) this.#mi.power(inv, action === 'on');
    else this.#requests.power(inv, action);
  }

  /** One inverter's turn: what to ask it and what to resend; true when it did something. */
  #pollTurn(inv: InverterState): boolean {
    const dtu = this.#settings.dtu;
    if (!(inv.info.radio === 'CMT' ? dtu.cmtEnabled : dtu.nrfEnabled)) return false;
    // Polling off at night makes the inverter unreachable, so zero_runtime zeroes it at night (quirk "night
    // polling off counts as unreachable", kept; docs/compatibility.md).
    if (inv.settings.zero_runtime && !inv.reachable && inv.zeroRuntime()) this.#publish(inv, 'data');
    // With polling and commands both off it does not use up an interval: the next one goes at once.
    if (!inv.pollingEnabled && !inv.commandsEnabled) return false;

    if (!inv.reachable && inv.info.radio === 'CMT') this.#requests.channelChange(inv);
    // Silent for long in daylight: the band is searched for it (frequency-search.ts).
    if (inv.info.radio === 'CMT') this.#frequencies.turn(inv, this.#day.isDay);
    // Data requests carry the time, so they wait for a trusted clock.
    if (inv.isMi) {
      // An MI's requests carry no time: they need no trusted clock, and it has no event log or read-back.
      if (inv.pollingEnabled) {
        this.#mi.runData(inv);
        if (inv.reachable && inv.needsGridProfile()) this.#mi.gridProfile(inv);
        if (inv.reachable && inv.needsDeviceInfo()) this.#mi.deviceInfo(inv);
      }
    } else if (this.#clock.isSynchronised() && inv.pollingEnabled) {
      const now = this.#clock.now();
      this.#requests.runData(inv);
      // A silent inverter is only probed with run data: one request (1 send + 4 resends) per turn at most.
      if (inv.reachable) {
        if (inv.needsEventLog()) this.#requests.eventLog(inv);
        if (inv.readbackDue(now)) this.#requests.limitReadback(inv);
        if (inv.needsGridProfile()) this.#requests.gridProfile(inv);
        if (inv.needsDeviceInfo()) this.#requests.deviceInfo(inv);
      }
    }
    if (inv.commandsEnabled) {
      if (inv.limitStatus.value === 'Failure' && inv.lastLimit) {
        this.#limit(inv, inv.lastLimit);
        this.#publish(inv, 'status');
      }
      if (inv.powerStatus.value === 'Failure' && inv.lastPower) {
        this.#power(inv, inv.lastPower);
        this.#publish(inv, 'status');
      }
    }
    return true;
  }
}
