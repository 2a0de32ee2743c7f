/**
 * Serials on the wire: hexadecimal strings, parsed the way the firmware's `strtoull(s, 16)`
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
