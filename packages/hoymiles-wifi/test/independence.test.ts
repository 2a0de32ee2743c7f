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

/** The packages the protocol may use: protobuf, and of the project only the contract and the radio protocol. */
const ALLOWED = ['@bufbuild/protobuf', '@dtu-console/contract', '@dtu-console/hoymiles'];

describe('the Wi-Fi protocol library', () => {
  it('depends only on protobuf, the contract and the radio protocol', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual(ALLOWED);
  });

  it('imports nothing of the gateway, the web app or another package', () => {
    for (const file of sources(join(import.meta.dirname, '../src'))) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
      for (const specifier of specifiers) {
        if (specifier.startsWith('./') || specifier.startsWith('node:')) continue;
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/');
        expect(ALLOWED, `${file} imports ${specifier}`).toContain(name);
      }
    }
  });
});
