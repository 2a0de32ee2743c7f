/**
 * MD5, fed incrementally: the firmware upload sends the file's MD5 before the file, and the browser's
 * Web Crypto has no MD5. The file is read in chunks so a large image never sits in memory twice.
 */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x100000000) | 0);

export class Md5 {
  private readonly state = new Int32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  private readonly block = new Uint8Array(64);
  private readonly words = new Int32Array(16);
  private blockLength = 0;
  private totalBytes = 0;

  update(data: Uint8Array): this {
    this.totalBytes += data.length;
    let offset = 0;
    while (offset < data.length) {
      const take = Math.min(64 - this.blockLength, data.length - offset);
      this.block.set(data.subarray(offset, offset + take), this.blockLength);
      this.blockLength += take;
      offset += take;
      if (this.blockLength === 64) {
        this.compress();
        this.blockLength = 0;
      }
    }
    return this;
  }

  /** Lower-case hex; the object is spent afterwards. */
  hex(): string {
    const bits = this.totalBytes * 8;
    const tail = new Uint8Array((this.blockLength < 56 ? 56 : 120) - this.blockLength + 8);
    tail[0] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(tail.length - 8, bits >>> 0, true);
    view.setUint32(tail.length - 4, Math.floor(bits / 0x100000000), true);
    const total = this.totalBytes;
    this.update(tail);
    this.totalBytes = total;
    const out = new DataView(this.state.buffer);
    let hex = '';
    for (let i = 0; i < 16; i++) hex += out.getUint8(i).toString(16).padStart(2, '0');
    return hex;
  }

  private compress(): void {
    const m = this.words;
    const view = new DataView(this.block.buffer);
    for (let i = 0; i < 16; i++) m[i] = view.getInt32(i * 4, true);
    let [a, b, c, d] = this.state as unknown as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const shift = SHIFTS[(i >> 4) * 4 + (i % 4)] as number;
      const sum = (a + f + (K[i] as number) + (m[g] as number)) | 0;
      const next = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
      a = d;
      d = c;
      c = b;
      b = next;
    }
    this.state[0] = (this.state[0] as number) + a;
    this.state[1] = (this.state[1] as number) + b;
    this.state[2] = (this.state[2] as number) + c;
    this.state[3] = (this.state[3] as number) + d;
  }
}

/** MD5 of a file read in chunks of `chunkBytes` (2 MiB); `onChunk` sees each chunk's size. */
export async function md5OfFile(
  file: Blob,
  chunkBytes: number,
  onChunk?: (bytes: number) => void,
): Promise<string> {
  const md5 = new Md5();
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    const chunk = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
    onChunk?.(chunk.length);
    md5.update(chunk);
  }
  return md5.hex();
}
