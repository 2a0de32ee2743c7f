/**
 * VE.Direct text-protocol framer. A device sends blocks of `\r\nLABEL\tVALUE` fields; the last field
 * is `Checksum\t<byte>` and the byte makes the sum of all bytes of the block 0 mod 256. Between
 * blocks a device may send hex-protocol messages (`:` … `\n`), which are not part of any block and
 * are skipped. A block whose sum is wrong, or that grows past a sane size, is dropped and counted.
 * Never throws on any input.
 */

export type VeDirectBlock = ReadonlyMap<string, string>;

export interface VeDirectFramerCounters {
  blocks: number;
  badChecksum: number;
  oversize: number;
  hexMessages: number;
}

/** Longest block we accept; a real block is ~300 bytes. */
export const MAX_BLOCK_BYTES = 1024;
const CHECKSUM_LABEL = 'Checksum';

type State = 'idle' | 'label' | 'value' | 'checksum' | 'hex';

export class VeDirectFramer {
  readonly counters: VeDirectFramerCounters = { blocks: 0, badChecksum: 0, oversize: 0, hexMessages: 0 };
  private state: State = 'idle';
  private sum = 0;
  private size = 0;
  private label = '';
  private value = '';
  private fields = new Map<string, string>();
  private stateBeforeHex: State = 'idle';

  constructor(private readonly onBlock: (block: VeDirectBlock) => void) {}

  push(bytes: Uint8Array): void {
    for (const b of bytes) this.byte(b);
  }

  private reset(): void {
    this.state = 'idle';
    this.sum = 0;
    this.size = 0;
    this.label = '';
    this.value = '';
    this.fields = new Map();
  }

  private byte(b: number): void {
    // A hex message starts with ':' anywhere outside the checksum byte and ends at '\n'.
    if (this.state === 'hex') {
      if (b === 0x0a) {
        this.counters.hexMessages++;
        this.state = this.stateBeforeHex;
      }
      return;
    }
    if (b === 0x3a && this.state !== 'checksum') {
      this.stateBeforeHex = this.state;
      this.state = 'hex';
      return;
    }
    this.sum = (this.sum + b) & 0xff;
    this.size++;
    if (this.size > MAX_BLOCK_BYTES) {
      this.counters.oversize++;
      this.reset();
      return;
    }
    switch (this.state) {
      case 'idle':
        if (b === 0x0a) this.state = 'label';
        else if (b !== 0x0d) {
          // Noise before the first field: start counting afresh.
          this.sum = 0;
          this.size = 0;
        }
        return;
      case 'label':
        if (b === 0x09) {
          if (this.label === CHECKSUM_LABEL) this.state = 'checksum';
          else this.state = 'value';
        } else if (b === 0x0d || b === 0x0a) {
          // Empty label line: tolerated (the leading \r\n of the next field).
          if (b === 0x0a) this.label = '';
        } else this.label += String.fromCharCode(b);
        return;
      case 'value':
        if (b === 0x0a) {
          this.fields.set(this.label, this.value);
          this.label = '';
          this.value = '';
          this.state = 'label';
        } else if (b !== 0x0d) this.value += String.fromCharCode(b);
        return;
      case 'checksum':
        if (this.sum === 0) {
          this.counters.blocks++;
          const block = this.fields;
          this.reset();
          this.onBlock(block);
        } else {
          this.counters.badChecksum++;
          this.reset();
        }
        return;
    }
  }
}
