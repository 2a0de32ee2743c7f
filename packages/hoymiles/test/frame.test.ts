import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import protocol from '../data/protocol.json';
import runtime from '../data/runtime-fields.json';
import { crc8 } from '../src/crc';
import {
  addressOfSerial,
  buildDataRequest,
  buildReRequest,
  Command,
  encodeResponseFragments,
  formatAddress,
  parseFrame,
  parseRequest,
  ResponseCommand,
} from '../src/frame';
import { DataType } from '../src/types';
import { bytes, errorCode, flipped, hex, unwrap } from './helpers/frame-test-utils';

const HM = '114182345678';
const HMS = '114483010203';
const DTU = '199980112345';

/** Every response frame set in the data files, with the addresses it carries. */
const responseSets: { name: string; frames: string[] }[] = [
  { name: 'devInfo all', frames: protocol.testVectors.devInfo.allFrames },
  { name: 'devInfo simple', frames: protocol.testVectors.devInfo.simpleFrames },
  ...protocol.testVectors.systemConfigPara.map((v, i) => ({ name: `systemConfig ${i}`, frames: v.frames })),
  { name: 'alarmLog', frames: protocol.testVectors.alarmLog.frames },
  { name: 'devControlAck', frames: protocol.testVectors.devControlAck.frames },
  ...runtime.testVectors.map((v) => ({ name: `run data ${v.family}`, frames: v.responseFrames })),
];

/** Fixes the CRC8 after a test edited a frame, so that only the intended defect remains. */
function resealed(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  copy[copy.length - 1] = crc8(copy, 0, copy.length - 1);
  return copy;
}

describe('radio addresses', () => {
  it('takes the last 8 hex digits of a serial', () => {
    expect(unwrap(addressOfSerial(HM))).toBe(0x82345678);
    expect(unwrap(addressOfSerial(DTU))).toBe(0x80112345);
    expect(unwrap(addressOfSerial('284122399ef8'))).toBe(0x22399ef8);
    expect(unwrap(addressOfSerial('99978563412'))).toBe(0x78563412);
    expect(formatAddress(0x0112345)).toBe('00112345');
  });

  it('gives serial 114172220001 the address 72 22 00 01 (the nRF24 registers get 01 72 22 00 01, LSB first)', () => {
    const address = unwrap(addressOfSerial('114172220001'));
    expect(address).toBe(0x72220001);
    // The address bytes in a frame, most significant first, as bytes 1..4 of a request carry them.
    expect([address >>> 24, (address >>> 16) & 0xff, (address >>> 8) & 0xff, address & 0xff]).toEqual([
      0x72, 0x22, 0x00, 0x01,
    ]);
  });

  it.each(['', '0', '000000000000', 'G14182345678', '1141823456780', ' 114182345678'])(
    'rejects %j as a serial',
    (serial) => {
      expect(errorCode(addressOfSerial(serial))).toBe('invalid-serial');
    },
  );
});

describe('command ids', () => {
  it('are the documented ones', () => {
    expect(Command).toEqual({ DataRequest: 0x15, DeviceControl: 0x51, ChannelChange: 0x56 });
    expect(ResponseCommand).toEqual({ DataResponse: 0x95, DeviceControlAck: 0xd1 });
  });
});

describe('buildDataRequest', () => {
  it.each(protocol.testVectors.multiDataRequests)('$command: byte-exact', (v) => {
    const frame = buildDataRequest({
      inverter: v.inverter,
      dtu: v.dtu,
      dataType: Number.parseInt(v.dataType, 16) as DataType,
      time: v.unixTime,
    });
    expect(frame).toHaveLength(27);
    expect(hex(frame)).toBe(v.frame);
  });

  it.each(runtime.testVectors)('run-data request for $family: byte-exact', (v) => {
    const frame = buildDataRequest({
      inverter: v.inverterSerial,
      dtu: v.dtuSerial,
      dataType: DataType.RunData,
      time: v.request.unixTime,
    });
    expect(hex(frame)).toBe(v.request.frame);
  });

  it('accepts radio addresses instead of serials and drops fractions of a second', () => {
    const frame = buildDataRequest({
      inverter: 0x82345678,
      dtu: 0x80112345,
      dataType: 0x0b,
      time: 1718960400.9,
    });
    expect(hex(frame)).toBe(protocol.testVectors.multiDataRequests[0]!.frame);
  });

  it('throws on caller bugs', () => {
    const base = { inverter: HM, dtu: DTU, dataType: DataType.RunData, time: 0 };
    expect(() => buildDataRequest({ ...base, inverter: 'nope' })).toThrow(RangeError);
    expect(() => buildDataRequest({ ...base, dtu: -1 })).toThrow(RangeError);
    expect(() => buildDataRequest({ ...base, time: -1 })).toThrow(RangeError);
    expect(() => buildDataRequest({ ...base, time: 2 ** 32 })).toThrow(RangeError);
    expect(() => buildDataRequest({ ...base, time: Number.NaN })).toThrow(RangeError);
    expect(() => buildDataRequest({ ...base, dataType: 256 as DataType })).toThrow(RangeError);
  });
});

