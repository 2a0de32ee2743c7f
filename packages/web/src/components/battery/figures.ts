/**
 * The battery's and the charge controllers' values as text, shared by the live card and the Battery screen's
 * status: each with its unit and decimals, and a value the source does not report (null) as "not
 * reported", never as 0.
 */
import type { TFunction } from 'i18next';
import type { Formatters } from '../../i18n/format';

/** Unit and decimals of each kind of value. */
const SHOWN = {
  soc: ['%', 0],
  voltage: ['V', 2],
  current: ['A', 1],
  power: ['W', 0],
  temperature: ['°C', 1],
  limit: ['A', 0],
} as const;

export type FigureKind = keyof typeof SHOWN;

/** The value with its unit, or "not reported". */
export function figure(f: Formatters, t: TFunction, kind: FigureKind, value: number | null): string {
  if (value === null) return t('card.notReported');
  const [unit, digits] = SHOWN[kind];
  return f.unit(value, unit, digits);
}

/** Below this many watts either way the battery counts as idle (a BMS's current sensor is never at 0). */
const IDLE_BELOW_W = 1;
/** The same for a reading with a current but no power. */
const IDLE_BELOW_A = 0.05;

export type Direction = 'charging' | 'discharging' | 'idle';

/** Which way the energy flows, from the power (positive while charging), else from the current. */
export function direction(power: number | null, current: number | null): Direction | null {
  if (power !== null) return flow(power, IDLE_BELOW_W);
  if (current !== null) return flow(current, IDLE_BELOW_A);
  return null;
}

function flow(value: number, idleBelow: number): Direction {
  if (Math.abs(value) < idleBelow) return 'idle';
  return value > 0 ? 'charging' : 'discharging';
}

/** The power without its sign (the direction says it in words), or "not reported". */
export function powerFigure(f: Formatters, t: TFunction, power: number | null): string {
  return figure(f, t, 'power', power === null ? null : Math.abs(power));
}

/** Age of the last reading in seconds, or null before the first one. */
export function ageFigure(f: Formatters, ms: number | null): string | null {
  return ms === null ? null : f.unit(ms / 1000, 's', ms < 10_000 ? 1 : 0);
}
