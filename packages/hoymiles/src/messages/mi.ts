/**
 * The MI series (first generation: MI-250 … MI-1500, serial generation 2), docs/protocol.md "The MI
 * series": 11-byte requests without time or CRC16, one answer frame per live-data request, the inverter's
 * own status frames, and the joined record the gateway decodes with the run-data layout of the family.
 * Builders throw RangeError on bad arguments from our own code; parsers return Results and never throw.
 */
import { crc8 } from '../crc';
import { fail, ok, type Result } from '../errors';
import { FAMILIES } from '../families';
import type { FamilyId } from '../types';
import {
  type AddressFilter,
  buildFrame,
  type Endpoint,
  hex2,
  parseRawFrame,
  RESPONSE_FLAG,
  readU16,
  resolveEndpoint,
  writeU16,
  writeU32,
} from '../wire';
import { sealPayload } from './payload';

/** Request commands of the MI series (byte 0, repeated in byte 9). */
export const MiCommand = {
  /** Live data of input 1 (1- and 2-input models). */
  LiveInput1: 0x09,
  /** Live data of input 2 (2-input models). */
  LiveInput2: 0x11,
  /** Live data of input 1 of a 4-input model; inputs 2..4 are 0x37..0x39. */
  LiveInput1Of4: 0x36,
  /** Firmware and hardware info (answered in two frames). */
  Info: 0x0f,
  /** Grid-profile code and version. */
  GridProfile: 0x10,
  /** On, off, temporary limit. */
  Control: 0x51,
} as const;

/** Status frames an MI sends on its own (input 1, input 2). */
export const MI_STATUS_COMMANDS: readonly number[] = [0x88, 0x92];

export const MI_REQUEST_LENGTH = 11;
/** Byte 22 is the last field of a live answer of a 1- or 2-input model, byte 24 of a 4-input one. */
const LIVE_MIN_LENGTH = 24;
const LIVE_MIN_LENGTH_4 = 26;
/** One input's fields in the joined record: bytes 9..22 of its answer. */
export const MI_RECORD_BLOCK = 14;
const RECORD_HEADER = [0x00, 0x01] as const;

/** The live-data request commands of a family, one per input, in input order. */
export function miLiveCommands(family: FamilyId): number[] {
  const inputs = FAMILIES[family].dcInputs;
  if (FAMILIES[family].series !== 'MI') throw new RangeError(`${family} is not an MI family`);
  if (inputs === 4) return [0, 1, 2, 3].map((i) => MiCommand.LiveInput1Of4 + i);
  return inputs === 2 ? [MiCommand.LiveInput1, MiCommand.LiveInput2] : [MiCommand.LiveInput1];
}

/** The input (0-based) a live-data command or answer command asks for or reports, or undefined. */
export function miInputOfCommand(command: number): number | undefined {
  const cmd = command & ~RESPONSE_FLAG;
  if (cmd === MiCommand.LiveInput1) return 0;
  if (cmd === MiCommand.LiveInput2) return 1;
  if (cmd >= MiCommand.LiveInput1Of4 && cmd <= MiCommand.LiveInput1Of4 + 3)
    return cmd - MiCommand.LiveInput1Of4;
  return undefined;
}

export interface MiRequestOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  command: number;
}

/** A request: `[cmd][inverter id 4][DTU id 4][cmd][CRC8]`. */
export function buildMiRequest(options: MiRequestOptions): Uint8Array {
  const { command } = options;
  if (!Number.isInteger(command) || command < 0 || command > 0x7f) {
    throw new RangeError(`MI request command must be 0x00..0x7F: ${command}`);
  }
  return buildFrame(
    command,
    resolveEndpoint(options.inverter, 'inverter'),
    resolveEndpoint(options.dtu, 'dtu'),
    command,
    new Uint8Array(0),
  );
}

/**
 * A request as the inverter (simulator) reads it: 11 bytes, CRC8, a known request command. Byte 9 repeats
 * the command in what this gateway sends; captures of the vendor's DTU show 0x00 there, which is accepted.
 */
export function parseMiRequest(
  bytes: Uint8Array,
  filter: AddressFilter = {},
): Result<{ command: number; inverterAddress: number; dtuAddress: number }> {
  const raw = parseRawFrame(bytes, filter);
  if (!raw.ok) return raw;
  if (bytes.length !== MI_REQUEST_LENGTH) return fail('long-frame', `MI request of ${bytes.length} bytes`);
  const { command, byte9, inverterAddress, dtuAddress } = raw.value;
  const known =
    miInputOfCommand(command) !== undefined ||
    command === MiCommand.Info ||
    command === MiCommand.GridProfile;
  if (!known || (command & RESPONSE_FLAG) !== 0) {
    return fail('unexpected-command', `not an MI request: ${hex2(command)}`);
  }
  if (byte9 !== command && byte9 !== 0) return fail('invalid-value', `byte 9 is ${hex2(byte9)}`);
  return ok({ command, inverterAddress, dtuAddress });
}

