/**
 * The field check: against the chip models (identity, register dump, listening, a device-info request),
 * on a host whose nodes are missing or locked (a probe of our own), and on this machine, which has no SPI.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { errno, FakeHost } from '@dtu-console/radio/linux/fake-syscalls';
import {
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_V2_GET_LINE_IOCTL,
  GpioLineRequestLayout as R,
} from '@dtu-console/radio/linux/gpio-abi';
import { LinuxRadioHost } from '@dtu-console/radio/linux/host';
import { afterEach, describe, expect, it } from 'vitest';
import { ExitCode, runRadioCheck } from '../../src/radio-check/check';
import { checkHost, type HostProbe, overlayFor, systemHostProbe } from '../../src/radio-check/host-setup';
import { readCheckSetup } from '../../src/radio-check/setup';

const PROFILES = join(import.meta.dirname, '../../../../deploy/raspberry-pi/pin_mapping.json');
const BOTH_CHIPS = 'Raspberry Pi: nRF24L01+ on SPI0 CE0, CMT2300A on SPI0 CE1 (3-wire)';
/** 21 June 2026 12:00 CEST. */
const NOON = Date.UTC(2026, 5, 21, 10, 0, 0);
const HMS = '116683554321';
const HM = '114172220003';

let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  dirs = [];
});

async function dataDir(profile?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'radio-check-'));
  dirs.push(dir);
  await copyFile(PROFILES, join(dir, 'pin_mapping.json'));
  if (profile) await writeFile(join(dir, 'config.json'), JSON.stringify({ device: { pinmapping: profile } }));
  return dir;
}

/** Runs the check while moving the model's clock on. */
async function modelCheck(options: { listenS: number; serial?: string }, cmtPresent = true) {
  const clock = new ManualClock(NOON);
  const lines: string[] = [];
  const setup = await readCheckSetup(await dataDir());
  const run = runRadioCheck(
    { mode: 'model', ...options },
    { clock, out: (line) => lines.push(line), setup, cmtPresent },
  );
  let code: number | undefined;
  run.then((c) => {
    code = c;
  });
  while (code === undefined) await clock.advance(100);
  return { code, text: lines.join('\n') };
}

describe('radio-check --radio model', () => {
  it('finds both chips, dumps their registers, listens, and exits 0', async () => {
    const { code, text } = await modelCheck({ listenS: 2 });
    expect(text).toContain('chip models, no real hardware');
    expect(text).toMatch(/✓ an nRF24L01\+ answers on model:nrf24: SETUP_AW reads 0x03, and 250 kbps sticks/);
    expect(text).toMatch(/✓ a CMT2300A answers on .*: 0xAA written to register 0x48 reads back/);
    expect(text).toMatch(/0x03 SETUP_AW\s+03/);
    expect(text).toMatch(/ {2}0x70: ([0-9A-F]{2} ){15}[0-9A-F]{2}/);
    expect(text).toContain('Listening for 2 s');
    expect(text).toContain('All well.');
    expect(code).toBe(ExitCode.ok);
  });

  it('exits 1 when a chip does not answer, and says which', async () => {
    const { code, text } = await modelCheck({ listenS: 0 }, false);
    expect(text).toMatch(/✗ no CMT2300A answers on .*: 0xAA written to register 0x48 reads back as 0x/);
    expect(text).toContain('A chip does not answer (exit 1).');
    expect(code).toBe(ExitCode.chipSilent);
  });

  it('asks an HMS for its device info (moving it from its start-up frequency) and an HM', async () => {
    const hms = await modelCheck({ listenS: 0, serial: HMS });
    expect(hms.text).toMatch(/telling it on 868\.00 MHz \(its start-up frequency\)/);
    expect(hms.text).toMatch(/✓ answers: HMS-2000-4T/);
    expect(hms.text).toMatch(/firmware \d+\.\d+\.\d+ built \d{4}-/);
    expect(hms.code).toBe(ExitCode.ok);
    const hm = await modelCheck({ listenS: 0, serial: HM });
    expect(hm.text).toMatch(/✓ answers: HM-/);
  });
});

/** A host of our own: which nodes exist and open, and what config.txt says. */
function probe(host: {
  nodes?: Record<string, 'ok' | 'EACCES'>;
  user?: string;
  groups?: string[];
  configTxt?: string;
}): HostProbe {
  return {
    exists: (path) => (host.nodes?.[path] ? 'ok' : 'ENOENT'),
    access: (path) => host.nodes?.[path] ?? 'ENOENT',
    groupOf: (path) => (path.includes('spidev') ? 'spi' : 'gpio'),
    user: () => host.user ?? 'pi',
    groups: () => host.groups ?? ['pi'],
    configTxt: () =>
      host.configTxt === undefined ? undefined : { path: '/boot/firmware/config.txt', text: host.configTxt },
    list: (dir) =>
      Object.keys(host.nodes ?? {})
        .filter((path) => path.startsWith(`${dir}/`))
        .map((path) => path.slice(dir.length + 1))
        .concat(dir === '/dev' ? ['null', 'tty0'] : []),
  };
}

