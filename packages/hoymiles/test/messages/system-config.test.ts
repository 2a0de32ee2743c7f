import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import protocol from '../../data/protocol.json';
import {
  decodeSystemConfig,
  encodeSystemConfig,
  limitAbsoluteW,
  limitRelativeFromAbsolute,
  SYSTEM_CONFIG_DATA_TYPE,
  truncateLimitPercent,
} from '../../src/messages/system-config';
import { answerFrames, joinedPayload, readEntry } from '../helpers/captures';
import { joinFrames, toHex, withCrc } from '../helpers/hex';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const vectors = protocol.testVectors.systemConfigPara;

describe('limit read-back vectors (protocol.json → systemConfigPara)', () => {
  it('is data type 0x05', () => {
    expect(SYSTEM_CONFIG_DATA_TYPE).toBe(0x05);
    expect(vectors).toHaveLength(2);
  });

  for (const v of vectors) {
    it(`reports ${v.limit_relative} %`, () => {
      const payload = joinFrames(v.frames);
      expect(payload.length).toBe(16);
      const config = unwrap(decodeSystemConfig(payload));
      expect(config.limitRelative).toBe(v.limit_relative);
    });
  }

  it('keeps the uncapped wire value apart from the reported one', () => {
    expect(unwrap(decodeSystemConfig(joinFrames(vectors[1]!.frames)))).toEqual({
      limitPercent: 1000,
      limitRelative: 100,
    });
  });
});

describe('limit read-backs of real inverters (the capture corpus)', () => {
  const captured = (stem: string) => {
    const exchange = readEntry(stem).exchanges.find((e) => e.request === 'system-config')!;
    return joinedPayload(answerFrames(stem, exchange));
  };

  it('decodes an HM-1200/1500 at 53.3 %, and the simulator answers in the same shape, byte for byte', () => {
    const payload = captured('hm-4t-system-config-opendtu-935-2');
    expect(unwrap(decodeSystemConfig(payload))).toEqual({ limitPercent: 53.3, limitRelative: 53.3 });
    expect(toHex(encodeSystemConfig({ limitPercent: 53.3 }, 'NRF24'))).toBe(toHex(payload));
  });

  it("refuses an HM's run data sent in answer to the read-back request (a good CRC16, but no limit)", () => {
    const payload = captured('hm-600-system-config-opendtu-1022-2');
    expect(payload.length).toBeGreaterThan(16);
    const r = decodeSystemConfig(payload);
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid-value');
  });
});

describe('what the limit values become', () => {
  it('absolute W from relative % and the rated power; unknown without it', () => {
    expect(limitAbsoluteW(50, 800)).toBe(400);
    expect(limitAbsoluteW(75.5, 2000)).toBe(1510);
    expect(limitAbsoluteW(100, 0)).toBeNull();
  });

  it('relative % after an absolute ack, truncated to 0.1 %', () => {
    expect(limitRelativeFromAbsolute(400, 800)).toBe(50);
    expect(limitRelativeFromAbsolute(333, 1000)).toBe(33.3);
    expect(limitRelativeFromAbsolute(1, 3)).toBe(33.3); // 33.333… truncated, not rounded
    expect(limitRelativeFromAbsolute(2, 3)).toBe(66.6); // 66.666… truncated, not rounded to 66.7
    expect(limitRelativeFromAbsolute(400, 0)).toBeNull();
  });

  it('truncates like the wire value uint16(limit × 10)', () => {
    expect(truncateLimitPercent(33.37)).toBe(33.3);
    expect(truncateLimitPercent(57.3)).toBe(57.3);
    expect(truncateLimitPercent(0.7)).toBe(0.7);
    expect(truncateLimitPercent(Number.NaN)).toBe(0);
  });
});

describe('limit read-back round trip and malformed input', () => {
  it('encode → decode keeps the limit at 0.1 % resolution and caps the report', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), (tenths) => {
        const limitPercent = tenths / 10;
        const config = unwrap(decodeSystemConfig(encodeSystemConfig({ limitPercent })));
        expect(config.limitPercent).toBe(limitPercent);
        expect(config.limitRelative).toBe(Math.min(100, limitPercent));
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 6553.5, noNaN: true }), (limitPercent) => {
        const config = unwrap(decodeSystemConfig(encodeSystemConfig({ limitPercent })));
        expect(config.limitPercent).toBeLessThanOrEqual(limitPercent + 1e-6);
        expect(limitPercent - config.limitPercent).toBeLessThan(0.1);
      }),
    );
  });

  it('clamps out-of-range limits instead of wrapping', () => {
    expect(unwrap(decodeSystemConfig(encodeSystemConfig({ limitPercent: 7000 }))).limitPercent).toBe(6553.5);
    expect(unwrap(decodeSystemConfig(encodeSystemConfig({ limitPercent: -5 }))).limitPercent).toBe(0);
  });

  const payload = joinFrames(vectors[0]!.frames);

  it('rejects a bad CRC16', () => {
    for (let i = 0; i < payload.length; i++) {
      const bad = payload.slice();
      bad[i]! ^= 0x40;
      const r = decodeSystemConfig(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('bad-crc16');
    }
  });

  it('rejects a valid-CRC payload of any other length than a read-back', () => {
    for (let len = 0; len < 14; len++) {
      const r = decodeSystemConfig(withCrc(payload.subarray(0, len)));
      expect(r.ok ? 'ok' : r.error.code).toBe('truncated-payload');
    }
    const longer = withCrc(Uint8Array.from([...payload.subarray(0, 14), 0, 0]));
    expect(decodeSystemConfig(longer).ok).toBe(false);
    expect(unwrap(decodeSystemConfig(withCrc(payload.subarray(0, 14)))).limitRelative).toBe(75.5);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.boolean(), (bytes, seal) => {
        const r = decodeSystemConfig(seal ? withCrc(bytes) : bytes);
        if (r.ok) expect(r.value.limitRelative).toBeLessThanOrEqual(100);
        else expect(['truncated-payload', 'bad-crc16', 'invalid-value']).toContain(r.error.code);
      }),
    );
  });
});
