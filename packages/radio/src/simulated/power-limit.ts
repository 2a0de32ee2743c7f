/**
 * A virtual inverter's active power limit: a persistent one that survives a restart and a temporary one
 * that overrides it until the next restart or persistent limit.
 *
 * The read-back reports a new limit at once, but the output follows it as a real inverter does
 * (docs/limiter.md): it holds for a dead time, then ramps at a bounded rate towards the new cap.
 */
import { LIMIT_RESPONSE, type LimitResponse } from '@dtu-console/contract';
import {
  type DeviceControlCommand,
  isPersistentLimit,
  isRelativeLimit,
  type RadioKind,
} from '@dtu-console/hoymiles';

export interface LimitSetting {
  /** % of the rated power when relative, W otherwise. */
  value: number;
  relative: boolean;
}

/** The cap the output follows: it moves from `fromW` to `toW`, starting at `startMs`. */
interface Ramp {
  fromW: number;
  toW: number;
  startMs: number;
}

export class PowerLimit {
  readonly #ratedPowerW: number;
  readonly #response: LimitResponse;
  #persistent: LimitSetting = { value: 100, relative: true };
  #temporary: LimitSetting | null = null;
  #ramp: Ramp | null = null;

  constructor(ratedPowerW: number, radio: RadioKind = 'NRF24') {
    this.#ratedPowerW = ratedPowerW;
    this.#response = LIMIT_RESPONSE[radio];
  }

  /** A limit command at `now`; true when the active limit changed. */
  set(command: Extract<DeviceControlCommand, { kind: 'limit' }>, now = 0): boolean {
    const before = this.activePercent();
    const fromW = this.effectiveW(now);
    const setting: LimitSetting = { value: command.limit, relative: isRelativeLimit(command.limitType) };
    const persistent = isPersistentLimit(command.limitType);
    if (persistent) {
      // A new persistent limit replaces any temporary one.
      this.#persistent = setting;
      this.#temporary = null;
    } else {
      this.#temporary = setting;
    }
    const delay = persistent ? this.#response.persistentDelayMs : this.#response.delayMs;
    this.#ramp = { fromW, toW: this.activeW(), startMs: now + delay };
    return this.activePercent() !== before;
  }

  /** A restart forgets the temporary limit; the inverter starts up under the persistent one. */
  restart(): void {
    this.#temporary = null;
    this.#ramp = null;
  }

  /** The active limit in % of the rated power (what the read-back reports, uncapped). */
  activePercent(): number {
    const { value, relative } = this.#active();
    return relative ? value : (value / this.#ratedPowerW) * 100;
  }

  /** The commanded cap, W. */
  activeW(): number {
    const { value, relative } = this.#active();
    return relative ? (Math.min(value, 100) * this.#ratedPowerW) / 100 : value;
  }

  /** The cap the output is held to at `timeMs`: the commanded one after the dead time and the ramp. */
  effectiveW(timeMs: number): number {
    const ramp = this.#ramp;
    if (!ramp) return this.activeW();
    if (timeMs <= ramp.startMs) return ramp.fromW;
    const up = ramp.toW > ramp.fromW;
    const rate = up ? this.#response.rampUpPercentPerS : this.#response.rampDownPercentPerS;
    const moved = (((timeMs - ramp.startMs) / 1000) * rate * this.#ratedPowerW) / 100;
    return up ? Math.min(ramp.toW, ramp.fromW + moved) : Math.max(ramp.toW, ramp.fromW - moved);
  }

  snapshot(now = 0) {
    return {
      persistent: { ...this.#persistent },
      temporary: this.#temporary ? { ...this.#temporary } : null,
      activePercent: this.activePercent(),
      activeW: this.activeW(),
      effectiveW: this.effectiveW(now),
    };
  }

  #active(): LimitSetting {
    return this.#temporary ?? this.#persistent;
  }
}
