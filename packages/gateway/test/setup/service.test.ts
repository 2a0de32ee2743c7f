/**
 * dtu-console-setup's work (src/setup/service.ts) against a throw-away system root: the real useradd and
 * groupadd (their --prefix), the real `systemctl --root` to enable, and the unit it writes checked by
 * systemd-analyze verify.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { install, uninstall } from '../../src/setup/service';

const checkout = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');
const node = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;
let root = '';
const options = () => ({ root, packageRoot: checkout, node });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dtu-setup-'));
  mkdirSync(join(root, 'etc'));
  // A system with root and the dialout group, as Debian has, and neither spi nor gpio (not a Pi OS).
  writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  writeFileSync(join(root, 'etc/shadow'), 'root:*:19000:0:99999:7:::\n', { mode: 0o640 });
  writeFileSync(join(root, 'etc/group'), 'root:x:0:\ndialout:x:20:\n');
  writeFileSync(join(root, 'etc/gshadow'), 'root:*::\ndialout:*::\n', { mode: 0o640 });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('dtu-console-setup', () => {
  it('creates the groups, the user, the state directory with the device profiles, and installs and enables the unit', async () => {
    expect(await install(options())).toEqual([
      'created the group spi',
      'created the group gpio',
      'created the system user dtu-console',
      'created /var/lib/dtu-console',
      'installed the Raspberry Pi device profiles as /var/lib/dtu-console/pin_mapping.json',
      'installed /etc/systemd/system/dtu-console.service',
      'enabled dtu-console.service (it starts with the system)',
    ]);
    const passwd = readFileSync(join(root, 'etc/passwd'), 'utf8');
    expect(passwd).toMatch(/^dtu-console:x:\d+:\d+::\/var\/lib\/dtu-console:\/usr\/sbin\/nologin$/m);
    expect(readFileSync(join(root, 'etc/group'), 'utf8')).toMatch(/^spi:x:\d+:$/m);
    expect(readFileSync(join(root, 'var/lib/dtu-console/pin_mapping.json'), 'utf8')).toBe(
      readFileSync(join(checkout, 'deploy/raspberry-pi/pin_mapping.json'), 'utf8'),
    );
    expect(lstatSync(join(root, 'var/lib/dtu-console')).mode & 0o777).toBe(0o750);
    const unit = readFileSync(join(root, 'etc/systemd/system/dtu-console.service'), 'utf8');
    expect(unit).toContain(
      `\nExecStart=${node} ${checkout}/packages/gateway/dist/launcher.js --reboot-exits\n`,
    );
    expect(unit).toContain(`\nWorkingDirectory=${checkout}\n`);
    expect(
      lstatSync(
        join(root, 'etc/systemd/system/multi-user.target.wants/dtu-console.service'),
      ).isSymbolicLink(),
    ).toBe(true);
  });

  it('changes nothing when run again, and keeps a device profile file the owner edited', async () => {
    await install(options());
    writeFileSync(join(root, 'var/lib/dtu-console/pin_mapping.json'), '[]\n');
    const files = () =>
      ['etc/passwd', 'etc/group', 'etc/systemd/system/dtu-console.service'].map((path) =>
        readFileSync(join(root, path), 'utf8'),
      );
    const before = files();
    expect(await install(options())).toEqual([]);
    expect(files()).toEqual(before);
    expect(readFileSync(join(root, 'var/lib/dtu-console/pin_mapping.json'), 'utf8')).toBe('[]\n');
  });

  it('writes a unit that passes systemd-analyze verify', async () => {
    await install(options());
    const result = spawnSync(
      'systemd-analyze',
      ['verify', join(root, 'etc/systemd/system/dtu-console.service')],
      { encoding: 'utf8' },
    );
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({
      status: 0,
      output: '',
    });
  });

  it('--uninstall removes the unit and its enabling and leaves the data and the user', async () => {
    await install(options());
    expect(await uninstall(options())).toEqual([
      'stopped, disabled and removed /etc/systemd/system/dtu-console.service',
    ]);
    expect(existsSync(join(root, 'etc/systemd/system/dtu-console.service'))).toBe(false);
    expect(existsSync(join(root, 'etc/systemd/system/multi-user.target.wants/dtu-console.service'))).toBe(
      false,
    );
    expect(existsSync(join(root, 'var/lib/dtu-console/pin_mapping.json'))).toBe(true);
    expect(readFileSync(join(root, 'etc/passwd'), 'utf8')).toMatch(/^dtu-console:/m);
    expect(await uninstall(options())).toEqual([]);
  });
});
