/**
 * Device control (command 0x51) in both directions, and its 0xD1 acknowledgement.
 *
 * Request frames:
 *   limit: 51 <inv> <dtu> 81 0B 00 <uint16 limit×10> <limit-type word> <CRC16 over 10..15> <CRC8>
 *   power: 51 <inv> <dtu> 81 <sub> 00 <CRC16 over 10..11> <CRC8>
 * Ack payload (community traces): 00 00 <sub-command> 00 + CRC16, in frame(s) starting with 0xD1.
 */
import { fail, ok, type Result } from '../errors';
import { type LimitEncoding, LimitType } from '../types';
import {
  type AddressFilter,
  buildFrame,
  Command,
  type Endpoint,
  encodeResponseFragments,
  hasValidCrc16,
  hex2,
  parseRawFrame,
  type RadioAddress,
  readU16,
  resolveEndpoint,
  withCrc16,
  writeU16,
} from '../wire';

/** Byte 9 of every device-control request. */
export const DEVICE_CONTROL_MARKER = 0x81;

export const DeviceControlSubCommand = {
  TurnOn: 0x00,
  TurnOff: 0x01,
  Restart: 0x02,
  ActivePowerLimit: 0x0b,
} as const;
export type DeviceControlSubCommand = (typeof DeviceControlSubCommand)[keyof typeof DeviceControlSubCommand];

export function isRelativeLimit(type: LimitType): boolean {
  return (type & 1) === 1;
}

export function isPersistentLimit(type: LimitType): boolean {
  return (type & 2) === 2;
}

/** The limit-type word on the wire: HM adds 0x0100 for persistent, HMS uses 2 and 3. */
export function limitTypeWord(type: LimitType, encoding: LimitEncoding): number {
  const relative = isRelativeLimit(type) ? 1 : 0;
  if (!isPersistentLimit(type)) return relative;
  return encoding === 'HMS' ? 0x0002 | relative : 0x0100 | relative;
}

export interface DecodedLimitType {
  limitType: LimitType;
  /** Which encoding the word belongs to; undefined for 0 and 1, which both encodings share. */
  encoding: LimitEncoding | undefined;
}

/** Inverse of limitTypeWord. The HM and HMS persistent words differ, so the word alone tells both. */
export function limitTypeOfWord(word: number): DecodedLimitType | undefined {
  switch (word) {
    case 0x0000:
      return { limitType: LimitType.AbsoluteNonPersistent, encoding: undefined };
    case 0x0001:
      return { limitType: LimitType.RelativeNonPersistent, encoding: undefined };
    case 0x0100:
      return { limitType: LimitType.AbsolutePersistent, encoding: 'HM' };
    case 0x0101:
      return { limitType: LimitType.RelativePersistent, encoding: 'HM' };
    case 0x0002:
      return { limitType: LimitType.AbsolutePersistent, encoding: 'HMS' };
    case 0x0003:
      return { limitType: LimitType.RelativePersistent, encoding: 'HMS' };
    default:
      return undefined;
  }
}

/** Largest limit the 16-bit wire field can carry: 6553.5 W or %. */
export const MAX_LIMIT_VALUE = 0xffff / 10;

/**
 * `uint16(limit × 10)`, truncated (33.37 % → 333). Relative limits are clamped to 100 %;
 * negative values become 0 and values above the 16-bit range become 0xFFFF rather than wrapping.
 * Throws RangeError for a non-finite limit: that is a caller bug, not radio input.
 */
export function limitWireValue(limit: number, type: LimitType): number {
  if (!Number.isFinite(limit)) throw new RangeError(`limit must be a finite number: ${limit}`);
  const clamped = isRelativeLimit(type) ? Math.min(limit, 100) : limit;
  // Rounding to 1e-6 first removes binary float noise (e.g. 4.35 × 10 = 43.4999…) before truncating.
  const tenths = Math.trunc(Math.round(clamped * 10 * 1e6) / 1e6);
  return Math.min(0xffff, Math.max(0, tenths));
}

export type PowerAction = 'on' | 'off' | 'restart';

const POWER_SUB_COMMAND: Record<PowerAction, DeviceControlSubCommand> = {
  on: DeviceControlSubCommand.TurnOn,
  off: DeviceControlSubCommand.TurnOff,
  restart: DeviceControlSubCommand.Restart,
};

export type DeviceControlCommand =
  | {
      kind: 'limit';
      limitType: LimitType;
      /** W (absolute) or % (relative), as carried on the wire: wireValue / 10. */
      limit: number;
      wireValue: number;
      typeWord: number;
      /** Encoding the type word belongs to; undefined for the shared non-persistent words. */
      encoding: LimitEncoding | undefined;
    }
  | { kind: 'power'; action: PowerAction };

export function subCommandOf(command: DeviceControlCommand): DeviceControlSubCommand {
  return command.kind === 'limit'
    ? DeviceControlSubCommand.ActivePowerLimit
    : POWER_SUB_COMMAND[command.action];
}

export interface LimitRequestOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  limitType: LimitType;
  /** W for absolute types, % for relative types. */
  limit: number;
  /** The family's limitEncoding (families.ts). */
  encoding: LimitEncoding;
}

