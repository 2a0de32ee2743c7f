/** POST /api/security/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { LenientKey } from '../common/keys';
import { isAllowedOriginEntry } from '../common/origin';
import { lengthRule, type Rule, rulesCheck } from '../common/validate';
import { SecurityLimits } from './limits';

/** The raw keys before the firmware's lenient reading; needed because 1005 depends on their JSON types. */
interface RawSecurityConfig {
  password?: unknown;
  allow_readonly?: unknown;
  allowed_origins?: unknown;
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

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
  // Ours: absent or null keeps the stored list (OpenDTU clients never send it); anything else is a string list.
  {
    code: Code.ValuesMissing,
    fails: (v) =>
      v.allowed_origins !== undefined && v.allowed_origins !== null && !isStringList(v.allowed_origins),
  },
];

/** What POST /api/security/config checks; `allowed_origins` absent keeps the stored list. */
export interface SecurityConfigInput {
  password: string;
  allow_readonly: boolean;
  allowed_origins?: string[] | undefined;
}

export const securityConfigRules: readonly Rule<SecurityConfigInput>[] = [
  lengthRule(
    Code.SecurityPasswordLength,
    'password',
    SecurityLimits.passwordMinLength,
    SecurityLimits.passwordMaxLength,
  ),
  {
    code: Code.SecurityAllowedOriginsCount,
    field: 'allowed_origins',
    fails: (v) => (v.allowed_origins?.length ?? 0) > SecurityLimits.allowedOriginsMax,
  },
  {
    code: Code.SecurityAllowedOriginInvalid,
    field: 'allowed_origins',
    fails: (v) => !(v.allowed_origins ?? []).every(isAllowedOriginEntry),
  },
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const securityConfigSchema = z
  // A non-object body reads as all keys absent, like the firmware's lookups on it.
  .preprocess(
    (value) => (isRecord(value) ? value : {}),
    z.object({
      password: z.unknown().optional(),
      allow_readonly: z.unknown().optional(),
      allowed_origins: z.unknown().optional(),
    }),
  )
  .check(rulesCheck(structureRules))
  .pipe(
    z
      .object({
        password: LenientKey.string,
        allow_readonly: LenientKey.bool,
        allowed_origins: z
          .unknown()
          .optional()
          .transform((value) => (isStringList(value) ? value : undefined)),
      })
      .check(rulesCheck(securityConfigRules)),
  );

export type SecurityConfigPayload = z.output<typeof securityConfigSchema>;
