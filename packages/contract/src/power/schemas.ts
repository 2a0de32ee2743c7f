/** POST /api/power/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { isZeroSerial, parseHexSerial } from '../common/hex-serial';
import { type Rule, rulesCheck } from '../common/validate';
import type { KnownInverterContext } from '../limit/schemas';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface RawPowerConfig {
  serial?: unknown;
  power?: unknown;
  restart?: unknown;
}

/** What the request asks for: `power` wins when it is a bool; `restart:false` alone does nothing. */
export type PowerAction = 'on' | 'off' | 'restart' | 'none';

export interface PowerConfigValues {
  serial: string;
  action: PowerAction;
}

/** Required: `serial` string and at least one of `power` / `restart` as a bool. */
const structureRules: readonly Rule<RawPowerConfig>[] = [
  {
    code: Code.ValuesMissing,
    fails: (v) =>
      typeof v.serial !== 'string' || (typeof v.power !== 'boolean' && typeof v.restart !== 'boolean'),
  },
];

function readPowerConfig(raw: RawPowerConfig): PowerConfigValues {
  const serial = typeof raw.serial === 'string' ? raw.serial : '';
  if (typeof raw.power === 'boolean') return { serial, action: raw.power ? 'on' : 'off' };
  return { serial, action: raw.restart === true ? 'restart' : 'none' };
}

/** 11001; 11002 (unknown inverter) follows, see `powerConfigSchemaFor`. */
export const powerConfigRules: readonly Rule<PowerConfigValues>[] = [
  { code: Code.PowerSerialZero, field: 'serial', fails: (v) => isZeroSerial(v.serial) },
];

const powerConfigBase = z
  .preprocess(
    (value) => (isRecord(value) ? value : {}),
    z.object({
      serial: z.unknown().optional(),
      power: z.unknown().optional(),
      restart: z.unknown().optional(),
    }),
  )
  .check(rulesCheck(structureRules))
  .transform(readPowerConfig);

export const powerConfigSchema = powerConfigBase.check(rulesCheck(powerConfigRules));

export function powerConfigSchemaFor(context: KnownInverterContext) {
  return powerConfigBase.check(
    rulesCheck<PowerConfigValues>([
      ...powerConfigRules,
      {
        code: Code.PowerInverterInvalid,
        field: 'serial',
        fails: (v) => !context.isKnownInverter(parseHexSerial(v.serial)),
      },
    ]),
  );
}
