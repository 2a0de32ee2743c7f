/**
 * The host side of a first contact (docs/hardware.md, First contact): the device profile's spidev and
 * gpiochip nodes, the kernel setting in config.txt that creates them, and the permission to open them.
 * Every finding says what to do. Reads through a `HostProbe`, so tests give a host of their own.
 */
import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import type { LinuxRadioWiring } from '@dtu-console/radio/linux/wiring';

export interface HostProbe {
  /** 'ok', or the errno name of stat (ENOENT, …). */
  exists(path: string): string;
  /** 'ok', or the errno name of opening for reading and writing (EACCES, …). */
  access(path: string): string;
  /** The group that owns the node, by name (or its number). */
  groupOf(path: string): string | undefined;
  user(): string;
  /** Names of the groups this process runs with. */
  groups(): string[];
  /** The first config.txt found, with its text. */
  configTxt(): { path: string; text: string } | undefined;
  /** The names in a directory (none when it cannot be read). */
  list(dir: string): string[];
}

/** Where Raspberry Pi OS keeps config.txt (Bookworm and later, then earlier releases). */
export const CONFIG_TXT_PATHS = ['/boot/firmware/config.txt', '/boot/config.txt'];

export interface HostFinding {
  /** The device node or file it is about. */
  subject: string;
  ok: boolean;
  text: string;
  /** Neither found nor missing: the check could not tell (printed with a ?). */
  unsure?: boolean;
}

/** The mark a finding is printed with. */
export const markOf = (finding: HostFinding): string => (finding.unsure ? '?' : finding.ok ? '✓' : '✗');

const code = (error: unknown): string => {
  const value = (error as { code?: unknown } | null)?.code;
  return typeof value === 'string' ? value : 'EIO';
};

function groupNames(): Map<number, string> {
  const names = new Map<number, string>();
  try {
    for (const line of readFileSync('/etc/group', 'utf8').split('\n')) {
      const [name, , gid] = line.split(':');
      if (name && gid !== undefined && /^\d+$/.test(gid)) names.set(Number(gid), name);
    }
  } catch {
    // No group file: groups are shown by number.
  }
  return names;
}

