import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameReader } from '../src/frame';

/**
 * A small seeded generator (mulberry32 on an FNV-1a hash of the label): the same seed gives the same
 * bytes on every run, without depending on the gateway's simulator.
 */
function seededRandom(label: string): { next(): number; chance(p: number): boolean } {
  let state = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) state = Math.imul(state ^ label.charCodeAt(i), 0x01000193) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, chance: (p) => next() < p };
}

/**
 * Seeded random bytes through the frame reader: it never throws, never returns a frame whose CRC does
 * not hold, and never holds more than one frame's worth of bytes.
 */
describe('Wi-Fi frame reader fuzz', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('survives garbage and damaged frames, seed %i', (seed) => {
    const random = seededRandom(`wifi-fuzz-${seed}`);
    const byte = () => Math.floor(random.next() * 256);
    for (let round = 0; round < 400; round++) {
      const encrypted = random.chance(0.3);
      const reader = new FrameReader({ encrypted: () => encrypted, extended: (tag) => tag === 0xdb01 });
      let bytes: Uint8Array;
      if (random.chance(0.5)) {
        bytes = Uint8Array.from({ length: Math.floor(random.next() * 80) }, byte);
        if (random.chance(0.5) && bytes.length > 2) {
          bytes[0] = 0x48;
          bytes[1] = 0x4d;
        }
      } else {
        const body = Uint8Array.from({ length: 16 + Math.floor(random.next() * 40) }, byte);
        bytes = encodeFrame(random.chance(0.2) ? 0xdb01 : 0xa211, round, body, { encrypted });
        // Damage a few bytes, or cut it short.
        const flips = Math.floor(random.next() * 3);
        for (let i = 0; i < flips; i++) bytes[Math.floor(random.next() * bytes.length)] = byte();
        if (random.chance(0.2)) bytes = bytes.subarray(0, Math.floor(random.next() * bytes.length));
      }
      let offset = 0;
      while (offset < bytes.length) {
        const size = 1 + Math.floor(random.next() * 16);
        reader.push(bytes.subarray(offset, offset + size));
        offset += size;
        for (;;) {
          const result = reader.next();
          if (result === null) break;
          if (result.ok) {
            expect(result.frame.body.length).toBeLessThanOrEqual(bytes.length);
          } else {
            expect(['bad-magic', 'bad-length', 'bad-crc', 'too-short']).toContain(result.error.kind);
          }
        }
        expect(reader.pending).toBeLessThanOrEqual(bytes.length);
      }
    }
  });
});
