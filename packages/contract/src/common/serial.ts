/**
 * Serial number input formats of the console's serial field (docs/protocol.md, serial numbers). The result kind is turned into a translated hint by the console.
 */

export type SerialInputKind =
  /** Nothing typed. */
  | 'empty'
  /** `1` + 11 hex digits: stored as typed (upper case). */
  | 'hoymiles'
  /** Other 12 hex digits with at least one decimal digit: stored as typed (upper case). */
  | 'converted'
  /** HERF / E-Star label with correct check characters: stored as the converted hex (lower case). */
  | 'herf-valid'
  /** HERF label form, but the check characters are wrong: rejected. */
  | 'herf-invalid-checksum'
  /** Anything else: rejected. */
  | 'unknown-format';

export interface SerialInputResult {
  kind: SerialInputKind;
  /** What to store; present for 'hoymiles', 'converted', 'herf-valid' and ('' for) 'empty'. */
  serial?: string;
}

/** 0-9 and A-Z without I, O, Q, Z; a character's index is its 5-bit value. */
export const HERF_ALPHABET32 = '0123456789ABCDEFGHJKLMNPRSTUVWXY';
/** Only used for the check characters (positions 1..32 can be selected). */
export const HERF_ALPHABET64 = 'HMFLGW5XC301234567899Z67YRT2S8ABCDEFGHJKDVEJ4KQPUALMNPRSTUVWXYNB';

const HOYMILES_PATTERN = /^1[0-9A-F]{11}$/;
const CONVERTED_PATTERN = /^(?=.*[0-9])[0-9A-F]{12}$/;
const HERF_PATTERN = /^(A01|A11|A21)[0-9A-HJ-NPR-Y]{6}-[0-9A-HJ-NP-Z]{3}$/;
/** Bit position of each of the 9 label characters; note the gap of 7 after the third. */
const HERF_SHIFTS = [42, 37, 32, 25, 20, 15, 10, 5, 0] as const;

/** The 3 check characters expected after the dash for a 9-character HERF label body. */
export function herfCheckCharacters(body: string): string {
  let asciiSum = 0;
  let indexSum = 0;
  for (const ch of body) {
    asciiSum += ch.charCodeAt(0);
    indexSum += HERF_ALPHABET32.indexOf(ch);
  }
  return `1${HERF_ALPHABET64.charAt((asciiSum % 32) + 1)}${HERF_ALPHABET64.charAt((indexSum % 32) + 1)}`;
}

/** The 9-character HERF label body as a hex serial (lower case, no padding). */
export function herfBodyToSerial(body: string): string {
  let value = 0n;
  for (const [i, shift] of HERF_SHIFTS.entries()) {
    value += BigInt(HERF_ALPHABET32.indexOf(body.charAt(i))) << BigInt(shift);
  }
  return value.toString(16);
}

/**
 * Classifies what the user typed and, when accepted, returns the serial to store. The input is upper-cased
 * first; the formats are tried in the order of docs/protocol.md Surrounding spaces are not removed (the
 * reference does not), so they make the input 'unknown-format'.
 */
export function parseSerialInput(input: string): SerialInputResult {
  if (input === '') return { kind: 'empty', serial: '' };
  const upper = input.toUpperCase();
  if (HOYMILES_PATTERN.test(upper)) return { kind: 'hoymiles', serial: upper };
  if (CONVERTED_PATTERN.test(upper)) return { kind: 'converted', serial: upper };
  if (HERF_PATTERN.test(upper)) {
    const [body = '', check] = upper.split('-');
    if (check !== herfCheckCharacters(body)) return { kind: 'herf-invalid-checksum' };
    return { kind: 'herf-valid', serial: herfBodyToSerial(body) };
  }
  return { kind: 'unknown-format' };
}

/** The first-generation MI series' type names, by inputs. */
export type MiTypeName = 'MI-250/300/350' | 'MI-500/600/700' | 'MI-1000/1200/1500';

const MI_TYPES: Readonly<Record<string, MiTypeName>> = {
  '2': 'MI-250/300/350',
  '4': 'MI-500/600/700',
  '6': 'MI-1000/1200/1500',
};

/**
 * The MI type a Hoymiles serial names, or undefined: `10`, then 2, 4 or 6 (1, 2 or 4 inputs) and a digit
 * whose low two bits are 01 (generation 2; generation 3 answers as HM). The console shows it under the
 * serial input; a test keeps it equal to the protocol library's family table.
 */
export function miTypeOfSerial(serial: string): MiTypeName | undefined {
  const upper = serial.toUpperCase();
  if (!/^10[246][159D][0-9A-F]{8}$/.test(upper)) return undefined;
  return MI_TYPES[upper[2]!];
}