/** The probe of this machine. */
export function systemHostProbe(): HostProbe {
  const names = groupNames();
  const name = (gid: number) => names.get(gid) ?? String(gid);
  return {
    exists(path) {
      try {
        statSync(path);
        return 'ok';
      } catch (error) {
        return code(error);
      }
    },
    access(path) {
      try {
        accessSync(path, constants.R_OK | constants.W_OK);
        return 'ok';
      } catch (error) {
        return code(error);
      }
    },
    groupOf(path) {
      try {
        return name(statSync(path).gid);
      } catch {
        return undefined;
      }
    },
    user: () => userInfo().username,
    groups: () => (process.getgroups?.() ?? []).map(name),
    configTxt() {
      for (const path of CONFIG_TXT_PATHS) {
        try {
          return { path, text: readFileSync(path, 'utf8') };
        } catch {
          // The next place.
        }
      }
      return undefined;
    },
    list(dir) {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
  };
}

/** The config.txt line that creates a spidev node on a Raspberry Pi, by bus and chip select. */
export function overlayFor(spidev: string): { line: string; matches: RegExp } {
  const match = /spidev(\d+)\.(\d+)$/.exec(spidev);
  const bus = match?.[1] ?? '0';
  if (bus === '0') return { line: 'dtparam=spi=on', matches: /^\s*dtparam=(?:[^#]*,)?spi=on\b/m };
  const cs = Number(match?.[2] ?? 0);
  const line = cs > 0 ? `dtoverlay=spi${bus}-2cs` : `dtoverlay=spi${bus}-1cs`;
  return {
    line,
    matches: new RegExp(String.raw`^\s*dtoverlay=spi${bus}-(?:${cs > 0 ? '2|3' : '1|2|3'})cs\b`, 'm'),
  };
}

/** Every device node of a wiring, with the group that usually owns it. */
export function nodesOf(wiring: LinuxRadioWiring): { path: string; kind: 'spi' | 'gpio'; chip: string }[] {
  const nodes: { path: string; kind: 'spi' | 'gpio'; chip: string }[] = [];
  const add = (path: string | undefined, kind: 'spi' | 'gpio', chip: string) => {
    if (path && !nodes.some((node) => node.path === path)) nodes.push({ path, kind, chip });
  };
  if (wiring.nrf) {
    add(wiring.nrf.spidev, 'spi', 'nRF24');
    add(wiring.nrf.gpiochip, 'gpio', 'nRF24');
  }
  if (wiring.cmt) {
    add(wiring.cmt.spidev, 'spi', 'CMT2300A');
    if ('spidev' in wiring.cmt.fcsb) add(wiring.cmt.fcsb.spidev, 'spi', 'CMT2300A');
    add(wiring.cmt.gpiochip, 'gpio', 'CMT2300A');
  }
  return nodes;
}

/** The findings about the host; a finding that is not ok is host setup missing (exit 2). */
export function checkHost(wiring: LinuxRadioWiring, probe: HostProbe): HostFinding[] {
  const findings: HostFinding[] = [];
  const config = probe.configTxt();
  const groups = new Set(probe.groups());
  for (const node of nodesOf(wiring)) {
    const exists = probe.exists(node.path);
    if (exists !== 'ok') {
      findings.push({ subject: node.path, ok: false, text: missingNode(node, config) });
      continue;
    }
    const access = probe.access(node.path);
    if (access === 'ok') {
      findings.push({ subject: node.path, ok: true, text: `${node.path} (${node.chip}) is there and opens` });
      continue;
    }
    const group = probe.groupOf(node.path) ?? (node.kind === 'spi' ? 'spi' : 'gpio');
    const user = probe.user();
    findings.push({
      subject: node.path,
      ok: false,
      text:
        access === 'EACCES' || access === 'EPERM'
          ? groups.has(group)
            ? `no permission on ${node.path} although ${user} is in the ${group} group: check its mode (ls -l ${node.path}; the group needs rw)`
            : `no permission on ${node.path}: add ${user} to the ${group} group (sudo usermod -aG ${group} ${user}), then log in again or restart the service`
          : `${node.path} cannot be opened (${access})`,
    });
  }
  return findings;
}

function missingNode(
  node: { path: string; kind: 'spi' | 'gpio'; chip: string },
  config: { path: string; text: string } | undefined,
): string {
  if (node.kind === 'gpio') {
    return `${node.path} (${node.chip}) does not exist: check the gpiochip of the device profile (gpiodetect lists the chips)`;
  }
  const overlay = overlayFor(node.path);
  if (!config) {
    return `${node.path} (${node.chip}) does not exist, and there is no config.txt (${CONFIG_TXT_PATHS.join(' or ')}): on a Raspberry Pi add "${overlay.line}" there and reboot; on another board enable the SPI device in its device tree`;
  }
  if (overlay.matches.test(config.text)) {
    return `${node.path} (${node.chip}) does not exist although ${config.path} has "${overlay.line}": reboot, and check that no later line turns it off`;
  }
  return `${node.path} (${node.chip}) does not exist: add "${overlay.line}" to ${config.path} and reboot`;
}

/** A config.txt line that enables SPI: SPI0 by its parameter, any other bus by its overlay. */
const SPI_ON = /^[ \t]*(dtparam=(?:[^#\n]*,)?spi=on\b|dtoverlay=spi\d+-[^\s#]*)/gm;

/**
 * What can be checked without a device profile: SPI in config.txt, the spidev and gpiochip nodes there
 * are, and the groups that open them. Said before the tool asks for a profile, so a fresh host learns
 * everything it lacks at once.
 */
export function checkHostWithoutProfile(probe: HostProbe): HostFinding[] {
  const findings: HostFinding[] = [];
  const config = probe.configTxt();
  const enabling = config ? [...config.text.matchAll(SPI_ON)].map((match) => match[1]!) : [];
  if (!config) {
    findings.push({
      subject: 'config.txt',
      ok: true,
      unsure: true,
      text: `no config.txt (${CONFIG_TXT_PATHS.join(' or ')}): not Raspberry Pi OS, so the SPI setting cannot be checked there; on another board SPI is enabled in its device tree`,
    });
  } else if (enabling.length > 0) {
    findings.push({
      subject: config.path,
      ok: true,
      text: `SPI is enabled in ${config.path} (${enabling.map((line) => `"${line}"`).join(', ')})`,
    });
  } else {
    findings.push({
      subject: config.path,
      ok: false,
      text: `SPI is not enabled in ${config.path}: add "dtparam=spi=on" (SPI0; "dtoverlay=spi1-2cs" for SPI1) and reboot`,
    });
  }

  const dev = probe.list('/dev');
  const spidevs = dev.filter((name) => /^spidev\d+\.\d+$/.test(name)).map((name) => `/dev/${name}`);
  const gpiochips = dev.filter((name) => /^gpiochip\d+$/.test(name)).map((name) => `/dev/${name}`);
  const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  spidevs.sort(byNumber);
  gpiochips.sort(byNumber);
  findings.push(
    spidevs.length > 0
      ? { subject: '/dev/spidev*', ok: true, text: `SPI device nodes: ${spidevs.join(', ')}` }
      : {
          subject: '/dev/spidev*',
          ok: false,
          text: `no /dev/spidev* node: ${
            enabling.length > 0
              ? 'SPI is enabled in config.txt but not active yet: reboot'
              : config
                ? 'SPI is off (see config.txt above)'
                : 'this host has no SPI enabled'
          }`,
        },
    gpiochips.length > 0
      ? { subject: '/dev/gpiochip*', ok: true, text: `GPIO chips: ${gpiochips.join(', ')}` }
      : {
          subject: '/dev/gpiochip*',
          ok: false,
          text: 'no /dev/gpiochip* node: this host offers no GPIO character device (not a board with GPIO, or a container without its /dev)',
        },
  );

  const user = probe.user();
  if (user === 'root') {
    findings.push({
      subject: 'groups',
      ok: true,
      text: 'running as root: no group needed here (the service runs as its own user: run the check as that user too)',
    });
    return findings;
  }
  // The group that owns the first node, as the permission check names it; the usual name without one.
  const owner = (node: string | undefined, usual: string) => {
    const group = node ? probe.groupOf(node) : undefined;
    return group && group !== 'root' ? group : usual;
  };
  const needed = [...new Set([owner(spidevs[0], 'spi'), owner(gpiochips[0], 'gpio')])];
  const groups = new Set(probe.groups());
  const lacking = needed.filter((group) => !groups.has(group));
  findings.push(
    lacking.length === 0
      ? { subject: 'groups', ok: true, text: `${user} is in the ${needed.join(' and ')} groups` }
      : {
          subject: 'groups',
          ok: false,
          text: `${user} is not in the ${lacking.join(' and ')} group${lacking.length > 1 ? 's' : ''}: sudo usermod -aG ${lacking.join(',')} ${user}, then log in again or restart the service`,
        },
  );
  return findings;
}
