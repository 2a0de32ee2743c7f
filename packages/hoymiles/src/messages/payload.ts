/**
 * Internal helpers shared by the message codecs: CRC16 framing of a joined response payload
 * and big-endian field access. Not part of the public API.
 */
import { fail, ok, type Result } from '../errors';
import { hasValidCrc16 } from '../wire';

// A payload carries its CRC16 the same way a request body does, so the frame layer's helpers serve both.
export { hasValidCrc16, withCrc16 as sealPayload } from '../wire';

export const CRC16_LENGTH = 2;

/**
 * Checks a joined payload before any field is read: a byte array, the CRC16, then at least
 * `minLength` bytes in total, CRC included. The CRC is checked first so that a noisy answer reports
 * `bad-crc16`; a clean but short one (low light) reports `truncated-payload`.
 */
export function checkPayload(payload: unknown, minLength: number, what: string): Result<Uint8Array> {
  if (!(payload instanceof Uint8Array)) return fail('invalid-value', `${what}: payload is not a byte array`);
  if (payload.length <= CRC16_LENGTH) {
    return fail('truncated-payload', `${what}: ${payload.length} bytes, no room for data and CRC16`);
  }
  if (!hasValidCrc16(payload)) return fail('bad-crc16', `${what}: CRC16 mismatch`);
  if (payload.length < minLength) {
    return fail('truncated-payload', `${what}: ${payload.length} bytes, at least ${minLength} expected`);
  }
  return ok(payload);
}

/** Big-endian unsigned integer of `length` (1..4) bytes. */
export function readUint(bytes: Uint8Array, offset: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[offset + i]!;
  return value;
}

/** Big-endian two's-complement integer of `length` (1..4) bytes. */
export function readInt(bytes: Uint8Array, offset: number, length: number): number {
  const raw = readUint(bytes, offset, length);
  const half = 2 ** (8 * length - 1);
  return raw >= half ? raw - 2 * half : raw;
}

/** Writes `value` big-endian into `length` bytes; negative values as two's complement. */
export function writeInt(bytes: Uint8Array, offset: number, length: number, value: number): void {
  let v = value < 0 ? value + 2 ** (8 * length) : value;
  for (let i = length - 1; i >= 0; i--) {
    bytes[offset + i] = v % 256;
    v = Math.floor(v / 256);
  }
}

/**
 * Physical value → raw integer for a field with the given divisor: rounded to the nearest step and
 * clamped to what `length` bytes can hold, so a simulator never produces wrapped values.
 */
export function toRaw(value: number, divisor: number, length: number, signed: boolean): number {
  if (!Number.isFinite(value)) return 0;
  const max = signed ? 2 ** (8 * length - 1) - 1 : 2 ** (8 * length) - 1;
  const min = signed ? -(2 ** (8 * length - 1)) : 0;
  const raw = Math.round(value * divisor);
  return Math.min(max, Math.max(min, raw));
}
