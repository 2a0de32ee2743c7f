/**
 * JSON typing of request keys.
 *
 * Required keys are type-checked strictly; a mismatch is code 1005. Keys outside an endpoint's required
 * list are read leniently instead and never fail.
 */
import { z } from 'zod';

/**
 * Strict key types. Integers must be JSON integers inside their C range, so e.g. `nrf_palevel: 300` fails
 * the type check (1005) before any range check. After JSON.parse `5.0` and `5e0` are plain 5 and pass.
 */
export const Key = {
  string: z.string(),
  bool: z.boolean(),
  number: z.number(),
  u8: z.int().min(0).max(0xff),
  i8: z.int().min(-0x80).max(0x7f),
  u16: z.int().min(0).max(0xffff),
  u32: z.int().min(0).max(0xffffffff),
} as const;

/** Missing → the literal text "null", other non-strings → their JSON text (the firmware's quirk). */
export function lenientString(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? null);
}

/** Missing or anything but `true` / a non-zero number → false. */
export function lenientBool(value: unknown): boolean {
  if (typeof value === 'number') return value !== 0;
  return value === true;
}

/** Missing → 0; numeric strings are converted; anything unreadable → 0. */
export function lenientNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (Number.isFinite(n)) return n;
  }
  return 0;
}

/** Lenient (not required) keys: they accept anything, including absence. */
export const LenientKey = {
  string: z.unknown().optional().transform(lenientString),
  bool: z.unknown().optional().transform(lenientBool),
  number: z.unknown().optional().transform(lenientNumber),
} as const;
