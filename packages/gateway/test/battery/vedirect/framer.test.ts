import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type VeDirectBlock, VeDirectFramer } from '../../../src/battery/vedirect/framer';
import { rng } from '../../helpers/seeded';

const CAPTURE = readFileSync(new URL('../data/vedirect-mppt-smartsolar-150-70.bin', import.meta.url));

function collect(chunks: Uint8Array[]): { blocks: VeDirectBlock[]; framer: VeDirectFramer } {
  const blocks: VeDirectBlock[] = [];
  const framer = new VeDirectFramer((b) => blocks.push(b));
  for (const c of chunks) framer.push(c);
  return { blocks, framer };
}

describe('VeDirectFramer', () => {
  it('accepts the published MPPT block and skips the hex messages after it', () => {
    const { blocks, framer } = collect([CAPTURE]);
    expect(blocks).toHaveLength(1);
    expect(Object.fromEntries(blocks[0] ?? [])).toEqual({
      ERR: '0',
      LOAD: 'ON',
      Relay: 'OFF',
      H19: '1158',
      H20: '77',
      H21: '479',
      H22: '135',
      H23: '525',
      HSDS: '2',
    });
    expect(framer.counters).toEqual({ blocks: 1, badChecksum: 0, oversize: 0, hexMessages: 2 });
  });

  it('frames the same block when it arrives one byte at a time, after a hex message', () => {
    const hex = new TextEncoder().encode(':A0102000345\n');
    const bytes = [...hex, ...CAPTURE].map((b) => Uint8Array.of(b));
    const { blocks, framer } = collect(bytes);
    expect(blocks).toHaveLength(1);
    expect(framer.counters.hexMessages).toBe(3);
  });

  it('drops and counts a block with one altered byte', () => {
    const bad = Uint8Array.from(CAPTURE);
    bad[6] = 0x31; // ERR\t0 -> ERR\t1
    const { blocks, framer } = collect([bad]);
    expect(blocks).toHaveLength(0);
    expect(framer.counters.badChecksum).toBe(1);
    // The next good block is still accepted.
    framer.push(CAPTURE);
    expect(framer.counters.blocks).toBe(1);
  });

  it('drops an endless block as oversize', () => {
    const { framer } = collect([new TextEncoder().encode(`\r\nX\t${'9'.repeat(3000)}`)]);
    expect(framer.counters.oversize).toBeGreaterThan(0);
    framer.push(CAPTURE);
    expect(framer.counters.blocks).toBe(1);
  });

  it('never throws on seeded garbage, and still frames a good block after it', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = rng(seed);
      const garbage = Uint8Array.from({ length: 1 + Math.floor(next() * 600) }, () =>
        Math.floor(next() * 256),
      );
      const blocks: VeDirectBlock[] = [];
      const framer = new VeDirectFramer((b) => blocks.push(b));
      expect(() => framer.push(garbage)).not.toThrow();
      // Close any hex message or half block the garbage left open, then send the real block.
      framer.push(new TextEncoder().encode('\n'));
      framer.push(CAPTURE);
      framer.push(CAPTURE);
      expect(blocks.length).toBeGreaterThanOrEqual(1);
    }
  });
});
