/**
 * Serials as the API exchanges them: parsed leniently as hex, printed in lower case with the
 * low 32 bits as exactly 8 digits. Inverters are looked up by the numeric value, so `116180216880`,
 * `0x116180216880` and `116180216880abc` all find the same inverter.
 */

const TWO_32 = 2 ** 32;
const MAX_48 = 2 ** 48;

/**
 * Leading whitespace and an optional `0x` are skipped, parsing stops at the first non-hex character; an
 * unparsable string (or a value beyond 48 bits) gives 0.
 */
export function parseApiSerial(text: string): number {
  const match = /^\s*(?:0[xX])?([0-9a-fA-F]+)/.exec(text);
  if (!match?.[1]) return 0;
  const value = Number.parseInt(match[1], 16);
  return Number.isSafeInteger(value) && value < MAX_48 ? value : 0;
}

/** The wire form: upper 32 bits unpadded, lower 32 bits as 8 digits, e.g. `116180216880`. */
export function formatApiSerial(value: number): string {
  const high = Math.floor(value / TWO_32);
  const low = value % TWO_32;
  return `${high.toString(16)}${low.toString(16).padStart(8, '0')}`;
}

/** Any accepted spelling → the wire form; undefined for 0 / unparsable. */
export function apiSerial(text: string): string | undefined {
  const value = parseApiSerial(text);
  return value === 0 ? undefined : formatApiSerial(value);
}
