import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import protocol from '../../data/protocol.json';
import { crc8, crc16 } from '../../src/crc';
import { reassemble } from '../../src/fragments';
import {
  buildLimitRequest,
  buildPowerRequest,
  decodeDeviceControlAck,
  decodeDeviceControlBody,
  encodeDeviceControlAck,
  isPersistentLimit,
  isRelativeLimit,
  limitTypeOfWord,
  limitTypeWord,
  limitWireValue,
  type PowerAction,
  parseDeviceControlRequest,
  subCommandOf,
} from '../../src/messages/device-control';
import { type LimitEncoding, LimitType } from '../../src/types';
import { bytes, errorCode, flipped, hex, unwrap } from '../helpers/frame-test-utils';

const HM = '114182345678';
const DTU = '199980112345';

const TYPE_BY_NAME: Record<string, LimitType> = {
  AbsolutNonPersistent: LimitType.AbsoluteNonPersistent,
  RelativNonPersistent: LimitType.RelativeNonPersistent,
  AbsolutPersistent: LimitType.AbsolutePersistent,
  RelativPersistent: LimitType.RelativePersistent,
};

function reseal(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  copy[copy.length - 1] = crc8(copy, 0, copy.length - 1);
  return copy;
}

describe('limit types', () => {
  it('encode the wire word per docs/protocol.md', () => {
    const words = (encoding: LimitEncoding) =>
      [0, 1, 2, 3].map((t) => limitTypeWord(t as LimitType, encoding));
    expect(words('HM')).toEqual([0x0000, 0x0001, 0x0100, 0x0101]);
    expect(words('HMS')).toEqual([0x0000, 0x0001, 0x0002, 0x0003]);
    expect([0, 1, 2, 3].map((t) => isRelativeLimit(t as LimitType))).toEqual([false, true, false, true]);
    expect([0, 1, 2, 3].map((t) => isPersistentLimit(t as LimitType))).toEqual([false, false, true, true]);
  });

  it('decode every wire word back, with the encoding it implies', () => {
    expect(limitTypeOfWord(0x0000)).toEqual({ limitType: 0, encoding: undefined });
    expect(limitTypeOfWord(0x0001)).toEqual({ limitType: 1, encoding: undefined });
    expect(limitTypeOfWord(0x0100)).toEqual({ limitType: 2, encoding: 'HM' });
    expect(limitTypeOfWord(0x0101)).toEqual({ limitType: 3, encoding: 'HM' });
    expect(limitTypeOfWord(0x0002)).toEqual({ limitType: 2, encoding: 'HMS' });
    expect(limitTypeOfWord(0x0003)).toEqual({ limitType: 3, encoding: 'HMS' });
    expect(limitTypeOfWord(0x0004)).toBeUndefined();
    expect(limitTypeOfWord(0x0102)).toBeUndefined();
  });

  it('truncate limit × 10 and clamp to the wire range', () => {
    expect(limitWireValue(400, LimitType.AbsoluteNonPersistent)).toBe(4000);
    expect(limitWireValue(50, LimitType.RelativePersistent)).toBe(500);
    expect(limitWireValue(33.37, LimitType.RelativeNonPersistent)).toBe(333);
    expect(limitWireValue(4.35, LimitType.AbsoluteNonPersistent)).toBe(43);
    expect(limitWireValue(57.3, LimitType.AbsoluteNonPersistent)).toBe(573);
    expect(limitWireValue(150, LimitType.RelativeNonPersistent)).toBe(1000);
    expect(limitWireValue(150, LimitType.AbsoluteNonPersistent)).toBe(1500);
    expect(limitWireValue(-5, LimitType.AbsolutePersistent)).toBe(0);
    expect(limitWireValue(100000, LimitType.AbsolutePersistent)).toBe(0xffff);
    expect(() => limitWireValue(Number.NaN, LimitType.AbsolutePersistent)).toThrow(RangeError);
  });
});

