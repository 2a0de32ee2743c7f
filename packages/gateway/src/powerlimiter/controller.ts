/**
 * The power limiter's loop (docs/limiter.md): it reads the meter, decides, and sends non-persistent limits.
 * It runs on every meter reading and on a 1 s tick (for staleness, command ends and leases), and never
 * judges a command before a reading taken after the inverter had time to follow it.
 */
import type { Clock } from '@dtu-console/clock';
import {
  type FeedInStatus,
  type GridSignalStatus,
  LIMIT_RESPONSE,
  limitResponseMs,
  type PowerLimiterInverterStatus,
  type PowerLimiterMode,
  type PowerLimiterState,
  type PowerLimiterStatus,
} from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import type { MeterFeed, MeterReading } from '../powermeter/types';
import { type BatteryFeed, BatteryGovernor } from './battery-governor';
import { type DispatchInverter, dispatch, dispatchBounds, sunHeldOutput } from './dispatch';
import {
  type ExportLimits,
  exportLimits,
  type GridSignalFeed,
  limiterActive,
  productionCapOf,
  signalOff,
  targetOf,
} from './feed-in';
import { HandLimits, type StoredLease } from './hand-limits';
import { InverterCommands } from './inverter-commands';
import type { InverterPort, InverterView, TemporaryLimit } from './port';

export type LimiterSettings = DeepReadonly<GatewayConfig['powerlimiter']>;
type InverterSettings = LimiterSettings['inverters'][number];

export interface LimiterLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface LimiterControllerOptions {
  clock: Clock;
  port: InverterPort;
  /** The house meter; undefined while none is configured (the limiter then waits). */
  meter: MeterFeed | undefined;
  settings: () => LimiterSettings;
  log?: LimiterLog;
  /** The grid operator's signal; undefined runs as if it were off. */
  gridSignal?: GridSignalFeed;
  /** The sum of the configured strings' max_power, Wp (the module power when none is set). */
  stringsPowerWp?: () => number;
  /** The battery, its charge controllers and the night; without it battery-fed inverters stay in standby. */
  battery?: BatteryFeed;
  /** The run-time mode (MQTT); normal without it. */
  mode?: () => PowerLimiterMode;
}

const noLog: LimiterLog = { info() {}, warn() {} };

/** A governed inverter the limiter can command now. */
interface Governed {
  config: InverterSettings;
  view: InverterView;
  commands: InverterCommands;
}

export class LimiterController {
  readonly #clock: Clock;
  readonly #port: InverterPort;
  readonly #meter: MeterFeed | undefined;
  readonly #settings: () => LimiterSettings;
  readonly #log: LimiterLog;
  readonly #commands = new Map<string, InverterCommands>();
  readonly #hand = new HandLimits();
  /** Inverters whose lease ran out and that still wait for their fallback (unreachable, night). */
  readonly #fallbackDue = new Set<string>();
  #state: PowerLimiterState = 'off';
  /** A valid reading has arrived in this run: before that nothing is sent. */
  #everValid = false;
  /** Time of the last reading a decision was taken on: each reading decides once. */
  #decidedAt = Number.NEGATIVE_INFINITY;
  #wasEnabled = false;
  readonly #gridSignal: GridSignalFeed | undefined;
  readonly #stringsPowerWp: () => number;
  /** The export limit (cap or signal) of the last pass, W; null without one. */
  #exportLimitW: number | null = null;
  /** A stricter export limit came in: decide on the current reading without waiting out the last ramp. */
  #urgent = false;
  /** Without a valid reading: the total production the governed inverters hold, W; null otherwise. */
  #productionCapW: number | null = null;
  /** Battery-fed inverters: the battery rules, dispatch by role, standby. */
  readonly #battery: BatteryGovernor;
  readonly #mode: () => PowerLimiterMode;

  constructor(options: LimiterControllerOptions) {
    this.#clock = options.clock;
    this.#port = options.port;
    this.#meter = options.meter;
    this.#settings = options.settings;
    this.#log = options.log ?? noLog;
    this.#gridSignal = options.gridSignal;
    this.#stringsPowerWp = options.stringsPowerWp ?? (() => 0);
    this.#mode = options.mode ?? (() => 'normal');
    this.#battery = new BatteryGovernor(this.#port, options.battery, (message) => this.#log.info(message));
  }

  get state(): PowerLimiterState {
    return this.#state;
  }

