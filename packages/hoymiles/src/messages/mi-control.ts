/**
 * MI series: control command 0x51 (on, off, temporary limit) and the status frames 0x88 / 0x92 an MI sends
 * on its own, turned into event codes of the alarm table (docs/protocol.md, "The MI series").
 */
import alarmCodes from '../../data/alarm-codes.json';
import { fail, ok, type Result } from '../errors';
import { type AddressFilter, type Endpoint, hex2, parseRawFrame, RESPONSE_FLAG, readU16 } from '../wire';
import type { EventLogEntry } from './event-log';
import { encodeMiFrame, MiCommand } from './mi';

/** Codes in bytes 9–10 of a control frame. */
export const MiControlCode = {
  On: 0x55aa,
  Off: 0xaa55,
  /** Followed by the limit in % (byte 11) and in tenths of a W (bytes 12–13). */
  Limit: 0x5a5a,
} as const;

export type MiControl =
  | { kind: 'on' }
  | { kind: 'off' }
  | { kind: 'limit'; percent: number; tenthsOfW: number };

export interface MiControlOptions {
  inverter: Endpoint;
  dtu: Endpoint;
}

function controlFrame(options: MiControlOptions, data: number[]): Uint8Array {
  return encodeMiFrame(MiCommand.Control, options.inverter, options.dtu, Uint8Array.from(data));
}

/** On (`55 AA`) or off (`AA 55`): `[51][inv][dtu][code 2][CRC8]`. */
export function buildMiPowerRequest(options: MiControlOptions & { on: boolean }): Uint8Array {
  const code = options.on ? MiControlCode.On : MiControlCode.Off;
  return controlFrame(options, [code >> 8, code & 0xff]);
}

/**
 * A temporary limit: `[51][inv][dtu][5A 5A][percent][W × 10, 2 bytes][CRC8]`, the layout of the vendor
 * DTU's captures (the percent is the W value over the rated power, rounded down). Best effort: the MI has
 * no read-back, and whether it follows the limit is not documented.
 */
export function buildMiLimitRequest(
  options: MiControlOptions & { watts: number; ratedPowerW: number },
): Uint8Array {
  const { watts, ratedPowerW } = options;
  if (!Number.isFinite(ratedPowerW) || ratedPowerW <= 0) {
    throw new RangeError(`rated power must be known: ${ratedPowerW}`);
  }
  if (!Number.isFinite(watts) || watts < 0 || watts > ratedPowerW) {
    throw new RangeError(`MI limit must be 0..${ratedPowerW} W: ${watts}`);
  }
  const tenths = Math.round(watts * 10);
  const percent = Math.floor((tenths * 10) / ratedPowerW + 1e-9);
  return controlFrame(options, [0x5a, 0x5a, percent, tenths >> 8, tenths & 0xff]);
}

/** Decodes a control frame on the inverter's side (simulator). */
export function parseMiControl(bytes: Uint8Array, filter: AddressFilter = {}): Result<MiControl> {
  const raw = parseRawFrame(bytes, filter);
  if (!raw.ok) return raw;
  if (raw.value.command !== MiCommand.Control) {
    return fail('unexpected-command', `not an MI control frame: ${hex2(raw.value.command)}`);
  }
  if (bytes.length < 12) return fail('short-frame', `MI control frame of ${bytes.length} bytes`);
  const code = readU16(bytes, 9);
  if (code === MiControlCode.On) return ok({ kind: 'on' });
  if (code === MiControlCode.Off) return ok({ kind: 'off' });
  if (code === MiControlCode.Limit) {
    if (bytes.length < 15) return fail('short-frame', `MI limit frame of ${bytes.length} bytes`);
    return ok({ kind: 'limit', percent: bytes[11]!, tenthsOfW: readU16(bytes, 12) });
  }
  return fail('invalid-value', `unknown MI control code ${code.toString(16)}`);
}

/** The answer a simulated MI sends to a control frame: `D1`, the inverter id twice, the code echoed. */
export function encodeMiControlAnswer(inverter: Endpoint, code: number): Uint8Array {
  return encodeMiFrame(
    MiCommand.Control | RESPONSE_FLAG,
    inverter,
    inverter,
    Uint8Array.from([code >> 8, code & 0xff]),
  );
}