describe('active power limit (0x51 / 0x0B)', () => {
  it.each(protocol.testVectors.activePowerControl)('$encoding $limit $type: encode byte-exact', (v) => {
    const frame = buildLimitRequest({
      inverter: v.inverter,
      dtu: DTU,
      limit: v.limit,
      limitType: TYPE_BY_NAME[v.type]!,
      encoding: v.encoding as LimitEncoding,
    });
    expect(frame).toHaveLength(19);
    expect(hex(frame)).toBe(v.frame);
  });

  it.each(protocol.testVectors.activePowerControl)('$encoding $limit $type: decode', (v) => {
    const limitType = TYPE_BY_NAME[v.type]!;
    const decoded = unwrap(parseDeviceControlRequest(bytes(v.frame), { inverter: v.inverter, dtu: DTU }));
    expect(decoded.inverterAddress).toBe(unwrapAddress(v.inverter));
    expect(decoded.dtuAddress).toBe(0x80112345);
    expect(decoded.command).toEqual({
      kind: 'limit',
      limitType,
      limit: Math.trunc(v.limit * 10) / 10,
      wireValue: Math.trunc(v.limit * 10),
      typeWord: limitTypeWord(limitType, v.encoding as LimitEncoding),
      encoding: isPersistentLimit(limitType) ? v.encoding : undefined,
    });
    expect(subCommandOf(decoded.command)).toBe(0x0b);
  });

  it('round-trips every limit type, encoding and wire value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }),
        fc.constantFrom<LimitType>(0, 1, 2, 3),
        fc.constantFrom<LimitEncoding>('HM', 'HMS'),
        (wire, limitType, encoding) => {
          const limit = isRelativeLimit(limitType) ? Math.min(wire, 1000) / 10 : wire / 10;
          const frame = buildLimitRequest({ inverter: HM, dtu: DTU, limit, limitType, encoding });
          const { command } = unwrap(parseDeviceControlRequest(frame));
          expect(command).toMatchObject({ kind: 'limit', limitType, limit });
          if (command.kind === 'limit' && isPersistentLimit(limitType))
            expect(command.encoding).toBe(encoding);
        },
      ),
    );
  });
});

function unwrapAddress(serial: string): number {
  return Number.parseInt(serial.slice(4), 16);
}

describe('power control (0x51 / 0x00..0x02)', () => {
  const ACTIONS: Record<string, PowerAction> = { turnOn: 'on', turnOff: 'off', restart: 'restart' };

  it.each(protocol.testVectors.powerControl)('$action: encode byte-exact', (v) => {
    const frame = buildPowerRequest({ inverter: HM, dtu: DTU, action: ACTIONS[v.action]! });
    expect(frame).toHaveLength(15);
    expect(hex(frame)).toBe(v.frame);
  });

  it.each(protocol.testVectors.powerControl)('$action: decode', (v) => {
    const decoded = unwrap(parseDeviceControlRequest(bytes(v.frame)));
    expect(decoded.command).toEqual({ kind: 'power', action: ACTIONS[v.action] });
    expect(subCommandOf(decoded.command)).toBe(Number.parseInt(v.subCommand, 16));
  });
});