/** One input's live values as an MI answers them. */
export interface MiLiveAnswer {
  /** 0-based DC input. */
  input: number;
  /** V */
  dcVoltage: number;
  /** A */
  dcCurrent: number;
  /** V */
  acVoltage: number;
  /** Hz */
  frequency: number;
  /** W */
  dcPower: number;
  /** Wh today, this input */
  yieldDay: number;
  /** °C */
  temperature: number;
  /** 4-input models: bytes 23 (state) and 24 (code) of the answer; undefined otherwise. */
  status: { state: number; code: number } | undefined;
  /** Bytes 9..22 as received (the input's block of the joined record). */
  block: Uint8Array;
}

/**
 * Decodes a live-data answer (`0x89`, `0x91`, `0xB6`–`0xB9`): big endian, bytes 9–10 DC voltage / 10,
 * 11–12 DC current / 10, 13–14 AC voltage / 10, 15–16 frequency / 100, 17–18 DC power / 10, 19–20 yield
 * today in Wh, 21–22 temperature / 10 (signed), 23–24 status (4-input models).
 */
export function decodeMiLiveAnswer(bytes: Uint8Array, filter: AddressFilter = {}): Result<MiLiveAnswer> {
  const raw = parseRawFrame(bytes, {
    ...(filter.inverter === undefined ? {} : { inverter: filter.inverter }),
  });
  if (!raw.ok) return raw;
  const input = miInputOfCommand(raw.value.command);
  if ((raw.value.command & RESPONSE_FLAG) === 0 || input === undefined) {
    return fail('unexpected-command', `not an MI live answer: ${hex2(raw.value.command)}`);
  }
  const fourInputs = raw.value.command >= (MiCommand.LiveInput1Of4 | RESPONSE_FLAG);
  const minLength = fourInputs ? LIVE_MIN_LENGTH_4 : LIVE_MIN_LENGTH;
  if (bytes.length < minLength) {
    return fail('short-frame', `MI live answer of ${bytes.length} bytes, ${minLength} expected`);
  }
  const u16 = (at: number) => readU16(bytes, at);
  const t = u16(21);
  return ok({
    input,
    dcVoltage: u16(9) / 10,
    dcCurrent: u16(11) / 10,
    acVoltage: u16(13) / 10,
    frequency: u16(15) / 100,
    dcPower: u16(17) / 10,
    yieldDay: u16(19),
    temperature: (t >= 0x8000 ? t - 0x10000 : t) / 10,
    status: fourInputs ? { state: bytes[23]!, code: bytes[24]! } : undefined,
    block: bytes.slice(9, 9 + MI_RECORD_BLOCK),
  });
}

export interface MiLiveState {
  dcVoltage: number;
  dcCurrent: number;
  acVoltage: number;
  frequency: number;
  dcPower: number;
  yieldDay: number;
  temperature: number;
  /** 4-input models; default state 3 (producing), code 0. */
  status?: { state: number; code: number };
}

function scaled(value: number, factor: number, signed = false): number {
  const raw = Math.round(value * factor);
  const [min, max] = signed ? [-0x8000, 0x7fff] : [0, 0xffff];
  const clamped = Math.min(max, Math.max(min, Number.isFinite(raw) ? raw : 0));
  return clamped & 0xffff;
}

/**
 * The answer a simulated MI sends to a live-data request (26 bytes: the inverter id twice, as the info
 * answers of a real MI-600 show, the fields, the status bytes, CRC8).
 */
export function encodeMiLiveAnswer(options: {
  inverter: Endpoint;
  dtu: Endpoint;
  command: number;
  state: MiLiveState;
}): Uint8Array {
  if (miInputOfCommand(options.command) === undefined) {
    throw new RangeError(`not an MI live-data command: ${options.command}`);
  }
  const { state } = options;
  const body = new Uint8Array(16);
  writeU16(body, 0, scaled(state.dcVoltage, 10));
  writeU16(body, 2, scaled(state.dcCurrent, 10));
  writeU16(body, 4, scaled(state.acVoltage, 10));
  writeU16(body, 6, scaled(state.frequency, 100));
  writeU16(body, 8, scaled(state.dcPower, 10));
  writeU16(body, 10, scaled(state.yieldDay, 1));
  writeU16(body, 12, scaled(state.temperature, 10, true));
  body[14] = state.status?.state ?? 3;
  body[15] = state.status?.code ?? 0;
  return encodeMiFrame(options.command | RESPONSE_FLAG, options.inverter, options.inverter, body);
}

