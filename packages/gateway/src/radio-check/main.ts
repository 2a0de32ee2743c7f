/**
 * `npm run radio-check [-- options]` (`dtu-console-radio-check` when installed; cli.ts): the field check of a freshly wired radio module (check.ts;
 * docs/hardware.md, First contact). Exit 0 all well, 1 a chip does not answer, 2 the host setup is missing.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SystemClock } from '@dtu-console/clock';
import { LinuxRadioHost } from '@dtu-console/radio/linux/host';
import { CHECKOUT_DATA_DIR, defaultDataDir, SERVICE_DATA_DIR } from '../paths';
import { ExitCode, runRadioCheck } from './check';
import { systemHostProbe } from './host-setup';
import { readCheckSetup } from './setup';

export const RADIO_CHECK_USAGE = `Usage: npm run radio-check -- [options]   (installed: dtu-console-radio-check [options])

  --data-dir <path>   the gateway's data directory: config.json and pin_mapping.json
                      (default ${CHECKOUT_DATA_DIR}; ${SERVICE_DATA_DIR} when installed from the package)
  --profile <name>    the device profile to check (default: the one chosen in the console)
  --listen <seconds>  how long to listen for frames (default 10; 0 skips)
  --serial <serial>   ask this inverter for its device info
  --radio model       run against the chip models instead of the host's devices (no real hardware)
  -h, --help          this text

Exit status: 0 all well, 1 a chip does not answer, 2 the host setup is missing something.
`;

export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${RADIO_CHECK_USAGE}`);
    return ExitCode.hostSetup;
  }
  if (values.help) {
    process.stdout.write(RADIO_CHECK_USAGE);
    return ExitCode.ok;
  }
  const listenS = Number(values.listen ?? '10');
  if (!Number.isFinite(listenS) || listenS < 0 || listenS > 3600) {
    process.stderr.write(`Invalid --listen "${values.listen}": expected seconds 0..3600\n`);
    return ExitCode.hostSetup;
  }
  const mode = values.radio ?? 'hardware';
  if (mode !== 'hardware' && mode !== 'model') {
    process.stderr.write(`Invalid --radio "${mode}": expected hardware (default) or model\n`);
    return ExitCode.hostSetup;
  }
  const setup = await readCheckSetup(resolve(values['data-dir'] ?? defaultDataDir()), values.profile);
  // The gateway clock's timers do not hold the process open (unref): this does, until the check ends.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    return await runRadioCheck(
      { mode, listenS, ...(values.serial ? { serial: values.serial } : {}) },
      {
        clock: new SystemClock(),
        out: (line) => process.stdout.write(`${line}\n`),
        setup,
        probe: systemHostProbe(),
        host: () => LinuxRadioHost.load(),
      },
    );
  } finally {
    clearInterval(keepAlive);
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    options: {
      'data-dir': { type: 'string' },
      profile: { type: 'string' },
      listen: { type: 'string' },
      serial: { type: 'string' },
      radio: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
