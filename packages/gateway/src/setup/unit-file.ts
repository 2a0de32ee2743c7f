/**
 * The systemd unit an installed package runs under: deploy/systemd/dtu-console.service (written for a
 * checkout in /opt/dtu-console and Node in /usr/bin), with its paths set to the package's and Node's.
 */

/** Where the unit is installed, below the system root. */
export const UNIT_NAME = 'dtu-console.service';
export const UNIT_PATH = `/etc/systemd/system/${UNIT_NAME}`;
/** The service unit template inside an installation. */
export const UNIT_TEMPLATE = `deploy/systemd/${UNIT_NAME}`;

export interface UnitPaths {
  /** The Node.js binary the service runs (the one running the setup). */
  node: string;
  /** The installed package's folder. */
  packageRoot: string;
}

/** The template with `ExecStart`, `WorkingDirectory` and `Documentation` pointing into the package. */
export function unitFor(template: string, paths: UnitPaths): string {
  const values: Record<string, string> = {
    ExecStart: `${paths.node} ${paths.packageRoot}/packages/gateway/dist/launcher.js --reboot-exits`,
    WorkingDirectory: paths.packageRoot,
    Documentation: `file:${paths.packageRoot}/docs/install.md`,
  };
  const seen = new Set<string>();
  const lines = template.split('\n').map((line) => {
    const key = /^([A-Za-z]+)=/.exec(line)?.[1];
    if (key === undefined || !(key in values)) return line;
    seen.add(key);
    return `${key}=${values[key]}`;
  });
  const missing = Object.keys(values).filter((key) => !seen.has(key));
  if (missing.length > 0) throw new Error(`${UNIT_TEMPLATE} has no ${missing.join(', ')} line`);
  return lines.join('\n');
}
