import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5OfFile } from '../../src/lib/md5';

describe('MD5 in 2 MiB chunks', () => {
  it('hashes a known 5 MiB file read in 2 MiB chunks like a one-shot MD5', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 3);
    let seed = 12345;
    for (let i = 0; i < bytes.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      bytes[i] = seed >>> 24;
    }
    const chunks: number[] = [];
    const md5 = await md5OfFile(new Blob([bytes]), 2 * 1024 * 1024, (size) => chunks.push(size));
    expect(md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(chunks).toEqual([2 * 1024 * 1024, 2 * 1024 * 1024, 1024 * 1024 + 3]);
  });

  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
  ])('matches the reference digest of %j', async (text, digest) => {
    expect(await md5OfFile(new Blob([text]), 2 * 1024 * 1024)).toBe(digest);
  });
});
