/**
 * `sudo dtu-console-setup [--uninstall] [--root <dir>]`: the second of an owner's two install commands
 * (docs/install.md; service.ts does the work). Bundled to dist/setup.js, the package's
 * `dtu-console-setup`.
 */
import { hostname, networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { SecurityLimits } from '@dtu-console/contract';
import { DEFAULT_PORT } from '../options';
import { INSTALL_ROOT, SERVICE_DATA_DIR } from '../paths';
import { type Changes, install, uninstall } from './service';

export const SETUP_USAGE = `Usage: sudo dtu-console-setup [options]

Makes the installed dtu-console package a system service: the user dtu-console, the data directory
${SERVICE_DATA_DIR}, the systemd unit dtu-console.service, enabled and started. A second run changes
nothing that is in place.

  --uninstall     stop, disable and remove the unit; the data directory and the user stay
  --root <dir>    work below <dir> instead of / (tests): nothing is started or stopped
  -h, --help      this text
`;

function addresses(port: number): string[] {
  const ips = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address !== undefined && !address.internal && address.family === 'IPv4')
    .map((address) => `http://${address?.address}:${port}/`);
  return [`http://${hostname()}.local:${port}/`, ...ips];
}

function report(changes: Changes, removed: boolean): string {
  const done =
    changes.length > 0 ? changes.map((line) => `  - ${line}`) : ['  nothing to do: all was in place'];
  if (removed) {
    return [
      'dtu-console-setup --uninstall:',
      ...done,
      `The data in ${SERVICE_DATA_DIR} and the user dtu-console are kept.`,
      'Remove the package with: sudo npm uninstall -g dtu-console',
      '',
    ].join('\n');
  }
  return [
    'dtu-console-setup:',
    ...done,
    '',
    `The console: ${addresses(DEFAULT_PORT).join('  or  ')}`,
    `Sign in as ${SecurityLimits.username} with the password ${SecurityLimits.defaultPassword}, and change it under Settings → Security.`,
    '',
    'Next steps (docs/install.md):',
    `  1. Device profile: choose your wiring under Settings → Device manager (profiles in ${SERVICE_DATA_DIR}/pin_mapping.json).`,
    '  2. Radio check, with the service stopped:',
    '       sudo systemctl stop dtu-console && sudo dtu-console-radio-check; sudo systemctl start dtu-console',
    '  3. Real radios instead of the simulated plant: sudo systemctl edit dtu-console, add',
    '       [Service]',
    '       Environment=RADIO=hardware',
    '     then sudo systemctl restart dtu-console.',
    'The log: journalctl -u dtu-console -f',
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  let values: { uninstall?: boolean; root?: string; help?: boolean };
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        uninstall: { type: 'boolean' },
        root: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${SETUP_USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(SETUP_USAGE);
    return 0;
  }
  const root = values.root ?? '/';
  if (root === '/' && process.getuid?.() !== 0) {
    process.stderr.write('dtu-console-setup changes the system: run it with sudo.\n');
    return 1;
  }
  const options = { root, packageRoot: INSTALL_ROOT.replace(/\/$/, ''), node: process.execPath };
  const changes = values.uninstall ? await uninstall(options) : await install(options);
  process.stdout.write(report(changes, values.uninstall === true));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`dtu-console-setup: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