  /** One pass: command ends, leases, staleness, and a decision when a fresh reading allows one. */
  evaluate(): void {
    const now = this.#clock.now();
    const s = this.#settings();
    this.#observeCommands(now, s);
    for (const serial of this.#hand.takeExpired(now)) {
      this.#log.info(`Limit lease of inverter ${serial} expired`);
      this.#fallbackDue.add(serial);
    }
    for (const serial of [...this.#fallbackDue]) {
      if (this.#leaseExpired(serial, now, s)) this.#fallbackDue.delete(serial);
    }

    this.#productionCapW = null;
    const mode = this.#mode();
    if (!limiterActive(s) || mode === 'off') {
      if (this.#wasEnabled) this.#releaseAll(s);
      this.#wasEnabled = false;
      this.#exportLimitW = null;
      this.#battery.clear();
      this.#setState('off');
      return;
    }
    this.#wasEnabled = true;
    this.#releaseUngoverned(s);
    const signal = this.#signalStatus(s);
    // At start-up nothing goes out before the grid operator's word is known.
    if (s.grid_signal.enabled && !signal.known) {
      this.#setState('waiting_for_signal');
      return;
    }
    const limits = this.#limits(s, signal);
    this.#noteExportLimit(limits);
    if (!s.inverters.some((inv) => inv.governed)) {
      this.#battery.clear();
      this.#setState('no_inverters');
      return;
    }
    this.#battery.decide(s, mode === 'full_passthrough');
    const reading = this.#freshReading();
    if (!reading) {
      // Zero export alone waits for its first reading; a cap or signal holds production from the start.
      if (!this.#everValid && limits.exportLimitW === null) {
        this.#setState('waiting_for_meter');
        return;
      }
      this.#setState(this.#everValid ? 'fallback' : 'waiting_for_meter');
      const capW = productionCapOf(s, limits);
      if (capW === undefined) return;
      this.#productionCapW = capW;
      this.#holdFallback(now, s, capW);
      return;
    }
    this.#everValid = true;
    this.#setState('regulating');
    const target = targetOf(s, limits);
    if (target) this.#regulate(reading, now, s, target.targetW);
  }

  /** A limit set by hand (POST /api/limit/config): remembered, with an optional lease. */
  handLimit(serial: string, limit: TemporaryLimit, expiryS: number | undefined): void {
    const now = this.#clock.now();
    this.#hand.set(serial, limit, expiryS, now);
    const view = this.#port.inverter(serial);
    const commands = this.#commands.get(serial);
    if (view && commands && view.ratedW > 0) {
      const limitW = limit.relative ? (limit.value * view.ratedW) / 100 : limit.value;
      commands.external(now, limitW, this.#responseMs(view, commands.limitW ?? view.outputW, limitW));
    }
  }

  /** The open leases (kept across restarts by the service) and a counter of their changes. */
  leases(): { list: StoredLease[]; changes: number } {
    return { list: this.#hand.leases(), changes: this.#hand.leaseChanges };
  }

  /**
   * Leases kept from the last run. One that ran out meanwhile gets its fallback on the next pass, as soon
   * as the inverter takes commands (before any meter reading: it is a fail-safe, not a regulation).
   */
  restoreLeases(leases: readonly StoredLease[]): void {
    for (const lease of leases) this.#hand.restore(lease);
  }

  status(): PowerLimiterStatus {
    const now = this.#clock.now();
    const s = this.#settings();
    const reading = this.#meter?.status().reading;
    const inverters: PowerLimiterInverterStatus[] = s.inverters.map((config) => {
      const view = this.#port.inverter(config.serial);
      const commands = this.#commands.get(config.serial);
      const lease = this.#hand.get(config.serial)?.leaseUntil ?? null;
      return {
        serial: config.serial,
        governed: config.governed,
        behind_power_meter: config.behind_power_meter,
        role: config.role,
        limit_w: commands?.limitW ?? view?.limitW ?? null,
        output_w: view?.outputW ?? 0,
        sun_limited_w: commands?.sunCapW ?? null,
        commands_last_hour: commands?.commandsLastHour(now) ?? 0,
        failing: commands?.failing ?? false,
        lease_until: lease === null ? null : Math.floor(lease / 1000),
      };
    });
    return {
      enabled: s.enabled,
      state: this.#state,
      grid_power: reading ? reading.powerW : null,
      grid_power_age_ms: reading ? Math.max(0, now - reading.atMs) : null,
      target: s.target_power_consumption,
      // The port offers no way to send a persistent limit; the count is kept for the status as proof.
      persistent_commands: 0,
      inverters,
      feed_in: this.#feedInStatus(s),
      battery: this.#battery.status,
      mode: this.#mode(),
    };
  }

  // --- feed-in cap and grid signal ---------------------------------------------------------------

  #signalStatus(s: LimiterSettings): GridSignalStatus {
    return s.grid_signal.enabled && this.#gridSignal ? this.#gridSignal.status() : signalOff(s);
  }

  #limits(s: LimiterSettings, signal: GridSignalStatus): ExportLimits {
    return exportLimits(s, this.#stringsPowerWp(), signal);
  }

  /** A stricter export limit is acted on at once, on the reading at hand. */
  #noteExportLimit(limits: ExportLimits): void {
    const before = this.#exportLimitW;
    const now = limits.exportLimitW;
    if (now === before) return;
    this.#exportLimitW = now;
    this.#decidedAt = Number.NEGATIVE_INFINITY;
    if (now !== null && (before === null || now < before)) this.#urgent = true;
    this.#log.info(
      `Power limiter: export limit ${before === null ? 'none' : `${before} W`} → ${now === null ? 'none' : `${now} W`}`,
    );
  }

  #feedInStatus(s: LimiterSettings): FeedInStatus {
    const signal = this.#signalStatus(s);
    const limits = this.#limits(s, signal);
    const regulating = this.#state === 'regulating';
    return {
      module_power_wp: limits.modulePowerWp,
      cap_w: limits.capW,
      signal_w: limits.signalW,
      export_limit_w: limits.exportLimitW,
      binding: regulating ? (targetOf(s, limits)?.binding ?? null) : null,
      production_cap_w: this.#productionCapW,
      grid_signal: signal,
    };
  }

  // --- the loop ------------------------------------------------------------------------------------

  /** The meter's own staleness rule (`powermeter.max_age`) is the limiter's: one fact, kept there. */
  #freshReading(): MeterReading | undefined {
    const status = this.#meter?.status();
    return status?.valid ? status.reading : undefined;
  }

