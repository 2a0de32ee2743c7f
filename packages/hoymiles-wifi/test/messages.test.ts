import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import {
  CommandRequestSchema,
  decodeMessage,
  encodeMessage,
  limitData,
  numberOfSerial,
  parseLimitData,
  RealDataReplySchema,
  RealDataRequestSchema,
  serialOfNumber,
} from '../src/messages';
import { isNeverEncrypted, replyTagOf, WifiTag } from '../src/tags';

function hex(text: string): string {
  return text.replace(/\s+/g, '');
}

// The bytes below are written by hand from the field numbers and wire types of the protocol's messages
// (protobuf: key = field << 3 | wire type; 0 varint, 2 length-delimited), not produced by the code under test.
describe('Wi-Fi protobuf messages', () => {
  it('encodes a real-data request for page 1', () => {
    const bytes = encodeMessage(
      RealDataRequestSchema,
      create(RealDataRequestSchema, { cp: 1, offset: 28_800, time: 1_700_000_000 }),
    );
    // field 2 (cp) = 1, field 4 (offset) = 28800, field 5 (time) = 1700000000
    expect(Buffer.from(bytes).toString('hex')).toBe(hex('10 01  20 80e101  28 80e2cfaa06'));
  });

  it('encodes a limit command of 50 %', () => {
    const bytes = encodeMessage(
      CommandRequestSchema,
      create(CommandRequestSchema, {
        time: 1_700_000_000,
        action: 8,
        packageNub: 1,
        tid: 1_700_000_000n,
        data: limitData(50),
      }),
    );
    const data = Buffer.from('A:500,B:0,C:0\r').toString('hex');
    // time (1), action (2) = 8, package_nub (4) = 1, tid (6), data (7) = 14 bytes of text
    expect(Buffer.from(bytes).toString('hex')).toBe(
      hex(`08 80e2cfaa06  10 08  20 01  30 80e2cfaa06  3a 0e ${data}`),
    );
  });

  it('encodes an on command addressed to one inverter by serial', () => {
    const bytes = encodeMessage(
      CommandRequestSchema,
      create(CommandRequestSchema, {
        action: 6,
        devKind: 1,
        packageNub: 1,
        miToSn: [numberOfSerial('141212345678')],
      }),
    );
    // action (2) = 6, dev_kind (3) = 1, package_nub (4) = 1, mi_to_sn (9) packed: 7 bytes of varint 0x141212345678
    expect(Buffer.from(bytes).toString('hex')).toBe(hex('10 06  18 01  20 01  4a 07 f8acd191a18205'));
  });

  it('decodes a real-data reply of one inverter with one input', () => {
    const sgs = hex('08 f8acd191a18205  18 fd11  20 8927  28 d51e  60 01  68 e807');
    const pv = hex('08 f8acd191a18205  10 01  18 b802  20 8005  28 cd0f  30 c0c407  38 9506');
    const bytes = Buffer.from(hex(`0a 0c 343134333030303030303031  18 01  4a 16 ${sgs}  5a 1a ${pv}`), 'hex');
    const reply = decodeMessage(RealDataReplySchema, bytes);
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.value.deviceSerialNumber).toBe('414300000001');
    expect(reply.value.ap).toBe(1);
    const [g] = reply.value.sgsData;
    expect(serialOfNumber(g?.serialNumber ?? 0n)).toBe('141212345678');
    expect(g).toMatchObject({
      voltage: 2301,
      frequency: 5001,
      activePower: 3925,
      linkStatus: 1,
      powerLimit: 1000,
    });
    expect(reply.value.pvData[0]).toMatchObject({
      portNumber: 1,
      voltage: 312,
      current: 640,
      power: 1997,
      energyTotal: 123456,
      energyDaily: 789,
    });
  });

  it('reports bytes that are no message instead of throwing', () => {
    const truncated = decodeMessage(RealDataReplySchema, Uint8Array.of(0x0a, 0x20, 0x41));
    expect(truncated).toMatchObject({ ok: false });
    const badWire = decodeMessage(RealDataReplySchema, Uint8Array.of(0x0f));
    expect(badWire).toMatchObject({ ok: false });
  });

  it('gives serials in the wire form the radio inverters use (lower-case hex)', () => {
    expect(serialOfNumber(numberOfSerial('1144ABCDEF01'))).toBe('1144abcdef01');
    expect(numberOfSerial('1144abcdef01')).toBe(0x1144abcdef01n);
  });

  it('reads and writes the limit text', () => {
    expect(limitData(12.34)).toBe('A:123,B:0,C:0\r');
    expect(parseLimitData('A:1000,B:0,C:0\r')).toBe(1000);
    expect(parseLimitData('A:1001,B:0,C:0\r')).toBeUndefined();
    expect(parseLimitData('garbage')).toBeUndefined();
  });

  it('knows the reply tags and the tags sent in clear', () => {
    expect(replyTagOf(WifiTag.RealData)).toBe(0xa211);
    expect(replyTagOf(WifiTag.CloudCommand)).toBe(0x2205);
    expect(isNeverEncrypted(WifiTag.AppInfo)).toBe(true);
    expect(isNeverEncrypted(0xa201)).toBe(true);
    expect(isNeverEncrypted(WifiTag.Heartbeat)).toBe(true);
    expect(isNeverEncrypted(WifiTag.RealData)).toBe(false);
  });
});
