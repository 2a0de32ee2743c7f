import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The corpus index (test/captures/README.md) is written by scripts/capture-index.mjs from the capture
// entries; it must always be what the script would write now.
const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = join(PACKAGE, 'scripts', 'capture-index.mjs');
const README = join(PACKAGE, 'test', 'captures', 'README.md');

function scriptOutput(): string {
  return execFileSync(process.execPath, [SCRIPT, '--print'], { encoding: 'utf8' });
}

describe('capture corpus index', () => {
  it('is what scripts/capture-index.mjs writes from the .json entries (run it after adding a capture)', () => {
    expect(readFileSync(README, 'utf8')).toBe(scriptOutput());
  });

  it('has one row per capture entry, each naming its stem', () => {
    const readme = readFileSync(README, 'utf8');
    const stems = readdirSync(join(PACKAGE, 'test', 'captures'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length));
    expect(stems.length).toBeGreaterThan(0);
    for (const stem of stems) expect(readme).toContain(`| \`${stem}\` |`);
    expect(readme).toContain(`${stems.length} captures`);
  });
});
