/**
 * A virtual inverter's active power limit: a persistent one that survives a restart and a temporary one
 * that overrides it until the next restart or persistent limit.
 */
import { type DeviceControlCommand, isPersistentLimit, isRelativeLimit } from '@dtu-console/hoymiles';

export interface LimitSetting {
  /** % of the rated power when relative, W otherwise. */
  value: number;
  relative: boolean;
}

export class PowerLimit {
  readonly #ratedPowerW: number;
  #persistent: LimitSetting = { value: 100, relative: true };
  #temporary: LimitSetting | null = null;

  constructor(ratedPowerW: number) {
    this.#ratedPowerW = ratedPowerW;
  }

  /** A limit command; true when the active limit changed. */
  set(command: Extract<DeviceControlCommand, { kind: 'limit' }>): boolean {
    const before = this.activePercent();
    const setting: LimitSetting = { value: command.limit, relative: isRelativeLimit(command.limitType) };
    if (isPersistentLimit(command.limitType)) {
      // A new persistent limit takes effect at once, replacing any temporary one.
      this.#persistent = setting;
      this.#temporary = null;
    } else {
      this.#temporary = setting;
    }
    return this.activePercent() !== before;
  }

  /** A restart forgets the temporary limit. */
  restart(): void {
    this.#temporary = null;
  }

  /** The active limit in % of the rated power (what the read-back reports, uncapped). */
  activePercent(): number {
    const { value, relative } = this.#active();
    return relative ? value : (value / this.#ratedPowerW) * 100;
  }

  activeW(): number {
    const { value, relative } = this.#active();
    return relative ? (Math.min(value, 100) * this.#ratedPowerW) / 100 : value;
  }

  snapshot() {
    return {
      persistent: { ...this.#persistent },
      temporary: this.#temporary ? { ...this.#temporary } : null,
      activePercent: this.activePercent(),
      activeW: this.activeW(),
    };
  }

  #active(): LimitSetting {
    return this.#temporary ?? this.#persistent;
  }
}
