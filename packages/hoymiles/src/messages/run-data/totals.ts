/** What the run data gives beyond its fields: the inverter's totals, irradiation, the user's yield offsets. */
import { type RunData, sum } from './values';

export interface RunDataTotals {
  /** W, Σ DC power ("Power DC"). */
  powerDc: number;
  /** Wh, Σ DC YieldDay. */
  yieldDay: number;
  /** kWh, Σ DC YieldTotal. */
  yieldTotal: number;
  /** %, Σ AC power / Σ DC power × 100, 0 without DC power. */
  efficiency: number;
  /** %, per DC input; 0 where no max power is configured. */
  irradiation: number[];
}

/** DC power of an input relative to its configured peak power, in %; 0 when none is configured. */
export function irradiationPercent(powerW: number, maxPowerW: number): number {
  return maxPowerW > 0 ? (powerW / maxPowerW) * 100 : 0;
}

/** Σ AC power / Σ DC power × 100, or 0 when there is no DC power. */
export function efficiencyPercent(acPowerW: number, dcPowerW: number): number {
  return dcPowerW > 0 ? (acPowerW / dcPowerW) * 100 : 0;
}

/**
 * INV totals and per-input irradiation. Yields are summed as found in `data.dc`, so pass data with the
 * yield corrections already applied (`applyYieldOffsets`).
 */
export function runDataTotals(data: RunData, maxPowerW: readonly number[] = []): RunDataTotals {
  const powerDc = sum(data.dc.map((d) => d.power));
  return {
    powerDc,
    yieldDay: sum(data.dc.map((d) => d.yieldDay)),
    yieldTotal: sum(data.dc.map((d) => d.yieldTotal)),
    efficiency: efficiencyPercent(data.ac.power, powerDc),
    irradiation: data.dc.map((d, c) => irradiationPercent(d.power, maxPowerW[c] ?? 0)),
  };
}

/**
 * Adds per-input user offsets (yield-day correction in Wh, yield_total_offset in kWh) to a copy
 * of `data`. The gateway applies them only once a payload has been received at all.
 */
export function applyYieldOffsets(
  data: RunData,
  offsets: { yieldDayWh?: readonly number[]; yieldTotalKWh?: readonly number[] },
): RunData {
  return {
    ...data,
    dc: data.dc.map((d, c) => ({
      ...d,
      yieldDay: d.yieldDay + (offsets.yieldDayWh?.[c] ?? 0),
      yieldTotal: d.yieldTotal + (offsets.yieldTotalKWh?.[c] ?? 0),
    })),
  };
}
