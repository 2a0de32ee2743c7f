/**
 * Radio frames (docs/protocol.md): data requests and fragment re-requests built by the DTU,
 * response frames parsed by the DTU, and the inverter's side (request decoding, response fragments).
 * Builders take arguments from our own code and throw RangeError on bad ones; everything that parses
 * bytes from the radio returns a Result and never throws.
 */
import { fail, ok, type Result } from './errors';
import { type ChannelChangeRequest, parseChannelChange } from './messages/channel-change';
import {
  DEVICE_CONTROL_MARKER,
  type DeviceControlCommand,
  decodeDeviceControlBody,
} from './messages/device-control';
import type { DataType } from './types';
import {
  type AddressFilter,
  buildFrame,
  Command,
  type Endpoint,
  hasValidCrc16,
  hex2,
  MAX_FRAGMENT_DATA_LENGTH,
  MAX_FRAGMENT_NUMBER,
  parseRawFrame,
  type RadioAddress,
  RESPONSE_FLAG,
  readU32,
  resolveEndpoint,
  withCrc16,
  writeU32,
} from './wire';

export {
  type AddressFilter,
  addressOfSerial,
  Command,
  type Endpoint,
  encodeResponseFragments,
  FRAME_HEADER_LENGTH,
  formatAddress,
  MAX_FRAGMENT_DATA_LENGTH,
  MAX_FRAGMENT_NUMBER,
  MAX_FRAME_LENGTH,
  MAX_PAYLOAD_LENGTH,
  MIN_FRAME_LENGTH,
  normalizeSerial,
  type RadioAddress,
  RESPONSE_FLAG,
  ResponseCommand,
  type ResponseFragmentsOptions,
  toHex,
} from './wire';

/** Byte 9 of a multi-data request. */
export const DATA_REQUEST_MARKER = 0x80;
export const DATA_REQUEST_LENGTH = 27;
export const REREQUEST_LENGTH = 11;

export interface DataRequestOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  dataType: DataType;
  /** UNIX time in seconds (UTC); the inverter sets its clock from it. Fractions are dropped. */
  time: number;
}

/**
 * A multi-data request (27 bytes): 15 <inv> <dtu> 80 <type> 00 <time u32> <8 × 00> <CRC16 over 10..23> <CRC8>.
 */
export function buildDataRequest(options: DataRequestOptions): Uint8Array {
  const { dataType } = options;
  if (!Number.isInteger(dataType) || dataType < 0 || dataType > 0xff) {
    throw new RangeError(`data type must be a byte: ${dataType}`);
  }
  const time = Math.floor(options.time);
  if (!Number.isFinite(time) || time < 0 || time > 0xffffffff) {
    throw new RangeError(`time must be UNIX seconds within 32 bits: ${options.time}`);
  }
  const fields = new Uint8Array(14);
  fields[0] = dataType;
  writeU32(fields, 2, time);
  return buildFrame(
    Command.DataRequest,
    resolveEndpoint(options.inverter, 'inverter'),
    resolveEndpoint(options.dtu, 'dtu'),
    DATA_REQUEST_MARKER,
    withCrc16(fields),
  );
}

export interface ReRequestOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  /** Missing fragment number, 1..12. */
  fragment: number;
}

/** A re-request of one fragment (11 bytes): 15 <inv> <dtu> <0x80 | k> <CRC8>. */
export function buildReRequest(options: ReRequestOptions): Uint8Array {
  const { fragment } = options;
  if (!Number.isInteger(fragment) || fragment < 1 || fragment > MAX_FRAGMENT_NUMBER) {
    throw new RangeError(`fragment number must be 1..${MAX_FRAGMENT_NUMBER}: ${fragment}`);
  }
  return buildFrame(
    Command.DataRequest,
    resolveEndpoint(options.inverter, 'inverter'),
    resolveEndpoint(options.dtu, 'dtu'),
    0x80 | fragment,
    new Uint8Array(0),
  );
}

/** A received frame, checked for length and CRC8. */
export interface Frame {
  /** Byte 0 as received, e.g. 0x95 or 0xD1. */
  command: number;
  /** Bit 7 of the command id. */
  isResponse: boolean;
  inverterAddress: RadioAddress;
  dtuAddress: RadioAddress;
  /** Byte 9 & 0x7F: the fragment number of a response (not range-checked here). */
  fragment: number;
  /** Bit 7 of byte 9: last fragment of a response. */
  last: boolean;
  /** Bytes 10..len-2: the fragment's data (response) or the body (request). */
  data: Uint8Array;
}

