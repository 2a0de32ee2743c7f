/**
 * The radio check as a command: `npm run radio-check`, and `dtu-console-radio-check` of the installed
 * package (bundled to dist/radio-check.js). Runs main.ts with the process's arguments and exits with its
 * status.
 */
import { ExitCode } from './check';
import { main } from './main';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`radio-check: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(ExitCode.hostSetup);
  },
);
