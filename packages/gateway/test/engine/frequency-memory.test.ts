/** Where HMS/HMT were found: kept in the data directory across restarts, a bad file read as empty. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileFrequencyMemory, FREQUENCY_MEMORY_FILE } from '../../src/engine/frequency-memory';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('FileFrequencyMemory', () => {
  it('keeps each found frequency across a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'freq-memory-'));
    const first = new FileFrequencyMemory(dir);
    expect(first.get('116683554321')).toBeUndefined();
    first.set('116683554321', 869_500_000);
    first.set('114483010203', 864_250_000);
    const again = new FileFrequencyMemory(dir);
    expect(again.get('116683554321')).toBe(869_500_000);
    expect(again.get('114483010203')).toBe(864_250_000);
    expect(JSON.parse(await readFile(join(dir, FREQUENCY_MEMORY_FILE), 'utf8'))).toEqual({
      '116683554321': 869_500_000,
      '114483010203': 864_250_000,
    });
  });

  it('reads a broken file as empty and keeps only whole positive frequencies', async () => {
    dir = await mkdtemp(join(tmpdir(), 'freq-memory-'));
    await writeFile(join(dir, FREQUENCY_MEMORY_FILE), '{not json');
    expect(new FileFrequencyMemory(dir).get('116683554321')).toBeUndefined();
    await writeFile(
      join(dir, FREQUENCY_MEMORY_FILE),
      JSON.stringify({ a: 'x', b: -1, c: 1.5, d: 865_000_000 }),
    );
    const memory = new FileFrequencyMemory(dir);
    expect(['a', 'b', 'c', 'd'].map((serial) => memory.get(serial))).toEqual([
      undefined,
      undefined,
      undefined,
      865_000_000,
    ]);
  });
});