describe('buildReRequest', () => {
  it.each(protocol.testVectors.requestFrame)('fragment $fragment: byte-exact', (v) => {
    expect(hex(buildReRequest({ inverter: HM, dtu: DTU, fragment: v.fragment }))).toBe(v.frame);
  });

  it.each([0, 13, 1.5, -1])('throws for fragment %s', (fragment) => {
    expect(() => buildReRequest({ inverter: HM, dtu: DTU, fragment })).toThrow(RangeError);
  });
});

describe('parseRequest (inverter side)', () => {
  it.each(protocol.testVectors.multiDataRequests)('$command: data type and time', (v) => {
    expect(unwrap(parseRequest(bytes(v.frame)))).toEqual({
      kind: 'data',
      inverterAddress: 0x82345678,
      dtuAddress: 0x80112345,
      dataType: Number.parseInt(v.dataType, 16),
      time: v.unixTime,
    });
  });

  it.each(protocol.testVectors.requestFrame)('re-request of fragment $fragment', (v) => {
    expect(unwrap(parseRequest(bytes(v.frame)))).toEqual({
      kind: 'rerequest',
      inverterAddress: 0x82345678,
      dtuAddress: 0x80112345,
      fragment: v.fragment,
    });
  });

  it('dispatches device control and channel change', () => {
    const limit = unwrap(parseRequest(bytes(protocol.testVectors.activePowerControl[0]!.frame)));
    expect(limit).toMatchObject({
      kind: 'device-control',
      command: { kind: 'limit', limit: 400, limitType: 0 },
    });
    const restart = unwrap(parseRequest(bytes(protocol.testVectors.powerControl[2]!.frame)));
    expect(restart).toMatchObject({ kind: 'device-control', command: { kind: 'power', action: 'restart' } });
    const channel = unwrap(parseRequest(bytes(protocol.testVectors.channelChange[0]!.frame)));
    expect(channel).toEqual({
      kind: 'channel-change',
      inverterAddress: 0x83010203,
      dtuAddress: 0x80112345,
      channel: 20,
      frequencyHz: 865000000,
      countries: ['EU'],
    });
  });

  it('filters by address', () => {
    const frame = bytes(protocol.testVectors.multiDataRequests[0]!.frame);
    expect(parseRequest(frame, { inverter: HM }).ok).toBe(true);
    expect(errorCode(parseRequest(frame, { inverter: HMS }))).toBe('wrong-address');
    expect(errorCode(parseRequest(frame, { dtu: '199980112346' }))).toBe('other-dtu');
  });

  it('reports malformed requests with typed errors', () => {
    const request = bytes(protocol.testVectors.multiDataRequests[0]!.frame);
    expect(errorCode(parseRequest(request.subarray(0, 10)))).toBe('short-frame');
    expect(errorCode(parseRequest(resealed(request.subarray(0, 26))))).toBe('short-frame');
    const longer = new Uint8Array(28);
    longer.set(request.subarray(0, 26));
    expect(errorCode(parseRequest(resealed(longer)))).toBe('long-frame');
    const badCrc8 = flipped(request, 26, 1);
    expect(errorCode(parseRequest(badCrc8))).toBe('bad-crc8');
    const badCrc16 = flipped(request, 15, 1); // time changed, CRC16 not
    expect(errorCode(parseRequest(resealed(badCrc16)))).toBe('bad-crc16');
    const wrongMarker = request.slice();
    wrongMarker[9] = 0x81;
    expect(errorCode(parseRequest(resealed(wrongMarker)))).toBe('invalid-value');
    const response = bytes(protocol.testVectors.devInfo.allFrames[0]!);
    expect(errorCode(parseRequest(response))).toBe('unexpected-command');
    const reRequest0 = bytes('15 82 34 56 78 80 11 23 45 80 00');
    expect(errorCode(parseRequest(resealed(reRequest0)))).toBe('bad-fragment-number');
    const reRequest13 = bytes('15 82 34 56 78 80 11 23 45 8D 00');
    expect(errorCode(parseRequest(resealed(reRequest13)))).toBe('bad-fragment-number');
  });

  it('round-trips any data request', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom(...Object.values(DataType)),
        fc.integer({ min: 0, max: 0xffffffff }),
        (inverter, dtu, dataType, time) => {
          const frame = buildDataRequest({ inverter, dtu, dataType, time });
          expect(unwrap(parseRequest(frame))).toEqual({
            kind: 'data',
            inverterAddress: inverter,
            dtuAddress: dtu,
            dataType,
            time,
          });
        },
      ),
    );
  });
});