describe('the host setup', () => {
  const wiring = async () => {
    const setup = await readCheckSetup(await dataDir(BOTH_CHIPS));
    if (setup.wiring.kind !== 'ok') throw new Error(setup.wiring.reason);
    return setup.wiring.wiring;
  };

  it('names the config.txt line a missing spidev needs, or says to reboot when it is there', async () => {
    const w = await wiring();
    const without = checkHost(w, probe({ configTxt: '# nothing\n#dtparam=spi=on\n' }));
    expect(without.find((f) => f.subject === '/dev/spidev0.0')?.text).toBe(
      '/dev/spidev0.0 (nRF24) does not exist: add "dtparam=spi=on" to /boot/firmware/config.txt and reboot',
    );
    const withLine = checkHost(w, probe({ configTxt: 'dtparam=i2c_arm=on,spi=on\n' }));
    expect(withLine.find((f) => f.subject === '/dev/spidev0.1')?.text).toMatch(
      /does not exist although \/boot\/firmware\/config.txt has "dtparam=spi=on": reboot/,
    );
    expect(overlayFor('/dev/spidev1.1').line).toBe('dtoverlay=spi1-2cs');
  });

  it('names the group to join, and a mode problem when the user is in it already', async () => {
    const w = await wiring();
    const nodes = { '/dev/spidev0.0': 'EACCES', '/dev/spidev0.1': 'EACCES', '/dev/gpiochip0': 'ok' } as const;
    const findings = checkHost(w, probe({ nodes, configTxt: 'dtparam=spi=on' }));
    expect(findings.find((f) => f.subject === '/dev/spidev0.0')?.text).toBe(
      'no permission on /dev/spidev0.0: add pi to the spi group (sudo usermod -aG spi pi), then log in again or restart the service',
    );
    expect(findings.find((f) => f.subject === '/dev/gpiochip0')).toMatchObject({ ok: true });
    const member = checkHost(w, probe({ nodes, groups: ['pi', 'spi'], configTxt: 'dtparam=spi=on' }));
    expect(member.find((f) => f.subject === '/dev/spidev0.0')?.text).toMatch(
      /although pi is in the spi group/,
    );
  });

  it('exits 2 and names the line when another program holds the CE line', async () => {
    const host = new FakeHost();
    host.device('/dev/spidev0.0');
    host.device('/dev/gpiochip0', {
      ioctl(request, arg, self) {
        if (request === GPIO_GET_CHIPINFO_IOCTL) arg.writeUInt32LE(54, 64);
        if (request === GPIO_V2_GET_LINE_IOCTL) {
          const offset = arg.readUInt32LE(R.offsets);
          if (offset === 22) errno('EBUSY')();
          arg.writeInt32LE(self.handle(`/dev/gpiochip0 line ${offset}`), R.fd);
        }
        return undefined;
      },
    });
    const lines: string[] = [];
    const nodes = { '/dev/spidev0.0': 'ok', '/dev/gpiochip0': 'ok' } as const;
    const code = await runRadioCheck(
      { mode: 'hardware', listenS: 0 },
      {
        clock: new ManualClock(NOON),
        out: (l) => lines.push(l),
        setup: await readCheckSetup(await dataDir('Raspberry Pi: nRF24L01+ on SPI0 CE0')),
        probe: probe({ nodes, configTxt: 'dtparam=spi=on' }),
        host: async () => new LinuxRadioHost(host),
      },
    );
    const text = lines.join('\n');
    expect(text).toMatch(/✓ \/dev\/spidev0\.0 \(nRF24\) is there and opens/);
    expect(text).toMatch(/✗ nRF24: request line 22 on \/dev\/gpiochip0: the line is busy/);
    expect(code).toBe(ExitCode.hostSetup);
  });

  it('exits 2 on this machine, which has no SPI, and names what is missing', async () => {
    const lines: string[] = [];
    const code = await runRadioCheck(
      { mode: 'hardware', listenS: 0 },
      {
        clock: new ManualClock(NOON),
        out: (l) => lines.push(l),
        setup: await readCheckSetup(await dataDir(BOTH_CHIPS)),
        probe: systemHostProbe(),
        host: () => LinuxRadioHost.load(),
      },
    );
    const text = lines.join('\n');
    expect(code).toBe(ExitCode.hostSetup);
    expect(text).toMatch(/✗ \/dev\/spidev0\.0 \(nRF24\) does not exist/);
    expect(text).toMatch(/✗ \/dev\/spidev0\.1 \(CMT2300A\) does not exist/);
    expect(text).toMatch(/dtparam=spi=on/);
    expect(text).toContain('The host setup is missing something (exit 2).');
  });
});

