/**
 * A port another program already listens on: the gateway cannot fix that by trying again. It says so in
 * one line and ends with its own exit code (src/main.ts); the launcher (src/launcher/main.ts) knows the
 * code, repeats the line once and ends too, instead of starting the gateway again and again.
 */

/** The gateway's exit code for "the HTTP port is taken" (98 is EADDRINUSE's number on Linux). */
export const PORT_IN_USE_EXIT_CODE = 98;

/** The one line an owner sees. */
export function portInUseMessage(port: number): string {
  return `port ${port} is in use by another program: choose another with --port`;
}

/** Whether a start failed because the port is taken (what Node.js's listen() rejects with). */
export function isPortInUse(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
  );
}

/**
 * The launcher's side: when a gateway ended with the port code, say why once and end with the same code
 * (a supervisor sees a failure, not a loop of restarts). Any other exit code returns.
 */
export function exitIfPortInUse(exitCode: number | null, port: number): void {
  if (exitCode !== PORT_IN_USE_EXIT_CODE) return;
  process.stderr.write(`[launcher] ${portInUseMessage(port)}\n`);
  process.exit(PORT_IN_USE_EXIT_CODE);
}