export interface ParseFrameOptions extends AddressFilter {
  /** When set, any other command id is reported as 'unexpected-command'. */
  command?: number;
}

/**
 * Parses one received frame. Errors: 'short-frame' (< 11 bytes), 'long-frame' (> 32 bytes, or a response
 * with more than 16 data bytes), 'bad-crc8', 'wrong-address', 'unexpected-command'.
 */
export function parseFrame(bytes: Uint8Array, options: ParseFrameOptions = {}): Result<Frame> {
  const raw = parseRawFrame(bytes, options);
  if (!raw.ok) return raw;
  const { command, byte9, body, inverterAddress, dtuAddress } = raw.value;
  if (options.command !== undefined && command !== options.command) {
    return fail('unexpected-command', `command ${hex2(command)}, ${hex2(options.command)} expected`);
  }
  const isResponse = (command & RESPONSE_FLAG) !== 0;
  if (isResponse && body.length > MAX_FRAGMENT_DATA_LENGTH) {
    return fail('long-frame', `response fragment with ${body.length} data bytes`);
  }
  return ok({
    command,
    isResponse,
    inverterAddress,
    dtuAddress,
    fragment: byte9 & 0x7f,
    last: (byte9 & 0x80) !== 0,
    data: body,
  });
}

interface RequestAddresses {
  inverterAddress: RadioAddress;
  dtuAddress: RadioAddress;
}

/** A request as the inverter (simulator) sees it. */
export type Request = RequestAddresses &
  (
    | { kind: 'data'; dataType: number; time: number }
    | { kind: 'rerequest'; fragment: number }
    | { kind: 'device-control'; command: DeviceControlCommand }
    | {
        kind: 'channel-change';
        channel: number;
        frequencyHz: number;
        countries: ChannelChangeRequest['countries'];
      }
  );

/**
 * Decodes a request frame on the inverter side: a data request (data type and time), a fragment re-request,
 * a device-control command or a channel change. Pass `inverter` to have frames for other inverters reported
 * as 'wrong-address'. Never throws.
 */
export function parseRequest(bytes: Uint8Array, filter: AddressFilter = {}): Result<Request> {
  const raw = parseRawFrame(bytes, filter);
  if (!raw.ok) return raw;
  const { command, byte9, body, inverterAddress, dtuAddress } = raw.value;
  const addresses = { inverterAddress, dtuAddress };
  switch (command) {
    case Command.DataRequest: {
      if (bytes.length === REREQUEST_LENGTH) {
        const fragment = byte9 & 0x7f;
        if ((byte9 & 0x80) === 0 || fragment < 1 || fragment > MAX_FRAGMENT_NUMBER) {
          return fail('bad-fragment-number', `re-request byte 9 is ${hex2(byte9)}`);
        }
        return ok({ ...addresses, kind: 'rerequest', fragment });
      }
      if (byte9 !== DATA_REQUEST_MARKER)
        return fail('invalid-value', `byte 9 is ${hex2(byte9)}, 0x80 expected`);
      if (bytes.length < DATA_REQUEST_LENGTH)
        return fail('short-frame', `data request of ${bytes.length} bytes`);
      if (bytes.length > DATA_REQUEST_LENGTH)
        return fail('long-frame', `data request of ${bytes.length} bytes`);
      if (!hasValidCrc16(body)) return fail('bad-crc16', 'data request CRC16 mismatch');
      return ok({ ...addresses, kind: 'data', dataType: body[0]!, time: readU32(body, 2) });
    }
    case Command.DeviceControl: {
      if (byte9 !== DEVICE_CONTROL_MARKER)
        return fail('invalid-value', `byte 9 is ${hex2(byte9)}, 0x81 expected`);
      const decoded = decodeDeviceControlBody(body);
      if (!decoded.ok) return decoded;
      return ok({ ...addresses, kind: 'device-control', command: decoded.value });
    }
    case Command.ChannelChange: {
      const decoded = parseChannelChange(bytes);
      if (!decoded.ok) return decoded;
      const { channel, frequencyHz, countries } = decoded.value;
      return ok({ ...addresses, kind: 'channel-change', channel, frequencyHz, countries });
    }
    default:
      return fail('unexpected-command', `not a request command: ${hex2(command)}`);
  }
}
