/**
 * The one serial module. Serials on the wire: hexadecimal strings, parsed the way the firmware's `strtoull(s, 16)`
 * reads them, so the "serial parses to 0" codes (2001, 4001, 5001, 11001) fire for the same inputs.
 */

const HEX_DIGIT = /^[0-9a-fA-F]$/;
const U64_MAX = (1n << 64n) - 1n;

/**
 * Leading whitespace and an optional `0x` are skipped, reading stops at the first non-hex character and
 * an unreadable text is 0. Values beyond 64 bits saturate like strtoull does.
 */
export function parseHexSerial(text: string): bigint {
  let rest = text.replace(/^[ \t\n\v\f\r]+/, '');
  if (/^0[xX][0-9a-fA-F]/.test(rest)) rest = rest.slice(2);
  let value = 0n;
  for (const char of rest) {
    if (!HEX_DIGIT.test(char)) break;
    value = value * 16n + BigInt(Number.parseInt(char, 16));
    if (value > U64_MAX) return U64_MAX;
  }
  return value;
}

/** The wire form: upper 32 bits unpadded, then the lower 32 bits as exactly 8 lower-case hex digits. */
export function formatHexSerial(value: bigint): string {
  const upper = value >> 32n;
  const lower = value & 0xffffffffn;
  return `${upper.toString(16)}${lower.toString(16).padStart(8, '0')}`;
}

/** True when the serial text reads as 0, which every endpoint taking a serial rejects. */
export function isZeroSerial(text: string): boolean {
  return parseHexSerial(text) === 0n;
}

const TWO_48 = 1n << 48n;

/**
 * A serial text as the 48-bit number inverters are looked up and stored by; 0 for text that reads as 0 or
 * as a value beyond 48 bits (no inverter has such a serial).
 */
export function serialNumber(text: string): number {
  const value = parseHexSerial(text);
  return value < TWO_48 ? Number(value) : 0;
}

/** A 48-bit serial number in the wire form (see formatHexSerial). */
export function formatSerialNumber(value: number): string {
  return formatHexSerial(BigInt(value));
}

/** Any accepted spelling → the wire form; undefined for text that names no serial (0 or beyond 48 bits). */
export function wireSerial(text: string): string | undefined {
  const value = serialNumber(text);
  return value === 0 ? undefined : formatSerialNumber(value);
}
