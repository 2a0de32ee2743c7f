import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the protocol library', () => {
  it('depends on no other package of the project', () => {
    expect(Object.keys((pkg as { dependencies?: object }).dependencies ?? {})).toEqual([]);
    for (const file of sources(join(import.meta.dirname, '../src'))) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/from '@dtu-console\//);
    }
  });
});
