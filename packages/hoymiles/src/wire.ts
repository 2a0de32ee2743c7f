/**
 * Low-level pieces shared by every frame codec: serial → radio address,
 * frame header, CRC8 trailer and big-endian 16-bit fields. Internal; the public surface is re-exported
 * by frame.ts.
 */
import { crc8, crc16 } from './crc';
import { fail, ok, type Result } from './errors';
import type { Serial } from './types';

/** Command ids of requests; a response carries the request id | 0x80. */
export const Command = {
  /** Multi-data request (27 bytes) and fragment re-request (11 bytes). */
  DataRequest: 0x15,
  /** Device control: power limit, power on/off, restart. */
  DeviceControl: 0x51,
  /** HMS/HMT channel change; never answered. */
  ChannelChange: 0x56,
} as const;
export type Command = (typeof Command)[keyof typeof Command];

export const RESPONSE_FLAG = 0x80;

/** Command ids of responses. */
export const ResponseCommand = {
  DataResponse: Command.DataRequest | RESPONSE_FLAG, // 0x95
  DeviceControlAck: Command.DeviceControl | RESPONSE_FLAG, // 0xD1
} as const;
export type ResponseCommand = (typeof ResponseCommand)[keyof typeof ResponseCommand];

export const MAX_FRAME_LENGTH = 32;
/** Command id + 4 + 4 address bytes + byte 9. */
export const FRAME_HEADER_LENGTH = 10;
/** Header + CRC8, no body: the size of a re-request and the smallest well-formed frame. */
export const MIN_FRAME_LENGTH = FRAME_HEADER_LENGTH + 1;
export const MAX_FRAGMENT_DATA_LENGTH = 16;
/** Fragment numbers 1..12 are valid; 0 and ≥ 13 are discarded (docs/protocol.md). */
export const MAX_FRAGMENT_NUMBER = 12;

/** The 4 address bytes of a frame as an unsigned 32-bit number (big-endian), e.g. 0x82345678. */
export type RadioAddress = number;

const SERIAL_PATTERN = /^[0-9A-Fa-f]{1,12}$/;

/**
 * A serial as 12 upper-case hex digits, or undefined when it is not 1..12 hex digits or is zero.
 * Shorter input is left-padded because a serial is a 48-bit number (OpenDTU prints it without leading zeros).
 */
export function normalizeSerial(serial: string): string | undefined {
  if (!SERIAL_PATTERN.test(serial)) return undefined;
  const padded = serial.toUpperCase().padStart(12, '0');
  return /^0+$/.test(padded) ? undefined : padded;
}

/** Radio address = last 8 hex digits of the serial (`114182345678` → 0x82345678). */
export function addressOfSerial(serial: Serial): Result<RadioAddress> {
  const normalized = normalizeSerial(serial);
  if (normalized === undefined) return fail('invalid-serial', `not a serial: '${serial}'`);
  return ok(Number.parseInt(normalized.slice(4), 16) >>> 0);
}

/** 8 upper-case hex digits, the form in which an address appears in logs. */
export function formatAddress(address: RadioAddress): string {
  return (address >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** A frame end point: a serial, or an address already taken from a received frame. */
export type Endpoint = Serial | RadioAddress;

function isAddress(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 0xffffffff;
}

/**
 * Resolves an end point for a frame builder. Builders get their arguments from our own code, not from
 * the radio, so a bad one is a programming error and throws.
 */
export function resolveEndpoint(endpoint: Endpoint, role: string): RadioAddress {
  if (typeof endpoint === 'number') {
    if (!isAddress(endpoint)) throw new RangeError(`${role}: not a 32-bit radio address: ${endpoint}`);
    return endpoint;
  }
  const address = addressOfSerial(endpoint);
  if (!address.ok) throw new RangeError(`${role}: ${address.error.message}`);
  return address.value;
}

/** Same as resolveEndpoint for decoders' optional address filters, but as a Result. */
export function endpointAddress(endpoint: Endpoint): Result<RadioAddress> {
  if (typeof endpoint === 'number') {
    return isAddress(endpoint)
      ? ok(endpoint)
      : fail('invalid-serial', `not a 32-bit radio address: ${endpoint}`);
  }
  return addressOfSerial(endpoint);
}

export function writeU16(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 8) & 0xff;
  bytes[offset + 1] = value & 0xff;
}

export function readU16(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

export function writeU32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 24) & 0xff;
  bytes[offset + 1] = (value >>> 16) & 0xff;
  bytes[offset + 2] = (value >>> 8) & 0xff;
  bytes[offset + 3] = value & 0xff;
}

