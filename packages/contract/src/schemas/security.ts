/** POST /api/security/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { SecurityLimits } from '../limits';
import { LenientKey } from './keys';
import { lengthRule, type Rule, rulesCheck } from './validate';

/** The raw keys before the firmware's lenient reading; needed because 1005 depends on their JSON types. */
interface RawSecurityConfig {
  password?: unknown;
  allow_readonly?: unknown;
}

/**
 * 1005 when `password` is present but not a string (a number would otherwise be saved as its digits:
 * docs/compatibility.md), or, the original check's quirk, missing while `allow_readonly` is a bool.
 * Every other incomplete body carries on with the lenient values (a missing password becomes "null").
 */
const structureRules: readonly Rule<RawSecurityConfig>[] = [
  {
    code: Code.ValuesMissing,
    fails: (v) =>
      typeof v.password !== 'string' && (v.password !== undefined || typeof v.allow_readonly === 'boolean'),
  },
];

export const securityConfigRules: readonly Rule<{ password: string; allow_readonly: boolean }>[] = [
  lengthRule(
    Code.SecurityPasswordLength,
    'password',
    SecurityLimits.passwordMinLength,
    SecurityLimits.passwordMaxLength,
  ),
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const securityConfigSchema = z
  // A non-object body reads as all keys absent, like the firmware's lookups on it.
  .preprocess(
    (value) => (isRecord(value) ? value : {}),
    z.object({ password: z.unknown().optional(), allow_readonly: z.unknown().optional() }),
  )
  .check(rulesCheck(structureRules))
  .pipe(
    z
      .object({ password: LenientKey.string, allow_readonly: LenientKey.bool })
      .check(rulesCheck(securityConfigRules)),
  );

export type SecurityConfigPayload = z.output<typeof securityConfigSchema>;
