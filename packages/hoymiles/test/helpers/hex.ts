/** Test helpers: hex text ↔ bytes, as the data files write them ("00 01 4F"). */
import { crc16 } from '../../src/crc';

export function hex(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-f]/i.test(clean)) throw new Error(`bad hex: ${text}`);
  return Uint8Array.from(clean.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

/** Bytes followed by their CRC16, high byte first (independent of the code under test's helper). */
export function withCrc(bytes: Uint8Array): Uint8Array {
  const crc = crc16(bytes);
  return Uint8Array.from([...bytes, crc >> 8, crc & 0xff]);
}

/** The data part of response frames (bytes 10..len-2), joined in order. */
export function joinFrames(frames: readonly string[]): Uint8Array {
  return Uint8Array.from(frames.flatMap((f) => Array.from(hex(f).subarray(10, -1))));
}

/** Relative closeness used for the vectors' 32-bit-float reference values. */
export function close(actual: number, expected: number, rel = 1e-4): boolean {
  if (expected === 0) return Math.abs(actual) < 1e-9;
  return Math.abs(actual - expected) <= rel * Math.abs(expected);
}
