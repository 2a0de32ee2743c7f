/**
 * SML's type-length encoding (docs/meter.md): the first byte's high nibble is the type (with bit 7 saying
 * that another length byte follows), its low nibble the length. For octet strings and numbers the length
 * counts the type-length bytes too; for a list it is the number of entries. 0x00 ends a message, 0x01 is
 * an absent optional value.
 *
 * Every read is checked against the end of the buffer: a truncated or garbled telegram throws SmlError,
 * never reads past its end and never recurses without limit.
 */

export class SmlError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'SmlError';
  }
}

export type SmlNode =
  | { type: 'octets'; bytes: Buffer }
  | { type: 'bool'; value: boolean }
  | { type: 'int'; value: bigint }
  | { type: 'list'; items: SmlNode[] }
  | { type: 'none' }
  | { type: 'end' };

/** Nesting deeper than any SML message (a GetList response nests 4 lists). */
const MAX_DEPTH = 16;

export class SmlReader {
  readonly #buf: Buffer;
  #at: number;

  constructor(buf: Buffer, at = 0) {
    this.#buf = buf;
    this.#at = at;
  }

  get position(): number {
    return this.#at;
  }

  get done(): boolean {
    return this.#at >= this.#buf.length;
  }

  #byte(): number {
    const b = this.#buf[this.#at];
    if (b === undefined) throw new SmlError(`SML telegram ends inside a value (byte ${this.#at})`);
    this.#at++;
    return b;
  }

  /** Skips the 0x00 bytes that may stand between messages (padding). */
  skipFill(): void {
    while (this.#buf[this.#at] === 0x00) this.#at++;
  }

  read(depth = 0): SmlNode {
    if (depth > MAX_DEPTH) throw new SmlError('SML lists nested too deep');
    const first = this.#byte();
    if (first === 0x00) return { type: 'end' };
    if (first === 0x01) return { type: 'none' };
    const type = (first >> 4) & 0x07;
    let length = first & 0x0f;
    let tlBytes = 1;
    let more = (first & 0x80) !== 0;
    while (more) {
      const next = this.#byte();
      if ((next & 0x70) !== 0) throw new SmlError(`SML length byte 0x${next.toString(16)} has a type`);
      length = (length << 4) | (next & 0x0f);
      more = (next & 0x80) !== 0;
      tlBytes++;
      if (tlBytes > 4) throw new SmlError('SML length of more than 4 bytes');
    }
    if (type === 0x7) {
      const items: SmlNode[] = [];
      for (let i = 0; i < length; i++) items.push(this.read(depth + 1));
      return { type: 'list', items };
    }
    const size = length - tlBytes;
    if (size < 0) throw new SmlError(`SML length ${length} shorter than its own header`);
    if (this.#at + size > this.#buf.length)
      throw new SmlError(`SML value of ${size} bytes runs past the end of the telegram`);
    const bytes = this.#buf.subarray(this.#at, this.#at + size);
    this.#at += size;
    switch (type) {
      case 0x0:
        return { type: 'octets', bytes };
      case 0x4:
        if (size !== 1) throw new SmlError('SML boolean not 1 byte long');
        return { type: 'bool', value: bytes[0] !== 0 };
      case 0x5:
      case 0x6:
        if (size < 1 || size > 8) throw new SmlError(`SML number of ${size} bytes`);
        return { type: 'int', value: numberOf(bytes, type === 0x5) };
      default:
        throw new SmlError(`unknown SML type 0x${type.toString(16)}`);
    }
  }
}

function numberOf(bytes: Buffer, signed: boolean): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  if (signed && bytes.length > 0 && ((bytes[0] as number) & 0x80) !== 0)
    value -= 1n << BigInt(bytes.length * 8);
  return value;
}
