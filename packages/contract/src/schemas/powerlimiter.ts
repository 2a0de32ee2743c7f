/** POST /api/powerlimiter/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { PowerLimiterLimits } from '../limits';
import { parseHexSerial } from './hex-serial';
import { Key } from './keys';
import { type Rule, rangeRule, rulesCheck } from './validate';

const integer = z.int();

export const powerLimiterInverterShape = z.object({
  serial: Key.string,
  governed: Key.bool,
  behind_power_meter: Key.bool,
  lower_power_limit: integer,
  upper_power_limit: integer,
});

export const powerLimiterConfigShape = z.object({
  enabled: Key.bool,
  target_power_consumption: integer,
  target_power_consumption_hysteresis: integer,
  base_load_limit: integer,
  min_command_interval: integer,
  inverters: z.array(powerLimiterInverterShape),
});

type Shape = z.output<typeof powerLimiterConfigShape>;
type InverterShape = z.output<typeof powerLimiterInverterShape>;

const L = PowerLimiterLimits;

function boundsBroken(inv: InverterShape): boolean {
  const { lower_power_limit: lower, upper_power_limit: upper } = inv;
  if (lower < 0 || upper < 0 || lower > L.inverterLimitMax || upper > L.inverterLimitMax) return true;
  // 0 as upper means "the rated power"; only a set upper limit can be below the lower one.
  return upper !== 0 && lower > upper;
}

export const powerLimiterConfigRules: readonly Rule<Shape>[] = [
  rangeRule(Code.PowerLimiterTargetRange, 'target_power_consumption', L.targetMin, L.targetMax),
  rangeRule(
    Code.PowerLimiterHysteresisRange,
    'target_power_consumption_hysteresis',
    L.hysteresisMin,
    L.hysteresisMax,
  ),
  rangeRule(Code.PowerLimiterBaseLoadRange, 'base_load_limit', L.baseLoadLimitMin, L.baseLoadLimitMax),
  rangeRule(Code.PowerLimiterIntervalRange, 'min_command_interval', L.minIntervalMin, L.minIntervalMax),
  { code: Code.PowerLimiterInverterBounds, field: 'inverters', fails: (v) => v.inverters.some(boundsBroken) },
];

/** What the gateway asks about the serials; the value is the parsed 48-bit serial. */
export interface PowerLimiterContext {
  isKnownInverter: (serial: bigint) => boolean;
}

function serialsBroken(v: Shape, context: PowerLimiterContext): boolean {
  const seen = new Set<bigint>();
  for (const inv of v.inverters) {
    const serial = parseHexSerial(inv.serial);
    if (seen.has(serial) || !context.isKnownInverter(serial)) return true;
    seen.add(serial);
  }
  return false;
}

export function powerLimiterConfigSchemaFor(context: PowerLimiterContext) {
  return powerLimiterConfigShape.check(
    rulesCheck<Shape>([
      ...powerLimiterConfigRules,
      { code: Code.PowerLimiterInverterUnknown, field: 'inverters', fails: (v) => serialsBroken(v, context) },
    ]),
  );
}

/** The console checks without the inverter list (the server answers the rest). */
export const powerLimiterConfigSchema = powerLimiterConfigShape.check(rulesCheck(powerLimiterConfigRules));
export type PowerLimiterConfigPayload = z.output<typeof powerLimiterConfigShape>;
