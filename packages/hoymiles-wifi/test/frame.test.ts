import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameReader, type ReadResult } from '../src/frame';

function hex(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
}

const plain = { encrypted: () => false };

describe('Wi-Fi frames', () => {
  // Written from the documented layout by hand: "HM", tag a302, sequence 1, CRC-16/MODBUS of the body,
  // total length 10 + 10. The body is a heartbeat request {offset: 28800, time: 1700000000}:
  // 08 80e101 (field 1, varint 28800), 10 80e2cfaa06 (field 2, varint 1700000000).
  const heartbeatBody = hex('08 80e101 10 80e2cfaa06');
  const heartbeatFrame = hex('484d a302 0001 c4b4 0014 0880e1011080e2cfaa06');

  it('CRC-16/MODBUS has the standard check value', async () => {
    const { crc16 } = await import('@dtu-console/hoymiles');
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x4b37);
  });

  it('encodes the golden heartbeat frame', () => {
    expect(Buffer.from(encodeFrame(0xa302, 1, heartbeatBody)).toString('hex')).toBe(
      Buffer.from(heartbeatFrame).toString('hex'),
    );
  });

  it('reads the golden frame, also byte by byte', () => {
    const whole = new FrameReader(plain);
    whole.push(heartbeatFrame);
    const read = whole.next();
    expect(read).toMatchObject({ ok: true, frame: { tag: 0xa302, sequence: 1, encrypted: false } });
    expect(Buffer.from((read as { frame: { body: Uint8Array } }).frame.body)).toEqual(
      Buffer.from(heartbeatBody),
    );
    expect(whole.next()).toBeNull();

    const trickle = new FrameReader(plain);
    let result: ReadResult | null = null;
    for (const byte of heartbeatFrame) {
      expect(result).toBeNull();
      trickle.push(Uint8Array.of(byte));
      result = trickle.next();
    }
    expect(result?.ok).toBe(true);
  });

  it('reads two frames that arrive in one chunk', () => {
    const reader = new FrameReader(plain);
    const second = encodeFrame(0xa211, 2, hex('0801'));
    reader.push(Uint8Array.from([...heartbeatFrame, ...second]));
    expect(reader.next()).toMatchObject({ ok: true, frame: { sequence: 1 } });
    expect(reader.next()).toMatchObject({ ok: true, frame: { tag: 0xa211, sequence: 2 } });
    expect(reader.next()).toBeNull();
  });

  // An encrypted frame: the CRC covers the ciphertext without its GCM tag, the length leaves the 16 tag
  // bytes out. Ciphertext of the encryption vectors (crypto.test.ts).
  const sealed = hex('4338c7b8dd9f1811b1d496d32538345c634f00ebb2cb95f68d8d090c');
  const sealedFrame = hex(`484d a311 0007 9647 0016 ${Buffer.from(sealed).toString('hex')}`);

  it('encodes and reads the golden encrypted frame', () => {
    expect(Buffer.from(encodeFrame(0xa311, 7, sealed, { encrypted: true }))).toEqual(
      Buffer.from(sealedFrame),
    );
    const reader = new FrameReader({ encrypted: () => true });
    reader.push(sealedFrame.subarray(0, sealedFrame.length - 1));
    expect(reader.next()).toBeNull();
    reader.push(sealedFrame.subarray(sealedFrame.length - 1));
    const read = reader.next();
    expect(read).toMatchObject({ ok: true, frame: { tag: 0xa311, sequence: 7, encrypted: true } });
    expect(Buffer.from((read as { frame: { body: Uint8Array } }).frame.body)).toEqual(Buffer.from(sealed));
  });

  it('encodes and reads the extended 24-byte header', () => {
    const frame = encodeFrame(0xdb01, 3, hex('0801'), { extended: { serial: 0x4143a0123456n, number: 255 } });
    expect(Buffer.from(frame.subarray(0, 24)).toString('hex')).toBe(
      // HM, tag, seq, crc of 0801, length 24+2, 14, serial u64, 0, number 255
      `484d db01 0003 ${crcHex(hex('0801'))} 001a 000e 00004143a0123456 0000 00ff`.replace(/ /g, ''),
    );
    const reader = new FrameReader({ encrypted: () => false, extended: (tag) => tag === 0xdb01 });
    reader.push(frame);
    expect(reader.next()).toMatchObject({
      ok: true,
      frame: { extended: { serial: 0x4143a0123456n, number: 255 } },
    });
  });

  it.each([
    ['bad-magic', hex('484e a302 0001 c4b4 0014 0880e1011080e2cfaa06')],
    ['bad-magic', hex('00')],
    ['bad-crc', hex('484d a302 0001 c4b5 0014 0880e1011080e2cfaa06')],
    ['bad-length', hex('484d a302 0001 ffff 0009')],
  ])('refuses a frame with %s', (kind, bytes) => {
    const reader = new FrameReader(plain);
    reader.push(bytes);
    expect(reader.next()).toMatchObject({ ok: false, error: { kind } });
    // Spent after an error: the stream has lost its framing.
    reader.push(heartbeatFrame);
    expect(reader.next()).toBeNull();
  });

  it('waits for a length past the bytes received instead of reading past the buffer', () => {
    const reader = new FrameReader(plain);
    reader.push(hex('484d a302 0001 0000 ffff 00'));
    expect(reader.next()).toBeNull();
    expect(reader.pending).toBe(11);
  });
});

function crcHex(bytes: Uint8Array): string {
  let c = 0xffff;
  for (const x of bytes) {
    c ^= x;
    for (let i = 0; i < 8; i++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  }
  return c.toString(16).padStart(4, '0');
}
