/** deploy/systemd/dtu-console.service: systemd itself finds nothing wrong, and the hardening is all there. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options';

const UNIT_PATH = join(import.meta.dirname, '../../../deploy/systemd/dtu-console.service');
const unit = readFileSync(UNIT_PATH, 'utf8');

/** Every `Key=value` line of the unit, values of a repeated key in order. */
function directives(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) found.set(match[1]!, [...(found.get(match[1]!) ?? []), match[2]!]);
  }
  return found;
}

const verifier = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const skipReason = verifier.error ? 'systemd-analyze is not installed (apt-get install systemd)' : undefined;

describe('dtu-console.service', () => {
  const keys = directives(unit);
  const one = (key: string) => keys.get(key)?.join(' ');

  it('is hardened: no new privileges, read-only system, no homes, private /tmp, only the radio devices and serial meters', () => {
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('ProtectHome')).toBe('yes');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('DevicePolicy')).toBe('closed');
    expect(keys.get('DeviceAllow')).toEqual([
      'char-spi rw',
      'char-gpiochip rw',
      'char-ttyUSB rw',
      'char-ttyACM rw',
      'char-ttyAMA rw',
      'char-ttyS rw',
    ]);
    expect(one('CapabilityBoundingSet')).toBe('');
  });

  it('runs as its own user in the spi, gpio and dialout groups, with a state directory as the data dir', () => {
    expect(one('User')).toBe('dtu-console');
    expect(one('SupplementaryGroups')).toBe('spi gpio dialout');
    expect(one('StateDirectory')).toBe('dtu-console');
    const environment = Object.fromEntries((keys.get('Environment') ?? []).map((pair) => pair.split('=', 2)));
    expect(parseOptions([], environment).dataDir).toBe('/var/lib/dtu-console');
  });

  it('exits on a console reboot and is always started again', () => {
    const execStart = one('ExecStart')!;
    expect(execStart).toMatch(/packages\/gateway\/dist\/launcher\.js --reboot-exits$/);
    expect(parseOptions(execStart.split(' ').slice(2), {}).rebootExits).toBe(true);
    expect(one('Restart')).toBe('always');
  });

  it.skipIf(skipReason !== undefined)(
    `passes systemd-analyze verify without a warning${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'unit-'));
      try {
        // The unit names /usr/bin/node (Debian's and NodeSource's place); verify checks it is executable.
        const node = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;
        const path = join(dir, 'dtu-console.service');
        writeFileSync(path, unit.replaceAll('/usr/bin/node', node));
        const result = spawnSync('systemd-analyze', ['verify', path], { encoding: 'utf8' });
        expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({
          status: 0,
          output: '',
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