/** Whether a frame is the control answer (`0xD1`) of this inverter. */
export function isMiControlAnswer(bytes: Uint8Array, filter: AddressFilter = {}): boolean {
  const raw = parseRawFrame(bytes, filter);
  return raw.ok && raw.value.command === (MiCommand.Control | RESPONSE_FLAG);
}

// --- status frames -------------------------------------------------------------------------------------

/** State byte of a status: 3 is producing normally; above 3 an alarm class (state × 1000 + code × 10). */
export const MI_STATE_PRODUCING = 3;
const MI_STATE_WAITING = 2;

export interface MiStatus {
  /** 0-based input the status is about (0x88: input 1, 0x92: input 2; in a 4-input answer: its input). */
  input: number;
  state: number;
  code: number;
  /** Event code of the alarm table, or 0 while producing normally. */
  eventCode: number;
}

const KNOWN_CODES = new Set(Object.keys(alarmCodes.codes).map(Number));

/**
 * The alarm-table code of an MI status: none while producing (state 3); state 2 (waiting for the input)
 * is "PVn input voltage out of range" (5050 + n); above 3, state × 1000 + code × 10, plus the input
 * number where the table has one code per input (5011…5014, 5041…5044, 5051…5054, 5141…5144).
 */
export function miStatusEventCode(state: number, code: number, input: number): number {
  if (state === MI_STATE_PRODUCING || state < MI_STATE_WAITING) return 0;
  if (state === MI_STATE_WAITING) return 5051 + input;
  const base = state * 1000 + code * 10;
  if (KNOWN_CODES.has(base + input + 1)) return base + input + 1;
  return base;
}

/** Decodes a status frame (`0x88`, `0x92`): byte 10 the state, byte 12 its code. */
export function decodeMiStatusFrame(bytes: Uint8Array, filter: AddressFilter = {}): Result<MiStatus> {
  const raw = parseRawFrame(bytes, filter);
  if (!raw.ok) return raw;
  const input = raw.value.command === 0x88 ? 0 : raw.value.command === 0x92 ? 1 : undefined;
  if (input === undefined)
    return fail('unexpected-command', `not an MI status frame: ${hex2(raw.value.command)}`);
  if (bytes.length < 14) return fail('short-frame', `MI status frame of ${bytes.length} bytes`);
  const state = bytes[10]!;
  const code = bytes[12]!;
  return ok({ input, state, code, eventCode: miStatusEventCode(state, code, input) });
}

/** A status frame as a simulated MI sends it. */
export function encodeMiStatusFrame(
  inverter: Endpoint,
  input: 0 | 1,
  state: number,
  code: number,
): Uint8Array {
  return encodeMiFrame(input === 0 ? 0x88 : 0x92, inverter, inverter, Uint8Array.from([0, state, 0, code]));
}

const DAY_S = 86400;
const HALF_DAY_S = 43200;

/**
 * An event-log entry for an MI status, as the gateway keeps it (an MI has no event log of its own): the
 * whole alarm code as message id (above 255 for most MI codes), times in UTC seconds of the day.
 */
export function miStatusEventEntry(
  eventCode: number,
  startUtcSeconds: number,
  endUtcSeconds: number | null,
): EventLogEntry {
  const start = ((Math.trunc(startUtcSeconds) % DAY_S) + DAY_S) % DAY_S;
  let end = endUtcSeconds === null ? null : ((Math.trunc(endUtcSeconds) % DAY_S) + DAY_S) % DAY_S;
  if (end !== null && end % HALF_DAY_S === 0) end += 1;
  const startPm = start >= HALF_DAY_S;
  const endPm = end !== null && end >= HALF_DAY_S;
  return {
    eventWord: eventCode & 0xffff,
    messageId: eventCode,
    rawStart: start % HALF_DAY_S,
    rawEnd: end === null ? 0 : end % HALF_DAY_S,
    startPm,
    endPm,
  };
}