export function readU32(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] ?? 0) << 24) |
      ((bytes[offset + 1] ?? 0) << 16) |
      ((bytes[offset + 2] ?? 0) << 8) |
      (bytes[offset + 3] ?? 0)) >>>
    0
  );
}

/**
 * Builds a frame: command, inverter address, DTU address, byte 9, body, CRC8.
 * `body` is everything from offset 10 up to (not including) the CRC8.
 */
export function buildFrame(
  command: number,
  inverter: RadioAddress,
  dtu: RadioAddress,
  byte9: number,
  body: Uint8Array,
): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER_LENGTH + body.length + 1);
  frame[0] = command;
  writeU32(frame, 1, inverter);
  writeU32(frame, 5, dtu);
  frame[9] = byte9;
  frame.set(body, FRAME_HEADER_LENGTH);
  frame[frame.length - 1] = crc8(frame, 0, frame.length - 1);
  return frame;
}

/** Appends the CRC16 (high byte first) to `data`. */
export function withCrc16(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + 2);
  out.set(data);
  writeU16(out, data.length, crc16(data));
  return out;
}

/** True when the last two bytes of `bytes` are the CRC16 of the bytes before them. */
export function hasValidCrc16(bytes: Uint8Array): boolean {
  if (bytes.length < 2) return false;
  return crc16(bytes, 0, bytes.length - 2) === readU16(bytes, bytes.length - 2);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** A frame checked for length and CRC8, not yet interpreted. */
export interface RawFrame {
  command: number;
  inverterAddress: RadioAddress;
  dtuAddress: RadioAddress;
  byte9: number;
  /** Bytes 10..len-2 (a copy). */
  body: Uint8Array;
}

/**
 * Optional filters for decoders. Bytes 1..4 must name `inverter`, else 'wrong-address'. Bytes 5..8 must
 * name `dtu`; an answer (command with bit 7 set) may instead name the inverter itself, as real HM
 * inverters do (docs/protocol.md, assumptions register). Any third address there is 'other-dtu': the frame
 * answers, or asks, another DTU.
 */
export interface AddressFilter {
  inverter?: Endpoint;
  dtu?: Endpoint;
}

/** Length, CRC8 and (optionally) address checks shared by every decoder. Never throws. */
export function parseRawFrame(bytes: Uint8Array, filter: AddressFilter = {}): Result<RawFrame> {
  if (!(bytes instanceof Uint8Array)) return fail('short-frame', 'not a byte array');
  if (bytes.length < MIN_FRAME_LENGTH) {
    return fail('short-frame', `frame of ${bytes.length} bytes, at least ${MIN_FRAME_LENGTH} expected`);
  }
  if (bytes.length > MAX_FRAME_LENGTH) {
    return fail('long-frame', `frame of ${bytes.length} bytes, at most ${MAX_FRAME_LENGTH} allowed`);
  }
  const expected = crc8(bytes, 0, bytes.length - 1);
  const received = bytes[bytes.length - 1]!;
  if (expected !== received) {
    return fail('bad-crc8', `CRC8 ${hex2(received)} received, ${hex2(expected)} computed`);
  }
  const frame: RawFrame = {
    command: bytes[0]!,
    inverterAddress: readU32(bytes, 1),
    dtuAddress: readU32(bytes, 5),
    byte9: bytes[9]!,
    body: bytes.slice(FRAME_HEADER_LENGTH, bytes.length - 1),
  };
  const addressCheck = checkAddresses(frame, filter);
  return addressCheck.ok ? ok(frame) : addressCheck;
}

function checkAddresses(frame: RawFrame, filter: AddressFilter): Result<true> {
  let inverter: RadioAddress | undefined;
  if (filter.inverter !== undefined) {
    const wanted = endpointAddress(filter.inverter);
    if (!wanted.ok) return wanted;
    inverter = wanted.value;
    if (inverter !== frame.inverterAddress) {
      return fail(
        'wrong-address',
        `inverter address ${formatAddress(frame.inverterAddress)}, ${formatAddress(inverter)} expected`,
      );
    }
  }
  if (filter.dtu === undefined) return ok(true);
  const dtu = endpointAddress(filter.dtu);
  if (!dtu.ok) return dtu;
  if (frame.dtuAddress === dtu.value) return ok(true);
  const isAnswer = (frame.command & RESPONSE_FLAG) !== 0;
  // An answer that names its own inverter twice is the HM family's shape (captured): it is ours.
  if (isAnswer && frame.dtuAddress === (inverter ?? frame.inverterAddress)) return ok(true);
  return fail(
    'other-dtu',
    `bytes 5..8 name ${formatAddress(frame.dtuAddress)}: neither this DTU (${formatAddress(dtu.value)}) nor the inverter`,
  );
}

export function hex2(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Up to 12 fragments of 16 bytes: the largest payload (CRC16 included) one answer can carry. */
export const MAX_PAYLOAD_LENGTH = MAX_FRAGMENT_NUMBER * MAX_FRAGMENT_DATA_LENGTH;

export interface ResponseFragmentsOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  /** Request command id (0x15, 0x51) or response id (0x95, 0xD1); bit 7 is set either way. */
  command: number;
  /**
   * The payload as docs/protocol.md defines it: the joined data bytes INCLUDING the trailing CRC16, i.e. what the
   * payload encoders (messages/*) return and what FragmentAssembler hands back. Sent as is.
   */
  payload: Uint8Array;
  /** Default false. True treats `payload` as data without CRC16 and appends it. */
  appendCrc16?: boolean;
}

/**
 * What an inverter sends back: the payload cut into fragments of 16 data bytes, numbered from 1, the last
 * one with bit 7 set in byte 9. Throws RangeError when the payload needs more than 12 fragments.
 */
export function encodeResponseFragments(options: ResponseFragmentsOptions): Uint8Array[] {
  const inverter = resolveEndpoint(options.inverter, 'inverter');
  const dtu = resolveEndpoint(options.dtu, 'dtu');
  if (!Number.isInteger(options.command) || options.command < 0 || options.command > 0xff) {
    throw new RangeError(`command must be a byte: ${options.command}`);
  }
  const payload = options.appendCrc16 === true ? withCrc16(options.payload) : options.payload;
  if (payload.length > MAX_PAYLOAD_LENGTH) {
    throw new RangeError(
      `payload of ${payload.length} bytes does not fit in ${MAX_FRAGMENT_NUMBER} fragments`,
    );
  }
  const count = Math.max(1, Math.ceil(payload.length / MAX_FRAGMENT_DATA_LENGTH));
  const command = options.command | RESPONSE_FLAG;
  const frames: Uint8Array[] = [];
  for (let number = 1; number <= count; number++) {
    const data = payload.subarray((number - 1) * MAX_FRAGMENT_DATA_LENGTH, number * MAX_FRAGMENT_DATA_LENGTH);
    const byte9 = number === count ? number | 0x80 : number;
    frames.push(buildFrame(command, inverter, dtu, byte9, data));
  }
  return frames;
}
