/**
 * Standby of the battery-fed inverters (docs/battery.md): switched off while the battery rules allow no
 * discharge, and on again when they allow some, when the limiter lets go of them, or when it stops.
 * A family without the power command keeps its lowest limit instead (the port says so).
 */
import type { InverterPort } from './port';

export class BatteryStandby {
  readonly #port: InverterPort;
  readonly #log: (message: string) => void;
  readonly #off = new Set<string>();

  constructor(port: InverterPort, log: (message: string) => void) {
    this.#port = port;
    this.#log = log;
  }

  /** Whether the inverter is held in standby now. */
  has(serial: string): boolean {
    return this.#off.has(serial);
  }

  /** Puts `wanted` in standby and wakes the other battery-fed inverters `of` that were in it. */
  apply(wanted: readonly string[], of: readonly string[]): void {
    for (const serial of wanted) {
      if (this.#off.has(serial) || !this.#port.sendPower) continue;
      if (this.#port.sendPower(serial, 'off') !== 'queued') continue;
      this.#off.add(serial);
      this.#log(`Power limiter: battery-fed inverter ${serial} in standby`);
    }
    for (const serial of of) if (!wanted.includes(serial)) this.wake(serial);
  }

  /** Switches the inverter on again if it is in standby. */
  wake(serial: string): void {
    if (!this.#off.has(serial) || !this.#port.sendPower) return;
    if (this.#port.sendPower(serial, 'on') !== 'queued') return;
    this.#off.delete(serial);
    this.#log(`Power limiter: battery-fed inverter ${serial} on again`);
  }

  /** Every inverter in standby. */
  serials(): string[] {
    return [...this.#off];
  }
}
