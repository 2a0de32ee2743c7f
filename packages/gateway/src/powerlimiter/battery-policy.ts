/**
 * The limiter's battery rules (docs/battery.md): from the battery's state, the charge controllers' solar
 * power and the time of day, how much the battery-fed inverters may deliver now. It keeps one fact between
 * passes, whether a discharge cycle runs: a cycle starts at the start threshold (state of charge, or the
 * load-corrected voltage where the battery has no SoC) and runs down to the stop threshold. Pure: no I/O.
 */
import {
  BatteryLimiterLimits,
  type BatteryLimiterRule,
  type BatteryLimiterStatus,
  type BatteryStatus,
} from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from '../config/schema';

export type BatteryRules = DeepReadonly<GatewayConfig['powerlimiter']['battery']>;

export interface BatteryInputs {
  /** The battery service's status; undefined without one. */
  battery: BatteryStatus | undefined;
  /** The charge controllers' fresh solar power, W; undefined without a reading. */
  solarPowerW: number | undefined;
  /** What the battery-fed inverters deliver now, W (for the load correction). */
  batteryInvertersW: number;
  /** The sun is down at the configured place (the engine's night). */
  night: boolean;
}

/** What the battery-fed inverters may deliver now. */
export interface BatteryDecision {
  status: BatteryLimiterStatus;
  /** The most they may deliver together, W; 0 = standby. Infinity = no battery cap (their own limits). */
  capW: number;
}

export class BatteryPolicy {
  #discharging = false;
  /** The night discharge was started this night (it ends at the stop threshold or at sunrise). */
  #nightCycle = false;

  /** `fullPassthrough`: the limiter's mode asks for the whole solar power, whatever the thresholds. */
  decide(rules: BatteryRules, inputs: BatteryInputs, fullPassthrough = false): BatteryDecision {
    const { battery, solarPowerW } = inputs;
    const soc = battery?.stale === false ? battery.soc : null;
    const voltage = battery?.stale === false ? battery.voltage : null;
    const corrected =
      voltage === null
        ? null
        : voltage + (rules.load_correction_v_per_kw * Math.max(0, inputs.batteryInvertersW)) / 1000;
    const byVoltage = soc === null && corrected !== null && rules.start_voltage > 0 && rules.stop_voltage > 0;
    const figures = {
      soc,
      voltage,
      corrected_voltage: corrected === null ? null : Math.round(corrected * 100) / 100,
      solar_power: solarPowerW ?? null,
      thresholds: byVoltage
        ? { by: 'voltage' as const, start: rules.start_voltage, stop: rules.stop_voltage }
        : soc === null
          ? null
          : { by: 'soc' as const, start: rules.start_soc, stop: rules.stop_soc },
    };
    const decision = (rule: BatteryLimiterRule, capW: number): BatteryDecision => ({
      capW,
      status: {
        rule,
        ...figures,
        cap_w: Number.isFinite(capW) ? Math.round(capW) : null,
        discharging: this.#discharging,
        alarms: rule === 'bms_alarm' && battery ? [...battery.alarms] : [],
      },
    });

    if (!battery?.enabled || battery.stale || (soc === null && !byVoltage)) {
      this.#discharging = false;
      return decision('battery_off', 0);
    }
    // An alarm, or the BMS's request to stop discharging (an alarm key of its own): no discharge at all.
    if (battery.alarms.length > 0) {
      this.#discharging = false;
      return decision('bms_alarm', 0);
    }
    if (fullPassthrough) {
      this.#discharging = false;
      return decision('full_passthrough', Math.min(solarPowerW ?? 0, this.#bmsCapW(battery)));
    }
    const atStop = byVoltage ? (corrected ?? 0) <= rules.stop_voltage : (soc ?? 0) <= rules.stop_soc;
    const atStart = byVoltage ? (corrected ?? 0) >= rules.start_voltage : (soc ?? 0) >= rules.start_soc;
    if (!inputs.night) this.#nightCycle = false;
    if (atStop) this.#discharging = false;
    else if (atStart) this.#discharging = true;
    else if (inputs.night && rules.discharge_at_night && !this.#nightCycle) {
      this.#discharging = true;
      this.#nightCycle = true;
    }
    if (this.#discharging) return decision('discharging', this.#bmsCapW(battery));
    const { passthrough } = rules;
    if (passthrough.enabled && solarPowerW !== undefined) {
      const full = soc !== null && soc >= passthrough.full_soc;
      const capW = full ? solarPowerW : Math.max(0, solarPowerW - passthrough.margin_w);
      return decision(full ? 'full_passthrough' : 'passthrough', Math.min(capW, this.#bmsCapW(battery)));
    }
    return decision(atStop ? 'below_stop' : 'waiting_for_start', 0);
  }

  /** The BMS's discharge current limit as AC power of the inverters; no cap without a limit. */
  #bmsCapW(battery: BatteryStatus): number {
    const limitA = battery.discharge_current_limit;
    const volts = battery.voltage;
    if (limitA === null || volts === null) return Number.POSITIVE_INFINITY;
    return limitA * volts * BatteryLimiterLimits.inverterEfficiency;
  }
}
