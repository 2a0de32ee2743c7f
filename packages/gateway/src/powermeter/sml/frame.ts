/**
 * SML transport, version 1 (docs/meter.md): a telegram starts with the escape 1b1b1b1b and 01010101 and
 * ends with the escape, 1a, the number of padding bytes and a CRC-16/X-25 over everything before the CRC.
 * Inside, four 1b bytes are sent twice. Escapes sit on 4-byte boundaries counted from the start (the
 * padding keeps them there).
 *
 * `SmlFramer` takes a byte stream in any pieces (a serial line delivers what it has), finds telegrams, and
 * hands out their unescaped content or names why one was thrown away. It never holds more than
 * `SML_MAX_TELEGRAM` bytes: a stream without a start (garbage, a wrong baud rate) keeps only its tail.
 */

const ESCAPE = 0x1b;
const START = Buffer.from([0x1b, 0x1b, 0x1b, 0x1b, 0x01, 0x01, 0x01, 0x01]);
/** Larger than any meter's telegram (a few hundred bytes; the longest known dumps stay below 1 KiB). */
export const SML_MAX_TELEGRAM = 8192;

/** CRC-16/X-25 (reflected 0x1021, init and final xor 0xffff), as the SML transport uses it. */
export function crc16x25(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i] as number;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return ~crc & 0xffff;
}

export type FrameEvent =
  | { kind: 'telegram'; payload: Buffer }
  | { kind: 'crc'; detail: string }
  | { kind: 'broken'; detail: string };

function isEscape(buf: Buffer, at: number): boolean {
  return buf[at] === ESCAPE && buf[at + 1] === ESCAPE && buf[at + 2] === ESCAPE && buf[at + 3] === ESCAPE;
}

/** Splits a byte stream into SML telegrams. */
export class SmlFramer {
  #buffer: Buffer = Buffer.alloc(0);

  /** Adds bytes; returns what they completed (telegrams and rejects), in order. */
  push(chunk: Uint8Array): FrameEvent[] {
    this.#buffer = this.#buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.#buffer, chunk]);
    const events: FrameEvent[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(START);
      if (start < 0) {
        // Keep a tail that may be the beginning of a start sequence.
        this.#buffer = this.#buffer.subarray(Math.max(0, this.#buffer.length - (START.length - 1)));
        return events;
      }
      if (start > 0) this.#buffer = this.#buffer.subarray(start);
      const result = this.#scan();
      if (result === 'more') {
        if (this.#buffer.length > SML_MAX_TELEGRAM) {
          events.push({ kind: 'broken', detail: `SML telegram longer than ${SML_MAX_TELEGRAM} bytes` });
          this.#buffer = this.#buffer.subarray(START.length);
          continue;
        }
        return events;
      }
      events.push(result.event);
      this.#buffer = this.#buffer.subarray(result.consumed);
    }
  }

  /** Bytes waiting for the rest of a telegram (for tests). */
  get pending(): number {
    return this.#buffer.length;
  }

  /** Reads the telegram at the start of the buffer. */
  #scan(): 'more' | { event: FrameEvent; consumed: number } {
    const buf = this.#buffer;
    const parts: Buffer[] = [];
    let from = START.length;
    // A start anywhere before this telegram's end (a meter that lost bytes ends off the 4-byte grid, so its
    // end escape is never found) cuts it off there.
    const next = buf.indexOf(START, 4);
    const limit = next < 0 ? buf.length : next;
    for (let at = START.length; at + 4 <= limit; at += 4) {
      if (!isEscape(buf, at)) continue;
      if (at + 8 > buf.length) return 'more';
      parts.push(buf.subarray(from, at));
      if (isEscape(buf, at + 4)) {
        // An escaped 1b1b1b1b in the content.
        parts.push(buf.subarray(at, at + 4));
        from = at + 8;
        at += 4;
        continue;
      }
      const consumed = at + 8;
      if (buf[at + 4] !== 0x1a) {
        return {
          event: { kind: 'broken', detail: `unknown SML escape 0x${buf.readUInt32BE(at + 4).toString(16)}` },
          consumed,
        };
      }
      const padding = buf[at + 5] as number;
      const expected = buf.readUInt16BE(at + 6);
      const crc = crc16x25(buf, 0, at + 6);
      // The CRC goes out low byte first (X.25); a few meters send it the other way round.
      const swapped = ((crc & 0xff) << 8) | (crc >>> 8);
      if (expected !== swapped && expected !== crc) {
        return {
          event: {
            kind: 'crc',
            detail: `SML CRC mismatch (telegram says 0x${expected.toString(16)}, content gives 0x${swapped.toString(16)})`,
          },
          consumed,
        };
      }
      const content = Buffer.concat(parts);
      if (padding > 3 || padding > content.length) {
        return { event: { kind: 'broken', detail: `SML padding of ${padding} bytes` }, consumed };
      }
      return {
        event: { kind: 'telegram', payload: content.subarray(0, content.length - padding) },
        consumed,
      };
    }
    if (next >= 0)
      return { event: { kind: 'broken', detail: 'SML telegram cut off by the next one' }, consumed: next };
    return 'more';
  }
}

/** The telegrams of one complete byte string (an HTTP answer); rejects are returned beside them. */
export function framesOf(bytes: Uint8Array): FrameEvent[] {
  return new SmlFramer().push(bytes);
}