  #regulate(reading: MeterReading, now: number, s: LimiterSettings, targetW: number): void {
    if (reading.atMs < this.#decidedAt || (reading.atMs === this.#decidedAt && !this.#urgent)) return;
    const governed = this.#governed(now, s);
    // A new decision only once every command has ended and this reading shows its effect; a stricter
    // export limit does not wait for the last ramp (its dispatch counts on what was asked, not what shows).
    for (const g of governed) {
      if (g.commands.inFlight) return;
      if (!this.#urgent && reading.atMs < g.commands.settleAt) return;
    }
    this.#decidedAt = reading.atMs;
    this.#urgent = false;
    for (const g of governed) this.#judgeSun(g);

    const error = reading.powerW - targetW;
    if (Math.abs(error) <= s.target_power_consumption_hysteresis) return;
    // An inverter waiting out a back-off is left as it is: the others cover what it does not.
    const minIntervalMs = s.min_command_interval * 1000;
    const active = governed.filter(
      (g) => g.commands.failures === 0 || g.commands.canSend(now, minIntervalMs),
    );
    // The reading already contains what the governed inverters behind the meter produce: add it back.
    const producing = active
      .filter((g) => g.config.behind_power_meter)
      .reduce((sum, g) => sum + this.#expectedOutput(g), 0);
    this.#apply(this.#battery.dispatch(producing + error, active.map(dispatchEntry), s), active, now, s);
  }

  /** Meter stale or lost: the governed inverters share `totalW` (base load limit, or the export limit). */
  #holdFallback(now: number, s: LimiterSettings, totalW: number): void {
    const governed = this.#governed(now, s);
    const entries = governed.map((g) => ({ ...dispatchEntry(g), sunCapW: null }));
    this.#apply(this.#battery.dispatch(totalW, entries, s), governed, now, s);
  }

  #apply(limits: Map<string, number>, governed: Governed[], now: number, s: LimiterSettings): void {
    for (const g of governed) {
      const limitW = limits.get(g.config.serial);
      if (limitW === undefined) continue;
      if (g.commands.limitW !== null && Math.abs(limitW - g.commands.limitW) < 1) continue;
      if (!g.commands.canSend(now, s.min_command_interval * 1000)) continue;
      const fromW = this.#expectedOutput(g);
      const toW = g.commands.sunCapW === null ? limitW : Math.min(limitW, g.commands.sunCapW);
      if (this.#port.sendLimit(g.config.serial, { value: limitW, relative: false }) !== 'queued') continue;
      g.commands.sent(now, limitW, this.#responseMs(g.view, fromW, toW));
    }
  }

  /** What the inverter puts out once it followed its last command. */
  #expectedOutput(g: Governed): number {
    const { limitW, sunCapW } = g.commands;
    if (limitW === null) return g.view.outputW;
    return sunCapW === null ? limitW : Math.min(limitW, sunCapW);
  }

  /** With data polled after its last command settled: is the output held back by the sun? */
  #judgeSun(g: Governed): void {
    const { view, commands } = g;
    if (view.dataAtMs <= 0 || view.dataAtMs < commands.settleAt) return;
    commands.sunCapW = sunHeldOutput(
      view.outputW,
      commands.limitW ?? view.limitW ?? view.ratedW,
      view.ratedW,
    );
  }

