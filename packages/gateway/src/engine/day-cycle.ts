/**
 * The engine's day and night: whether it is day (which turns each inverter's polling and commands on or
 * off), whether the clock is trusted, and the local day change that runs the daily tasks. Checked on a
 * short housekeeping tick, which also reports the clock and radio state to the live model.
 */
import type { Clock } from '@dtu-console/clock';
import type { Radio } from '@dtu-console/radio/radio';
import type { InverterState } from './inverter';
import type { LiveChange, LiveModel } from './live-model';
import type { EngineLocationSettings } from './settings';
import { type EngineTime, elapsedMs } from './time';

/** Day/night re-evaluation. */
export const NIGHT_EVALUATION_MS = 60_000;
/** Clock-sync, day-change and hint checks. */
export const HOUSEKEEPING_MS = 1000;

export interface DayCycleOptions {
  clock: Clock;
  time: EngineTime;
  radio: Radio;
  live: LiveModel;
  /** How often the housekeeping runs. */
  housekeepingMs: number;
  location(): EngineLocationSettings;
  inverters(): readonly InverterState[];
  publish(inv: InverterState, change: LiveChange): void;
}

export class DayCycle {
  readonly #options: DayCycleOptions;
  #isDay = true;
  #lastEvaluationAt: number | null = null;
  #lastSynchronised: boolean | undefined;
  #previousDate: string | undefined;
  #running = false;
  #cancelTimer: () => void = () => {};

  constructor(options: DayCycleOptions) {
    this.#options = options;
  }

  /** Day period as last evaluated. */
  get isDay(): boolean {
    return this.#isDay;
  }

  /** Runs the housekeeping now and then every `housekeepingMs`. */
  start(): void {
    this.#running = true;
    this.#housekeeping();
    this.#schedule();
  }

  stop(): void {
    this.#running = false;
    this.#cancelTimer();
  }

  /** Decides day or night now and sets each inverter's polling and commands from its night options. */
  evaluate(): void {
    const { clock, time } = this.#options;
    const location = this.#options.location();
    const now = clock.now();
    this.#lastEvaluationAt = now;
    this.#isDay = time.isDay({
      epochMs: now,
      tz: location.timezone,
      latitude: location.latitude,
      longitude: location.longitude,
      sunsetType: location.sunsetType,
      synchronised: clock.isSynchronised(),
    });
    for (const inv of this.#options.inverters()) {
      const s = inv.settings;
      const polling = s.poll_enable && (this.#isDay || s.poll_enable_night);
      const commands = s.command_enable && (this.#isDay || s.command_enable_night);
      if (polling === inv.pollingEnabled && commands === inv.commandsEnabled) continue;
      inv.pollingEnabled = polling;
      inv.commandsEnabled = commands;
      this.#options.publish(inv, 'status');
    }
  }

  #schedule(): void {
    this.#cancelTimer = this.#options.clock.setTimer(this.#options.housekeepingMs, () => {
      if (!this.#running) return;
      this.#housekeeping();
      this.#schedule();
    });
  }

  #housekeeping(): void {
    const { clock, time, radio, live } = this.#options;
    const now = clock.now();
    const synchronised = clock.isSynchronised();
    const { timezone } = this.#options.location();
    if (synchronised !== this.#lastSynchronised) {
      this.#lastSynchronised = synchronised;
      this.evaluate();
    } else if (elapsedMs(now, this.#lastEvaluationAt) >= NIGHT_EVALUATION_MS) {
      this.evaluate();
    }
    const status = radio.status();
    live.setSystem({
      timeSynchronised: synchronised,
      radioProblem:
        (status.nrf.configured && (!status.nrf.connected || !status.nrf.pvariant)) ||
        (status.cmt.configured && !status.cmt.connected),
      utcOffsetSeconds: time.utcOffsetSeconds(timezone, now),
    });
    // Only dates read from a synchronised clock count: the first one just sets the reference day
    // (quirk "daily tasks on the first clock sync", not copied; docs/compatibility.md).
    if (!synchronised) return;
    const date = time.localDate(timezone, now);
    if (this.#previousDate === undefined) {
      this.#previousDate = date;
    } else if (date !== this.#previousDate) {
      this.#previousDate = date;
      this.#dailyTasks();
    }
  }

  #dailyTasks(): void {
    for (const inv of this.#options.inverters()) {
      const changed = inv.dayChanged();
      this.#options.publish(inv, changed ? 'data' : 'status');
    }
  }
}
