/**
 * koffi is loaded only when hardware is asked for: no source file imports it statically, so tests,
 * `npm start` with another radio and the bundle (every package external) never load it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file: relative(SRC, join(SRC, file)), text: readFileSync(join(SRC, file), 'utf8') }));

describe('the FFI binding', () => {
  it('is imported nowhere statically, and dynamically only by linux/ffi.ts', () => {
    const staticImports = sources.filter(({ text }) => /(from|import)\s+['"]koffi['"]/.test(text));
    const dynamicImports = sources.filter(({ text }) => /import\(\s*['"]koffi['"]\s*\)/.test(text));
    expect(staticImports.map(({ file }) => file)).toEqual([]);
    expect(dynamicImports.map(({ file }) => file)).toEqual(['linux/ffi.ts']);
  });
});