/** The check without a device profile, on a host of our own. */
async function withoutProfile(host: HostProbe) {
  const lines: string[] = [];
  const code = await runRadioCheck(
    { mode: 'hardware', listenS: 0 },
    {
      clock: new ManualClock(NOON),
      out: (l) => lines.push(l),
      setup: await readCheckSetup(await dataDir()),
      probe: host,
      host: () => Promise.reject(new Error('no chip is opened without a profile')),
    },
  );
  return { code, lines, text: lines.join('\n') };
}

const PI_NODES = { '/dev/spidev0.1': 'ok', '/dev/spidev0.0': 'ok', '/dev/gpiochip0': 'ok' } as const;

describe('without a device profile', () => {
  it('checks SPI, the nodes and the groups, then names the profiles to choose from, and exits 2', async () => {
    const { code, lines, text } = await withoutProfile(
      probe({ nodes: PI_NODES, groups: ['pi', 'spi', 'gpio'], configTxt: '[all]\ndtparam=spi=on\n' }),
    );
    expect(lines).toContain('  ✓ SPI is enabled in /boot/firmware/config.txt ("dtparam=spi=on")');
    expect(lines).toContain('  ✓ SPI device nodes: /dev/spidev0.0, /dev/spidev0.1');
    expect(lines).toContain('  ✓ GPIO chips: /dev/gpiochip0');
    expect(lines).toContain('  ✓ pi is in the spi and gpio groups');
    expect(text).not.toContain('✗ SPI');
    const profile = lines.findIndex((l) =>
      /✗ no device profile chosen: .*--profile.*"Raspberry Pi: nRF24L01\+ on SPI0 CE0"/.test(l),
    );
    expect(profile).toBeGreaterThan(lines.findIndex((l) => l.includes('groups')));
    expect(text).toContain('The host setup is missing something (exit 2).');
    expect(code).toBe(ExitCode.hostSetup);
  });

  it('says SPI is off in config.txt and there is no spidev, with the line to add', async () => {
    const { code, lines } = await withoutProfile(
      probe({
        nodes: { '/dev/gpiochip0': 'ok' },
        groups: ['spi', 'gpio'],
        configTxt: '#dtparam=spi=on\ndtparam=audio=on\n',
      }),
    );
    expect(lines).toContain(
      '  ✗ SPI is not enabled in /boot/firmware/config.txt: add "dtparam=spi=on" (SPI0; "dtoverlay=spi1-2cs" for SPI1) and reboot',
    );
    expect(lines).toContain('  ✗ no /dev/spidev* node: SPI is off (see config.txt above)');
    expect(code).toBe(ExitCode.hostSetup);
  });

  it('takes an SPI overlay for enabled, and says to reboot when no node is there yet', async () => {
    const { lines } = await withoutProfile(
      probe({ groups: ['spi', 'gpio'], configTxt: 'dtoverlay=spi1-1cs,cs0_pin=18 # the second bus\n' }),
    );
    expect(lines).toContain(
      '  ✓ SPI is enabled in /boot/firmware/config.txt ("dtoverlay=spi1-1cs,cs0_pin=18")',
    );
    expect(lines).toContain(
      '  ✗ no /dev/spidev* node: SPI is enabled in config.txt but not active yet: reboot',
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}✗ no \/dev\/gpiochip\* node: /));
  });

  it('names the groups the user lacks and the usermod line, and needs none as root', async () => {
    const none = await withoutProfile(
      probe({ nodes: PI_NODES, groups: ['pi'], configTxt: 'dtparam=spi=on' }),
    );
    expect(none.lines).toContain(
      '  ✗ pi is not in the spi and gpio groups: sudo usermod -aG spi,gpio pi, then log in again or restart the service',
    );
    const one = await withoutProfile(
      probe({ nodes: PI_NODES, groups: ['gpio'], configTxt: 'dtparam=spi=on' }),
    );
    expect(one.lines).toContain(
      '  ✗ pi is not in the spi group: sudo usermod -aG spi pi, then log in again or restart the service',
    );
    const root = await withoutProfile(
      probe({ nodes: PI_NODES, user: 'root', groups: [], configTxt: 'dtparam=spi=on' }),
    );
    expect(root.text).toMatch(/✓ running as root: no group needed here/);
    expect(root.text).not.toContain('usermod');
  });

  it('runs on this machine, which has no SPI, says so plainly and exits 2', async () => {
    const { code, lines, text } = await withoutProfile(systemHostProbe());
    expect(text).toMatch(/not Raspberry Pi OS|SPI is (not )?enabled in \/boot\//);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}✗ no \/dev\/spidev\* node: /));
    expect(text).toMatch(/✗ no device profile chosen: /);
    expect(text).toContain('The host setup is missing something (exit 2).');
    expect(code).toBe(ExitCode.hostSetup);
  });
});
