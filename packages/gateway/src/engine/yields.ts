/**
 * Yield bookkeeping between the decoded run data and what users see:
 * yield-day correction across inverter restarts, zero_runtime, zero_day, yield_total_offset and the plant
 * totals. Pure: the engine decides when each applies.
 */
import type { RunData } from '@dtu-console/hoymiles';

/**
 * `yieldday_correction`: an inverter that shuts down in weak light and starts again during the
 * day restarts its YieldDay counters at 0. Per DC input we remember the last shown value; when the shown
 * value would drop, the remembered one becomes the offset so the day's yield never goes backwards.
 */
export class YieldDayCorrection {
  #offset: number[] = [];
  #last: number[] = [];

  /** Offsets (Wh) per input to add to the raw YieldDay. */
  get offsets(): readonly number[] {
    return this.#offset;
  }

  /** Feeds one successful answer's raw YieldDay values; returns the offsets to show them with. */
  update(rawYieldDay: readonly number[], enabled: boolean): readonly number[] {
    if (!enabled) {
      this.reset();
      return this.#offset;
    }
    rawYieldDay.forEach((raw, c) => {
      const offset = this.#offset[c] ?? 0;
      const last = this.#last[c] ?? 0;
      const now = raw + offset;
      if (now < last) {
        // Restart detected: continue from the last value shown before it.
        this.#offset[c] = last;
        this.#last[c] = 0;
      } else {
        this.#offset[c] = offset;
        this.#last[c] = now;
      }
    });
    return this.#offset;
  }

  /** Local day change or correction switched off. */
  reset(): void {
    this.#offset = [];
    this.#last = [];
  }
}

/** zero_runtime: live values 0; yields and the event counter stay. */
export function zeroRuntimeValues(data: RunData): RunData {
  return {
    ...data,
    dc: data.dc.map((d) => ({ ...d, voltage: 0, current: 0, power: 0 })),
    ac: { voltage: 0, current: 0, power: 0, reactivePower: 0, frequency: 0, powerFactor: 0 },
    phases:
      data.phases === null
        ? null
        : { voltageToNeutral: [0, 0, 0], voltageLineToLine: [0, 0, 0], current: [0, 0, 0] },
    temperature: 0,
  };
}

/** zero_day: every DC YieldDay 0, so the INV sum is 0 too; YieldTotal stays. */
export function zeroDayValues(data: RunData): RunData {
  return { ...data, dc: data.dc.map((d) => ({ ...d, yieldDay: 0 })) };
}

/** What a family shows before any answer: the fixed field set, every value 0. */
export function emptyRunData(family: RunData['family'], dcInputs: number, threePhase: boolean): RunData {
  return {
    family,
    dc: Array.from({ length: dcInputs }, () => ({
      voltage: 0,
      current: 0,
      power: 0,
      yieldDay: 0,
      yieldTotal: 0,
    })),
    ac: { voltage: 0, current: 0, power: 0, reactivePower: 0, frequency: 0, powerFactor: 0 },
    phases: threePhase
      ? { voltageToNeutral: [0, 0, 0], voltageLineToLine: [0, 0, 0], current: [0, 0, 0] }
      : null,
    temperature: 0,
    eventLogCount: 0,
  };
}

/** One inverter's part in the plant totals. */
export interface TotalsInput {
  /** Polling currently active (night rule applied): counts towards power. */
  pollEnabled: boolean;
  /** Configured `poll_enable`, night rule ignored: counts towards the yields. */
  pollEnableSetting: boolean;
  reachable: boolean;
  acPowerW: number;
  dcPowerW: number;
  /** Σ DC YieldDay as shown (corrections applied). */
  yieldDayWh: number;
  /** Σ DC YieldTotal as shown (offsets applied). */
  yieldTotalKWh: number;
  /** Per input: DC power and configured max power. */
  inputs: readonly { powerW: number; maxPowerW: number }[];
}

export interface PlantTotals {
  acPowerW: number;
  dcPowerW: number;
  yieldDayWh: number;
  yieldTotalKWh: number;
  /** Σ DC power ÷ Σ max power × 100 over inputs with a max power; 0 without such inputs. */
  irradiationPercent: number;
  /** Every polling inverter is reachable (MQTT ac/is_valid, dc/is_valid). */
  isValid: boolean;
  /** Decimals of each total: the largest among its parts, 0 when nothing counts. */
  decimals: { power: number; yieldDay: number; yieldTotal: number; irradiation: number };
}

/** Plant totals. */
export function plantTotals(inverters: readonly TotalsInput[]): PlantTotals {
  let acPowerW = 0;
  let dcPowerW = 0;
  let yieldDayWh = 0;
  let yieldTotalKWh = 0;
  let irrPower = 0;
  let irrMax = 0;
  let powering = 0;
  let yielding = 0;
  let isValid = true;
  for (const inv of inverters) {
    if (inv.pollEnabled) {
      powering++;
      acPowerW += inv.acPowerW;
      dcPowerW += inv.dcPowerW;
      if (!inv.reachable) isValid = false;
      for (const input of inv.inputs) {
        if (input.maxPowerW > 0) {
          irrPower += input.powerW;
          irrMax += input.maxPowerW;
        }
      }
    }
    if (inv.pollEnableSetting) {
      yielding++;
      yieldDayWh += inv.yieldDayWh;
      yieldTotalKWh += inv.yieldTotalKWh;
    }
  }
  return {
    acPowerW,
    dcPowerW,
    yieldDayWh,
    yieldTotalKWh,
    irradiationPercent: irrMax > 0 ? (irrPower / irrMax) * 100 : 0,
    isValid,
    decimals: {
      power: powering > 0 ? 1 : 0,
      yieldDay: 0,
      yieldTotal: yielding > 0 ? 3 : 0,
      irradiation: irrMax > 0 ? 3 : 0,
    },
  };
}
