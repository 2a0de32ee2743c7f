/** POST /api/limit/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { isZeroSerial, parseHexSerial } from '../common/hex-serial';
import { Key } from '../common/keys';
import { type Rule, rulesCheck } from '../common/validate';
import { PowerLimiterLimits } from '../powerlimiter/limits';
import { LimitType, normalizeLimitType, PowerLimits } from './limits';

export { normalizeLimitType } from './limits';

export const limitConfigShape = z.object({
  serial: Key.string,
  limit_value: Key.number,
  limit_type: Key.u16,
  /** Ours: a lease. Not renewed within this many seconds, the limit falls back (docs/limiter.md). */
  expiry_s: z.int().optional(),
});

type LimitConfigShape = z.output<typeof limitConfigShape>;

/** 5001 → 5002 → 5003; 5004 (unknown inverter) follows, see `limitConfigSchemaFor`. */
export const limitConfigRules: readonly Rule<LimitConfigShape>[] = [
  { code: Code.LimitSerialZero, field: 'serial', fails: (v) => isZeroSerial(v.serial) },
  // No lower bound: negative values pass the server.
  { code: Code.LimitValueRange, field: 'limit_value', fails: (v) => v.limit_value > PowerLimits.valueMax },
  {
    code: Code.LimitTypeInvalid,
    field: 'limit_type',
    fails: (v) => normalizeLimitType(v.limit_type) === undefined,
  },
  {
    code: Code.LimitExpiryRange,
    field: 'expiry_s',
    fails: (v) => v.expiry_s !== undefined && (v.expiry_s < 1 || v.expiry_s > PowerLimiterLimits.leaseMaxS),
  },
];

/** `limit_type` always in the current encoding after the schema. */
const normalized = (v: LimitConfigShape) => ({
  ...v,
  limit_type: normalizeLimitType(v.limit_type) ?? LimitType.AbsoluteNonPersistent,
});

export const limitConfigSchema = limitConfigShape.check(rulesCheck(limitConfigRules)).transform(normalized);

/** What the gateway asks about the serial; the value is the parsed 48-bit serial. */
export interface KnownInverterContext {
  isKnownInverter: (serial: bigint) => boolean;
}

export function limitConfigSchemaFor(context: KnownInverterContext) {
  return limitConfigShape
    .check(
      rulesCheck<LimitConfigShape>([
        ...limitConfigRules,
        {
          code: Code.LimitInverterInvalid,
          field: 'serial',
          fails: (v) => !context.isKnownInverter(parseHexSerial(v.serial)),
        },
      ]),
    )
    .transform(normalized);
}