describe('parseFrame (DTU side)', () => {
  it('splits a response fragment', () => {
    const [first, , last] = protocol.testVectors.alarmLog.frames.map(bytes);
    expect(unwrap(parseFrame(first!))).toEqual({
      command: 0x95,
      isResponse: true,
      inverterAddress: 0x82345678,
      dtuAddress: 0x80112345,
      fragment: 1,
      last: false,
      data: bytes('00 01 80 01 00 01 58 02 00 00 00 00 00 00 30 8F'),
    });
    expect(unwrap(parseFrame(last!))).toMatchObject({
      fragment: 3,
      last: true,
      data: bytes('00 01 00 00 00 00 F2 83'),
    });
  });

  it.each(responseSets)('$name: every frame parses', ({ frames }) => {
    for (const [i, frame] of frames.entries()) {
      const parsed = unwrap(parseFrame(bytes(frame)));
      expect(parsed.fragment).toBe(i + 1);
      expect(parsed.last).toBe(i === frames.length - 1);
      expect(parsed.data.length).toBeLessThanOrEqual(16);
    }
  });

  describe('bytes 5..8 of an answer', () => {
    const answer = (dtu: string | number) =>
      encodeResponseFragments({ inverter: HM, dtu, command: 0x15, payload: Uint8Array.of(0, 1, 2, 3) })[0]!;
    const request = (dtu: string | number) =>
      buildDataRequest({ inverter: HM, dtu, dataType: DataType.RunData, time: 1_700_000_000 });

    it("accepts the DTU's address (HMS, HMT)", () => {
      expect(parseFrame(answer(DTU), { inverter: HM, dtu: DTU }).ok).toBe(true);
    });

    it("accepts the inverter's own address (HM names itself twice)", () => {
      const parsed = unwrap(parseFrame(answer(HM), { inverter: HM, dtu: DTU }));
      expect(parsed.dtuAddress).toBe(0x82345678);
      expect(parsed.inverterAddress).toBe(0x82345678);
    });

    it("reports a third address as another DTU's answer", () => {
      const other = parseFrame(answer('199980112346'), { inverter: HM, dtu: DTU });
      expect(errorCode(other)).toBe('other-dtu');
      expect(other.ok ? '' : other.error.message).toContain('80112346');
    });

    it("never takes a request naming the inverter twice for this DTU's (only answers may)", () => {
      expect(errorCode(parseFrame(request(HM), { inverter: HM, dtu: DTU }))).toBe('other-dtu');
      expect(parseFrame(request(DTU), { inverter: HM, dtu: DTU }).ok).toBe(true);
    });

    it("still checks bytes 1..4 first: another inverter's answer is 'wrong-address'", () => {
      expect(errorCode(parseFrame(answer(HM), { inverter: HMS, dtu: DTU }))).toBe('wrong-address');
    });
  });

  it('reports malformed frames with typed errors', () => {
    const frame = bytes(protocol.testVectors.devInfo.allFrames[0]!);
    expect(errorCode(parseFrame(new Uint8Array(0)))).toBe('short-frame');
    expect(errorCode(parseFrame(frame.subarray(0, 10)))).toBe('short-frame');
    expect(errorCode(parseFrame(new Uint8Array(33)))).toBe('long-frame');
    const badCrc = flipped(frame, 12, 0x40);
    expect(errorCode(parseFrame(badCrc))).toBe('bad-crc8');
    const seventeen = new Uint8Array(28);
    seventeen.set(frame.subarray(0, 26));
    expect(errorCode(parseFrame(resealed(seventeen)))).toBe('long-frame');
    expect(errorCode(parseFrame(frame, { inverter: HM }))).toBe('wrong-address');
    expect(errorCode(parseFrame(frame, { dtu: 0x80112346 }))).toBe('other-dtu');
    expect(errorCode(parseFrame(frame, { inverter: 'bogus' }))).toBe('invalid-serial');
    expect(parseFrame(frame, { inverter: HMS, dtu: DTU, command: 0x95 }).ok).toBe(true);
    expect(errorCode(parseFrame(frame, { command: 0xd1 }))).toBe('unexpected-command');
    expect(errorCode(parseFrame('95 83' as unknown as Uint8Array))).toBe('short-frame');
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.boolean(), (data, seal) => {
        const frame = seal && data.length > 0 ? resealed(data) : data;
        const parsed = parseFrame(frame);
        const request = parseRequest(frame);
        if (frame.length < 11) expect(parsed.ok).toBe(false);
        expect(typeof request.ok).toBe('boolean');
      }),
    );
  });
});