/** The ActivePowerControl request (19 bytes). */
export function buildLimitRequest(options: LimitRequestOptions): Uint8Array {
  const body = new Uint8Array(6);
  body[0] = DeviceControlSubCommand.ActivePowerLimit;
  writeU16(body, 2, limitWireValue(options.limit, options.limitType));
  writeU16(body, 4, limitTypeWord(options.limitType, options.encoding));
  return controlFrame(options.inverter, options.dtu, body);
}

export interface PowerRequestOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  action: PowerAction;
}

/** The PowerControl request (15 bytes): turn on, turn off or restart. */
export function buildPowerRequest(options: PowerRequestOptions): Uint8Array {
  const body = new Uint8Array(2);
  body[0] = POWER_SUB_COMMAND[options.action];
  return controlFrame(options.inverter, options.dtu, body);
}

function controlFrame(inverter: Endpoint, dtu: Endpoint, body: Uint8Array): Uint8Array {
  return buildFrame(
    Command.DeviceControl,
    resolveEndpoint(inverter, 'inverter'),
    resolveEndpoint(dtu, 'dtu'),
    DEVICE_CONTROL_MARKER,
    withCrc16(body),
  );
}

/**
 * Decodes a device-control body: the bytes after byte 9 up to the CRC8, i.e. sub-command, 0x00, fields
 * and the CRC16. Never throws.
 */
export function decodeDeviceControlBody(body: Uint8Array): Result<DeviceControlCommand> {
  if (body.length < 4) return fail('truncated-payload', `device-control body of ${body.length} bytes`);
  if (!hasValidCrc16(body)) return fail('bad-crc16', 'device-control body CRC16 mismatch');
  const sub = body[0]!;
  switch (sub) {
    case DeviceControlSubCommand.ActivePowerLimit: {
      if (body.length < 8) return fail('truncated-payload', `limit body of ${body.length} bytes, 8 expected`);
      if (body.length > 8) return fail('long-frame', `limit body of ${body.length} bytes, 8 expected`);
      const wireValue = readU16(body, 2);
      const typeWord = readU16(body, 4);
      const decoded = limitTypeOfWord(typeWord);
      if (decoded === undefined) return fail('invalid-value', `unknown limit-type word ${typeWord}`);
      return ok({ kind: 'limit', ...decoded, limit: wireValue / 10, wireValue, typeWord });
    }
    case DeviceControlSubCommand.TurnOn:
    case DeviceControlSubCommand.TurnOff:
    case DeviceControlSubCommand.Restart: {
      if (body.length > 4) return fail('long-frame', `power body of ${body.length} bytes, 4 expected`);
      const action = sub === 0 ? 'on' : sub === 1 ? 'off' : 'restart';
      return ok({ kind: 'power', action });
    }
    default:
      return fail('unexpected-command', `unknown device-control sub-command ${hex2(sub)}`);
  }
}

export interface DeviceControlRequest {
  inverterAddress: RadioAddress;
  dtuAddress: RadioAddress;
  command: DeviceControlCommand;
}

/** Decodes a whole 0x51 request frame (simulator side). Never throws. */
export function parseDeviceControlRequest(
  bytes: Uint8Array,
  filter: AddressFilter = {},
): Result<DeviceControlRequest> {
  const raw = parseRawFrame(bytes, filter);
  if (!raw.ok) return raw;
  const { command, byte9, body, inverterAddress, dtuAddress } = raw.value;
  if (command !== Command.DeviceControl) {
    return fail('unexpected-command', `command ${hex2(command)}, 0x51 expected`);
  }
  if (byte9 !== DEVICE_CONTROL_MARKER)
    return fail('invalid-value', `byte 9 is ${hex2(byte9)}, 0x81 expected`);
  const decoded = decodeDeviceControlBody(body);
  if (!decoded.ok) return decoded;
  return ok({ inverterAddress, dtuAddress, command: decoded.value });
}

export interface DeviceControlAckOptions {
  inverter: Endpoint;
  dtu: Endpoint;
  /** The sub-command being acknowledged (0x0B for a limit, 0..2 for power). */
  subCommand: number;
}

/** The ack a simulated inverter sends: payload 00 00 <sub> 00 + CRC16, as 0xD1 fragment(s). */
export function encodeDeviceControlAck(options: DeviceControlAckOptions): Uint8Array[] {
  if (!Number.isInteger(options.subCommand) || options.subCommand < 0 || options.subCommand > 0xff) {
    throw new RangeError(`sub-command must be a byte: ${options.subCommand}`);
  }
  return encodeResponseFragments({
    inverter: options.inverter,
    dtu: options.dtu,
    command: Command.DeviceControl,
    payload: Uint8Array.of(0x00, 0x00, options.subCommand, 0x00),
    appendCrc16: true,
  });
}

export interface DeviceControlAck {
  /** Echoed sub-command (payload byte 2). */
  subCommand: number;
}

/**
 * Reads the echoed sub-command from a reassembled 0xD1 payload (CRC16 included). Informational only:
 * OpenDTU counts any complete 0xD1 answer as the ack without looking at its content.
 */
export function decodeDeviceControlAck(payload: Uint8Array): Result<DeviceControlAck> {
  if (payload.length < 6)
    return fail('truncated-payload', `ack payload of ${payload.length} bytes, 6 expected`);
  if (!hasValidCrc16(payload)) return fail('bad-crc16', 'ack payload CRC16 mismatch');
  return ok({ subCommand: payload[2]! });
}
