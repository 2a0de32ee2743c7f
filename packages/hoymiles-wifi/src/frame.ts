/**
 * Frames of the Hoymiles Wi-Fi protocol over TCP (docs/wifi.md, Frames). A frame is a header and a body:
 *
 * - plain header, 10 bytes: "HM", tag (u16 BE), sequence (u16 BE), CRC-16/MODBUS of the body (u16 BE),
 *   total length = 10 + body length (u16 BE);
 * - extended header, 24 bytes: the plain header whose length counts the 24 bytes, then 14 (u16 BE, the
 *   length of what follows), the DTU serial (u64 BE), 0 (u16), a number (u16 BE);
 * - encrypted body: AES-128-GCM ciphertext followed by its 16-byte tag. The CRC covers the ciphertext
 *   only and the length field leaves the 16 tag bytes out, so the frame on the wire is 16 bytes longer
 *   than the length says.
 *
 * `FrameReader` cuts frames out of a TCP byte stream; it never throws: a bad frame is a `FrameError` of
 * one kind, and the caller resets the connection.
 */
import { crc16 } from '@dtu-console/hoymiles';

export const HEADER_BYTES = 10;
export const EXTENDED_HEADER_BYTES = 24;
export const GCM_TAG_BYTES = 16;
/** The largest frame either side accepts (the length field's reach). */
export const MAX_FRAME_BYTES = 0xffff + GCM_TAG_BYTES;

const MAGIC_H = 0x48;
const MAGIC_M = 0x4d;

export interface WifiFrame {
  tag: number;
  sequence: number;
  /** The body as on the wire (ciphertext and GCM tag when encrypted). */
  body: Uint8Array;
  encrypted: boolean;
  /** Extended header only. */
  extended?: { serial: bigint; number: number };
}

export type FrameErrorKind = 'bad-magic' | 'bad-length' | 'bad-crc' | 'too-short';

export interface FrameError {
  kind: FrameErrorKind;
  message: string;
}

export interface EncodeOptions {
  /** The body is ciphertext with its 16-byte GCM tag at the end. */
  encrypted?: boolean;
  extended?: { serial: bigint; number: number };
}

/** One frame's bytes. */
export function encodeFrame(
  tag: number,
  sequence: number,
  body: Uint8Array,
  options: EncodeOptions = {},
): Uint8Array {
  const encrypted = options.encrypted === true;
  const ext = options.extended;
  const headerBytes = ext ? EXTENDED_HEADER_BYTES : HEADER_BYTES;
  const covered = encrypted ? body.subarray(0, body.length - GCM_TAG_BYTES) : body;
  if (encrypted && body.length < GCM_TAG_BYTES)
    throw new RangeError('an encrypted body carries its 16-byte tag');
  const length = headerBytes + covered.length;
  if (length > 0xffff) throw new RangeError(`frame of ${length} bytes is past the length field`);
  const out = new Uint8Array(headerBytes + body.length);
  const view = new DataView(out.buffer);
  out[0] = MAGIC_H;
  out[1] = MAGIC_M;
  view.setUint16(2, tag & 0xffff);
  view.setUint16(4, sequence & 0xffff);
  view.setUint16(6, crc16(covered));
  view.setUint16(8, length);
  if (ext) {
    view.setUint16(10, 14);
    view.setBigUint64(12, BigInt.asUintN(64, ext.serial));
    view.setUint16(20, 0);
    view.setUint16(22, ext.number & 0xffff);
  }
  out.set(body, headerBytes);
  return out;
}

export interface FrameReaderOptions {
  /** Whether a frame of this tag carries a GCM tag after the length (the peer encrypts, tag not exempt). */
  encrypted(tag: number): boolean;
  /** Whether a frame of this tag has the 24-byte header. */
  extended?(tag: number): boolean;
}

export type ReadResult = { ok: true; frame: WifiFrame } | { ok: false; error: FrameError };

/**
 * Cuts frames out of a byte stream. `push` bytes as they arrive, then `next()` until it returns null.
 * After an error the reader is spent (the stream has lost its framing); make a new one with the connection.
 */
export class FrameReader {
  readonly #options: FrameReaderOptions;
  #buffer: Uint8Array = new Uint8Array(0);
  #failed = false;

  constructor(options: FrameReaderOptions) {
    this.#options = options;
  }

  /** Bytes held that do not yet make a frame. */
  get pending(): number {
    return this.#buffer.length;
  }

  push(chunk: Uint8Array): void {
    if (this.#failed || chunk.length === 0) return;
    const merged = new Uint8Array(this.#buffer.length + chunk.length);
    merged.set(this.#buffer, 0);
    merged.set(chunk, this.#buffer.length);
    this.#buffer = merged;
  }

  /** The next whole frame, an error, or null while more bytes are needed. */
  next(): ReadResult | null {
    if (this.#failed) return null;
    const b = this.#buffer;
    if (b.length >= 1 && b[0] !== MAGIC_H)
      return this.#fail('bad-magic', `frame starts with 0x${hex(b[0] ?? 0)}, not "HM"`);
    if (b.length >= 2 && b[1] !== MAGIC_M)
      return this.#fail('bad-magic', `frame starts with 0x48 0x${hex(b[1] ?? 0)}, not "HM"`);
    if (b.length < HEADER_BYTES) return null;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const tag = view.getUint16(2);
    const sequence = view.getUint16(4);
    const crc = view.getUint16(6);
    const length = view.getUint16(8);
    const extended = this.#options.extended?.(tag) === true;
    const headerBytes = extended ? EXTENDED_HEADER_BYTES : HEADER_BYTES;
    if (length < headerBytes) {
      return this.#fail(
        'bad-length',
        `length field ${length} is shorter than the ${headerBytes}-byte header`,
      );
    }
    const encrypted = this.#options.encrypted(tag);
    const total = length + (encrypted ? GCM_TAG_BYTES : 0);
    if (b.length < total) return null;
    if (extended && view.getUint16(10) !== 14) {
      return this.#fail('bad-length', `extended header says ${view.getUint16(10)} bytes follow, not 14`);
    }
    const covered = b.subarray(headerBytes, length);
    const actual = crc16(covered);
    if (actual !== crc) {
      return this.#fail(
        'bad-crc',
        `body CRC 0x${hex(actual, 4)} does not match the header's 0x${hex(crc, 4)}`,
      );
    }
    const frame: WifiFrame = {
      tag,
      sequence,
      body: b.slice(headerBytes, total),
      encrypted,
    };
    if (extended) frame.extended = { serial: view.getBigUint64(12), number: view.getUint16(22) };
    this.#buffer = b.slice(total);
    return { ok: true, frame };
  }

  #fail(kind: FrameErrorKind, message: string): ReadResult {
    this.#failed = true;
    this.#buffer = new Uint8Array(0);
    return { ok: false, error: { kind, message } };
  }
}

function hex(value: number, width = 2): string {
  return value.toString(16).padStart(width, '0');
}