describe('encodeResponseFragments (inverter side)', () => {
  it.each(responseSets)('$name: byte-exact from the joined payload', ({ frames }) => {
    const parsed = frames.map((f) => unwrap(parseFrame(bytes(f))));
    const first = parsed[0]!;
    const payload = new Uint8Array(parsed.flatMap((p) => [...p.data]));
    const encoded = encodeResponseFragments({
      inverter: first.inverterAddress,
      dtu: first.dtuAddress,
      command: first.command,
      payload,
    });
    expect(encoded.map(hex)).toEqual(frames);
  });

  it.each(runtime.testVectors)(
    'run data $family: byte-exact from payloadWithoutCrc + appended CRC16',
    (v) => {
      const encoded = encodeResponseFragments({
        inverter: v.inverterSerial,
        dtu: v.dtuSerial,
        command: Command.DataRequest,
        payload: bytes(v.payloadWithoutCrc),
        appendCrc16: true,
      });
      expect(encoded.map(hex)).toEqual(v.responseFrames);
    },
  );

  it('alarm log: byte-exact from payloadWithoutCrc', () => {
    const encoded = encodeResponseFragments({
      inverter: HM,
      dtu: DTU,
      command: 0x95,
      payload: bytes(protocol.testVectors.alarmLog.payloadWithoutCrc),
      appendCrc16: true,
    });
    expect(encoded.map(hex)).toEqual(protocol.testVectors.alarmLog.frames);
  });

  it('sends an empty payload as one empty last fragment and refuses more than 12 fragments', () => {
    const [only, ...rest] = encodeResponseFragments({
      inverter: HM,
      dtu: DTU,
      command: 0x15,
      payload: new Uint8Array(0),
    });
    expect(rest).toHaveLength(0);
    expect(unwrap(parseFrame(only!))).toMatchObject({
      command: 0x95,
      fragment: 1,
      last: true,
      data: new Uint8Array(0),
    });
    expect(
      encodeResponseFragments({ inverter: HM, dtu: DTU, command: 0x15, payload: new Uint8Array(192) }),
    ).toHaveLength(12);
    expect(() =>
      encodeResponseFragments({ inverter: HM, dtu: DTU, command: 0x15, payload: new Uint8Array(193) }),
    ).toThrow(RangeError);
    expect(() =>
      encodeResponseFragments({
        inverter: HM,
        dtu: DTU,
        command: 0x15,
        payload: new Uint8Array(191),
        appendCrc16: true,
      }),
    ).toThrow(RangeError);
  });

  it('fragments parse back to the payload, numbered from 1, last with bit 7', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 192 }), fc.constantFrom(0x15, 0x51), (payload, command) => {
        const frames = encodeResponseFragments({ inverter: HMS, dtu: DTU, command, payload });
        expect(frames.length).toBe(Math.max(1, Math.ceil(payload.length / 16)));
        const parsed = frames.map((f) =>
          unwrap(parseFrame(f, { inverter: HMS, dtu: DTU, command: command | 0x80 })),
        );
        parsed.forEach((p, i) => {
          expect(p.fragment).toBe(i + 1);
          expect(p.last).toBe(i === frames.length - 1);
        });
        expect(new Uint8Array(parsed.flatMap((p) => [...p.data]))).toEqual(payload);
      }),
    );
  });
});