  #responseMs(view: InverterView, fromW: number, toW: number): number {
    const percent = view.ratedW > 0 ? (Math.abs(toW - fromW) / view.ratedW) * 100 : 100;
    return limitResponseMs(LIMIT_RESPONSE[view.radio], percent, toW > fromW);
  }

  // --- inverters -----------------------------------------------------------------------------------

  /** Governed inverters that can be commanded now (known, reachable, commands on, not under a lease). */
  #governed(now: number, s: LimiterSettings): Governed[] {
    const list: Governed[] = [];
    for (const config of s.inverters) {
      if (!config.governed || this.#hand.leased(config.serial, now)) continue;
      const view = this.#port.inverter(config.serial);
      if (!view?.reachable || !view.commandsEnabled || view.ratedW <= 0 || view.governable === false)
        continue;
      list.push({ config, view, commands: this.#commandsOf(config.serial) });
    }
    return list;
  }

  #commandsOf(serial: string): InverterCommands {
    let commands = this.#commands.get(serial);
    if (!commands) {
      commands = new InverterCommands();
      this.#commands.set(serial, commands);
    }
    return commands;
  }

  #observeCommands(now: number, s: LimiterSettings): void {
    for (const [serial, commands] of this.#commands) {
      const view = this.#port.inverter(serial);
      if (!view) continue;
      const wasFailing = commands.failing;
      if (commands.observe(view.limitStatus, now, s.min_command_interval * 1000) === 'failed') {
        if (commands.failing && !wasFailing) {
          this.#log.warn(
            `Power limiter: limit commands to inverter ${serial} keep failing; retrying less often`,
          );
        }
      }
    }
  }

  /** The limiter lets go of an inverter: its hand-set limit back, else its maximum. */
  #release(serial: string): void {
    this.#battery.wake(serial);
    const commands = this.#commands.get(serial);
    this.#commands.delete(serial);
    if (commands?.limitW == null) return;
    const hand = this.#hand.get(serial);
    const limit: TemporaryLimit = hand
      ? { value: hand.value, relative: hand.relative }
      : { value: 100, relative: true };
    this.#port.sendLimit(serial, limit);
  }

  #releaseAll(s: LimiterSettings): void {
    for (const serial of new Set([...this.#commands.keys(), ...this.#battery.standby()]))
      this.#release(serial);
    this.#decidedAt = Number.NEGATIVE_INFINITY;
    if (s.inverters.length > 0)
      this.#log.info('Power limiter switched off: inverters given back their limits');
  }

  /** Inverters taken out of the limiter's hands in the settings are given back too. */
  #releaseUngoverned(s: LimiterSettings): void {
    for (const serial of new Set([...this.#commands.keys(), ...this.#battery.standby()])) {
      const config = s.inverters.find((inv) => inv.serial === serial);
      if (!config?.governed) this.#release(serial);
      else if (config.role !== 'battery') this.#battery.wake(serial); // no longer battery-fed: out of standby
    }
  }

  /**
   * A lease ran out: a governed inverter falls to its share of the base load limit, others to their
   * maximum. False while the inverter cannot take the command yet (it is tried again on the next pass).
   */
  #leaseExpired(serial: string, now: number, s: LimiterSettings): boolean {
    const view = this.#port.inverter(serial);
    if (!view) return true;
    if (!view.reachable || !view.commandsEnabled) return false;
    const config = s.inverters.find((inv) => inv.serial === serial);
    const byLimiter = limiterActive(s) && config?.governed === true;
    // Its share needs its rated power (read from the inverter after a start).
    if (byLimiter && view.ratedW <= 0) return false;
    const governed = byLimiter ? this.#governed(now, s) : [];
    const g = governed.find((entry) => entry.config.serial === serial);
    const entries = governed.map((entry) => ({ ...dispatchEntry(entry), sunCapW: null }));
    const limitW = g ? dispatch(s.base_load_limit, entries).get(serial) : undefined;
    if (limitW === undefined || !g) {
      return this.#port.sendLimit(serial, { value: 100, relative: true }) === 'queued';
    }
    if (this.#port.sendLimit(serial, { value: limitW, relative: false }) !== 'queued') return false;
    g.commands.sent(now, limitW, this.#responseMs(g.view, g.view.outputW, limitW));
    return true;
  }

  #setState(state: PowerLimiterState): void {
    if (state === this.#state) return;
    this.#log.info(`Power limiter: ${this.#state} → ${state}`);
    this.#state = state;
  }
}

function dispatchEntry(g: Governed): DispatchInverter {
  return dispatchBounds(g.config, g.view.ratedW, g.commands.sunCapW);
}
