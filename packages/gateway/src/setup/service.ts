/**
 * `dtu-console-setup` (docs/install.md): makes the installed npm package a system service. Creates the
 * service user and the groups its devices belong to, the state directory with the Raspberry Pi device
 * profiles, installs and enables the unit and starts it. Every step looks first and acts only when
 * something is missing or different: a second run changes nothing. `uninstall` removes the unit and
 * leaves the data and the user. `root` puts everything below another directory (tests): users and groups
 * through the tools' `--prefix`, the unit enabled through `systemctl --root`, nothing started.
 */
import { execFileSync } from 'node:child_process';
import { chmod, chown, copyFile, lstat, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SERVICE_DATA_DIR } from '../paths';
import { UNIT_NAME, UNIT_PATH, UNIT_TEMPLATE, unitFor } from './unit-file';

export const SERVICE_USER = 'dtu-console';
/** The groups of the unit's SupplementaryGroups: systemd does not start it while one is missing. */
export const DEVICE_GROUPS = ['spi', 'gpio', 'dialout'] as const;
/** The device profiles of the wirings in docs/hardware.md, given to a state directory that has none. */
export const PROFILES_TEMPLATE = 'deploy/raspberry-pi/pin_mapping.json';
const PROFILES_FILE = 'pin_mapping.json';

export interface SetupOptions {
  /** The system root: `/`, or a directory standing for it (tests). */
  root: string;
  /** The installed package's folder. */
  packageRoot: string;
  /** The Node.js binary the service runs. */
  node: string;
  /** Runs a system command (useradd, groupadd, systemctl); throws when it fails. */
  run?: (command: string, args: string[]) => void;
}

/** What the run did, one line per change; empty when everything was in place. */
export type Changes = string[];

const defaultRun = (command: string, args: string[]) => {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
};

const under = (root: string, path: string) => (root === '/' ? path : join(root, path));
/** Whether the path is there (a link counts, wherever it points: `systemctl --root` links absolutely). */
const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

/** The `name:…:id:…` line of an /etc/passwd or /etc/group, or undefined. */
async function entry(file: string, name: string): Promise<string[] | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === name);
}

export async function install(options: SetupOptions): Promise<Changes> {
  const { root, packageRoot, node } = options;
  const run = options.run ?? defaultRun;
  const prefix = root === '/' ? [] : ['--prefix', root];
  const changes: Changes = [];

  for (const group of DEVICE_GROUPS) {
    if (await entry(under(root, '/etc/group'), group)) continue;
    run('groupadd', [...prefix, '--system', group]);
    changes.push(`created the group ${group}`);
  }
  if (!(await entry(under(root, '/etc/passwd'), SERVICE_USER))) {
    run('useradd', [
      ...prefix,
      '--system',
      '--user-group',
      '--home-dir',
      SERVICE_DATA_DIR,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SERVICE_USER,
    ]);
    changes.push(`created the system user ${SERVICE_USER}`);
  }

  const dataDir = under(root, SERVICE_DATA_DIR);
  if (!(await exists(dataDir))) {
    await mkdir(dirname(dataDir), { recursive: true });
    await mkdir(dataDir, { mode: 0o750 });
    changes.push(`created ${SERVICE_DATA_DIR}`);
  }
  const profiles = join(dataDir, PROFILES_FILE);
  if (!(await exists(profiles))) {
    await copyFile(join(packageRoot, PROFILES_TEMPLATE), profiles);
    await chmod(profiles, 0o640);
    changes.push(`installed the Raspberry Pi device profiles as ${SERVICE_DATA_DIR}/${PROFILES_FILE}`);
  }
  await ownByService(root, [dataDir, profiles]);

  const unitFile = under(root, UNIT_PATH);
  const unit = unitFor(await readFile(join(packageRoot, UNIT_TEMPLATE), 'utf8'), { node, packageRoot });
  const before = await readFile(unitFile, 'utf8').catch(() => undefined);
  if (before !== unit) {
    await mkdir(dirname(unitFile), { recursive: true });
    await writeFile(unitFile, unit, { mode: 0o644 });
    changes.push(`${before === undefined ? 'installed' : 'updated'} ${UNIT_PATH}`);
    if (root === '/') run('systemctl', ['daemon-reload']);
  }
  if (!(await exists(under(root, `/etc/systemd/system/multi-user.target.wants/${UNIT_NAME}`)))) {
    run('systemctl', [...(root === '/' ? [] : [`--root=${root}`]), 'enable', UNIT_NAME]);
    changes.push(`enabled ${UNIT_NAME} (it starts with the system)`);
  }
  if (root === '/') {
    // Started when it is not running; a changed unit takes effect at a restart the owner chooses.
    if (!isActive(run)) {
      run('systemctl', ['start', UNIT_NAME]);
      changes.push(`started ${UNIT_NAME}`);
    } else if (before !== undefined && before !== unit) {
      changes.push(`the unit changed: sudo systemctl restart dtu-console applies it`);
    }
  }
  return changes;
}

export async function uninstall(options: SetupOptions): Promise<Changes> {
  const { root } = options;
  const run = options.run ?? defaultRun;
  const changes: Changes = [];
  const unitFile = under(root, UNIT_PATH);
  if (!(await exists(unitFile))) return changes;
  if (root === '/') {
    run('systemctl', ['disable', '--now', UNIT_NAME]);
  } else {
    run('systemctl', [`--root=${root}`, 'disable', UNIT_NAME]);
  }
  await rm(unitFile, { force: true });
  if (root === '/') run('systemctl', ['daemon-reload']);
  changes.push(`stopped, disabled and removed ${UNIT_PATH}`);
  return changes;
}

function isActive(run: NonNullable<SetupOptions['run']>): boolean {
  try {
    run('systemctl', ['is-active', '--quiet', UNIT_NAME]);
    return true;
  } catch {
    return false;
  }
}

/** The state directory and what setup put in it belong to the service user (when run as root). */
async function ownByService(root: string, paths: string[]): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const user = await entry(under(root, '/etc/passwd'), SERVICE_USER);
  if (!user) throw new Error(`the user ${SERVICE_USER} was not created`);
  const [uid, gid] = [Number(user[2]), Number(user[3])];
  for (const path of paths) {
    const now = await stat(path);
    if (now.uid !== uid || now.gid !== gid) await chown(path, uid, gid);
  }
}
