/**
 * Dispatch with a battery (docs/battery.md): the wanted production goes to the solar inverters first; what
 * they cannot give goes to the battery-fed ones, up to the battery rules' cap. A cap of 0 puts the
 * battery-fed inverters in standby instead of at their lowest limit, which would still empty the battery.
 */
import { type DispatchInverter, dispatch } from './dispatch';

export interface RoleDispatch {
  /** Limits per serial, W (none for an inverter in standby). */
  limits: Map<string, number>;
  /** Battery-fed inverters to hold in standby. */
  standby: string[];
}

/** What an inverter gives under `limitW`: the limit, or less where the sun holds it back. */
function gives(inv: DispatchInverter, limitW: number): number {
  return inv.sunCapW === null ? limitW : Math.min(limitW, inv.sunCapW);
}

export function dispatchByRole(
  totalW: number,
  solar: readonly DispatchInverter[],
  battery: readonly DispatchInverter[],
  capW: number,
): RoleDispatch {
  const limits = dispatch(totalW, solar);
  if (battery.length === 0) return { limits, standby: [] };
  if (capW <= 0) return { limits, standby: battery.map((inv) => inv.serial) };
  const solarGives = solar.reduce((sum, inv) => sum + gives(inv, limits.get(inv.serial) ?? 0), 0);
  const rest = Math.min(Math.max(0, totalW - solarGives), capW);
  const share = dispatch(rest, battery);
  // Their lowest limits may add up to more than the battery allows: the battery's cap wins.
  const sum = [...share.values()].reduce((a, b) => a + b, 0);
  const scale = Number.isFinite(capW) && sum > capW ? capW / sum : 1;
  for (const [serial, limitW] of share) limits.set(serial, Math.floor(limitW * scale));
  return { limits, standby: [] };
}