/**
 * Joins the answers of one request chain into the record the family's run-data layout reads
 * (header `00 01`, one 14-byte block per input in input order, CRC16). A missing input is an error.
 */
export function joinMiRecord(family: FamilyId, answers: readonly MiLiveAnswer[]): Result<Uint8Array> {
  const inputs = FAMILIES[family].dcInputs;
  const data = new Uint8Array(RECORD_HEADER.length + inputs * MI_RECORD_BLOCK);
  data.set(RECORD_HEADER, 0);
  for (let i = 0; i < inputs; i++) {
    const answer = answers.find((a) => a.input === i);
    if (answer === undefined) return fail('missing-fragment', `MI input ${i + 1} did not answer`);
    data.set(answer.block, RECORD_HEADER.length + i * MI_RECORD_BLOCK);
  }
  return ok(sealPayload(data));
}

// --- info and grid profile ---------------------------------------------------------------------------

export interface MiInfo {
  /** Bytes 12..21 of the first frame: firmware version, build year, month·100+day, hour·100+minute, bootloader. */
  fwVersion: number;
  fwBuildYear: number;
  fwBuildMonthDay: number;
  fwBuildHourMinute: number;
  bootloaderVersion: number;
  /** Bytes 24..25 of the first frame. */
  hwVersion: number;
  /** Bytes 10..13 of the second frame (its model and rated power: `lookupModel`). */
  hwPartNumber: number | undefined;
}

/**
 * Decodes the info answer (`0x8F`): two frames, byte 9 = 0 and 1. The first alone gives the firmware; the
 * part number needs the second. Frames of other commands or inverters are ignored.
 */
export function decodeMiInfo(frames: readonly Uint8Array[], filter: AddressFilter = {}): Result<MiInfo> {
  let first: Uint8Array | undefined;
  let second: Uint8Array | undefined;
  for (const bytes of frames) {
    const raw = parseRawFrame(bytes, {
      ...(filter.inverter === undefined ? {} : { inverter: filter.inverter }),
    });
    if (!raw.ok || raw.value.command !== (MiCommand.Info | RESPONSE_FLAG) || bytes.length < 27) continue;
    if (raw.value.byte9 === 0) first = bytes;
    else if (raw.value.byte9 === 1) second = bytes;
  }
  if (first === undefined) return fail('missing-fragment', 'MI info: first frame missing');
  const u16 = (at: number) => readU16(first, at);
  return ok({
    fwVersion: u16(12),
    fwBuildYear: u16(14),
    fwBuildMonthDay: u16(16),
    fwBuildHourMinute: u16(18),
    bootloaderVersion: u16(20),
    hwVersion: u16(24),
    hwPartNumber:
      second === undefined ? undefined : ((readU16(second, 10) << 16) | readU16(second, 12)) >>> 0,
  });
}

export interface MiGridProfile {
  code: number;
  version: number;
}

/** Decodes the grid-profile answer (`0x90`): bytes 10–11 the profile code, 12–13 its version. */
export function decodeMiGridProfile(bytes: Uint8Array, filter: AddressFilter = {}): Result<MiGridProfile> {
  const raw = parseRawFrame(bytes, {
    ...(filter.inverter === undefined ? {} : { inverter: filter.inverter }),
  });
  if (!raw.ok) return raw;
  if (raw.value.command !== (MiCommand.GridProfile | RESPONSE_FLAG)) {
    return fail('unexpected-command', `not an MI grid-profile answer: ${hex2(raw.value.command)}`);
  }
  if (bytes.length < 15) return fail('short-frame', `MI grid-profile answer of ${bytes.length} bytes`);
  return ok({ code: readU16(bytes, 10), version: readU16(bytes, 12) });
}

/** A frame with the given command, the two ids in bytes 1–8 and `data` from byte 9 on, closed by CRC8. */
export function encodeMiFrame(
  command: number,
  first: Endpoint,
  second: Endpoint,
  data: Uint8Array,
): Uint8Array {
  const frame = new Uint8Array(9 + data.length + 1);
  frame[0] = command;
  writeU32(frame, 1, resolveEndpoint(first, 'inverter'));
  writeU32(frame, 5, resolveEndpoint(second, 'dtu'));
  frame.set(data, 9);
  frame[frame.length - 1] = crc8(frame, 0, frame.length - 1);
  return frame;
}