describe('malformed device-control requests', () => {
  const limitFrame = bytes(protocol.testVectors.activePowerControl[0]!.frame);
  const powerFrame = bytes(protocol.testVectors.powerControl[0]!.frame);

  it('yield typed errors', () => {
    expect(errorCode(parseDeviceControlRequest(limitFrame.subarray(0, 5)))).toBe('short-frame');
    const badCrc8 = flipped(limitFrame, 18, 0xff);
    expect(errorCode(parseDeviceControlRequest(badCrc8))).toBe('bad-crc8');
    const badCrc16 = flipped(limitFrame, 13, 0x01);
    expect(errorCode(parseDeviceControlRequest(reseal(badCrc16)))).toBe('bad-crc16');
    expect(errorCode(parseDeviceControlRequest(limitFrame, { inverter: '114483010203' }))).toBe(
      'wrong-address',
    );
    const dataRequest = bytes(protocol.testVectors.multiDataRequests[0]!.frame);
    expect(errorCode(parseDeviceControlRequest(dataRequest))).toBe('unexpected-command');
    const marker = powerFrame.slice();
    marker[9] = 0x80;
    expect(errorCode(parseDeviceControlRequest(reseal(marker)))).toBe('invalid-value');
  });

  it('checks the body: sub-command, length, type word', () => {
    const body = (data: number[]) => {
      const raw = Uint8Array.from(data);
      const crc = crc16(raw);
      return Uint8Array.from([...data, crc >> 8, crc & 0xff]);
    };
    expect(errorCode(decodeDeviceControlBody(Uint8Array.of(0x0b, 0x00)))).toBe('truncated-payload');
    expect(errorCode(decodeDeviceControlBody(body([0x0b, 0x00, 0x0f, 0xa0])))).toBe('truncated-payload');
    expect(errorCode(decodeDeviceControlBody(body([0x0b, 0x00, 0x0f, 0xa0, 0x00, 0x00, 0x00])))).toBe(
      'long-frame',
    );
    expect(errorCode(decodeDeviceControlBody(body([0x0b, 0x00, 0x0f, 0xa0, 0x00, 0x07])))).toBe(
      'invalid-value',
    );
    expect(errorCode(decodeDeviceControlBody(body([0x01, 0x00, 0x00])))).toBe('long-frame');
    expect(errorCode(decodeDeviceControlBody(body([0x11, 0x00])))).toBe('unexpected-command');
    expect(unwrap(decodeDeviceControlBody(body([0x02, 0x00])))).toEqual({ kind: 'power', action: 'restart' });
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
        expect(typeof parseDeviceControlRequest(data).ok).toBe('boolean');
        expect(typeof decodeDeviceControlBody(data).ok).toBe('boolean');
        expect(typeof decodeDeviceControlAck(data).ok).toBe('boolean');
      }),
    );
  });

  it('throws on a non-finite limit or a bad serial (caller bugs)', () => {
    const base = {
      inverter: HM,
      dtu: DTU,
      limitType: LimitType.AbsoluteNonPersistent,
      encoding: 'HM',
    } as const;
    expect(() => buildLimitRequest({ ...base, limit: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => buildLimitRequest({ ...base, limit: 1, inverter: '' })).toThrow(RangeError);
  });
});

describe('acknowledgement (0xD1)', () => {
  it('encodes the observed ack byte-exact', () => {
    const frames = encodeDeviceControlAck({ inverter: HM, dtu: DTU, subCommand: 0x0b });
    expect(frames.map(hex)).toEqual(protocol.testVectors.devControlAck.frames);
  });

  it('decodes the observed ack through reassembly', () => {
    const assembled = unwrap(
      reassemble(protocol.testVectors.devControlAck.frames.map(bytes), { command: 0xd1 }),
    );
    expect(assembled.command).toBe(0xd1);
    expect(hex(assembled.payload)).toBe('00 00 0B 00 14 07');
    expect(unwrap(decodeDeviceControlAck(assembled.payload))).toEqual({ subCommand: 0x0b });
  });

  it.each([0x00, 0x01, 0x02, 0x0b])('round-trips sub-command %i', (subCommand) => {
    const frames = encodeDeviceControlAck({ inverter: 0x82345678, dtu: 0x80112345, subCommand });
    const assembled = unwrap(reassemble(frames, { command: 0x51, inverter: HM, dtu: DTU }));
    expect(unwrap(decodeDeviceControlAck(assembled.payload)).subCommand).toBe(subCommand);
  });

  it('reports short or corrupt ack payloads', () => {
    expect(errorCode(decodeDeviceControlAck(bytes('00 00 0B')))).toBe('truncated-payload');
    expect(errorCode(decodeDeviceControlAck(bytes('00 00 0B 00 14 08')))).toBe('bad-crc16');
    expect(() => encodeDeviceControlAck({ inverter: HM, dtu: DTU, subCommand: 256 })).toThrow(RangeError);
  });
});
