/**
 * The limiter's battery side (docs/battery.md) in one place for the controller: each pass it asks the
 * battery rules (battery-policy.ts) while a governed inverter is battery-fed, splits production by role
 * (battery-dispatch.ts) and holds the battery-fed inverters in standby when no discharge is allowed
 * (battery-standby.ts).
 */
import type { BatteryLimiterStatus } from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import { dispatchByRole } from './battery-dispatch';
import { type BatteryDecision, type BatteryInputs, BatteryPolicy } from './battery-policy';
import { BatteryStandby } from './battery-standby';
import type { DispatchInverter } from './dispatch';
import type { InverterPort } from './port';

type LimiterSettings = DeepReadonly<GatewayConfig['powerlimiter']>;
export type BatteryFeed = () => Omit<BatteryInputs, 'batteryInvertersW'>;

export class BatteryGovernor {
  readonly #port: InverterPort;
  readonly #feed: BatteryFeed | undefined;
  readonly #policy = new BatteryPolicy();
  readonly #standby: BatteryStandby;
  #decision: BatteryDecision | undefined;

  constructor(port: InverterPort, feed: BatteryFeed | undefined, log: (message: string) => void) {
    this.#port = port;
    this.#feed = feed;
    this.#standby = new BatteryStandby(port, log);
  }

  /** The rule in force; null while no governed inverter is battery-fed. */
  get status(): BatteryLimiterStatus | null {
    return this.#decision?.status ?? null;
  }

  /**
   * The battery rules for this pass. Without a feed the battery counts as unknown. Standby follows at
   * once, whatever the meter says: a battery that may not discharge is not left to the next regulation.
   */
  decide(s: LimiterSettings, fullPassthrough = false): void {
    const fed = s.inverters.filter((inv) => inv.governed && inv.role === 'battery');
    if (fed.length === 0) {
      this.#decision = undefined;
      return;
    }
    const batteryInvertersW = fed.reduce(
      (sum, inv) => sum + (this.#port.inverter(inv.serial)?.outputW ?? 0),
      0,
    );
    const inputs = this.#feed?.() ?? { battery: undefined, solarPowerW: undefined, night: false };
    const decision = this.#policy.decide(s.battery, { ...inputs, batteryInvertersW }, fullPassthrough);
    this.#decision = decision;
    const serials = fed.map((inv) => inv.serial);
    this.#standby.apply(decision.capW <= 0 ? serials : [], serials);
  }

  /** The limiter is off or governs nothing: no rule in force (the released inverters are woken apart). */
  clear(): void {
    this.#decision = undefined;
  }

  /**
   * `totalW` over the governed inverters: solar first, then battery-fed ones up to the battery's cap. It
   * leaves standby to decide(), which saw every battery-fed inverter: the entries here are only those that
   * can be regulated now, and one missing from them (silent, asleep) must not be woken for it.
   */
  dispatch(totalW: number, entries: readonly DispatchInverter[], s: LimiterSettings): Map<string, number> {
    const fed = new Set(s.inverters.filter((inv) => inv.role === 'battery').map((inv) => inv.serial));
    const battery = entries.filter((e) => fed.has(e.serial));
    const solar = entries.filter((e) => !fed.has(e.serial));
    return dispatchByRole(totalW, solar, battery, this.#decision?.capW ?? 0).limits;
  }

  /** Out of standby (the limiter lets go of it, or it is no longer battery-fed). */
  wake(serial: string): void {
    this.#standby.wake(serial);
  }

  /** The inverters in standby now. */
  standby(): string[] {
    return this.#standby.serials();
  }
}
