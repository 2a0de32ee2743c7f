/**
 * Where the gateway finds the files it reads at run time. Resolved from this module's own location, which
 * is one folder below the gateway package both as source (`src/paths.ts`, run by tsx) and bundled
 * (`dist/main.js`, `dist/launcher.js`): keep this file directly in `src/`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const gatewayRoot = new URL('../', import.meta.url);

/** The installation (a checkout, or an installed release's folder). */
export const INSTALL_ROOT = fileURLToPath(new URL('../../', gatewayRoot));
/**
 * The data directory of the service (deploy/systemd/dtu-console.service: `StateDirectory=dtu-console`),
 * and the default one of an installation from the npm package.
 */
export const SERVICE_DATA_DIR = '/var/lib/dtu-console';
/** The default data directory of a checkout (and of a release uploaded to it), relative to where it runs. */
export const CHECKOUT_DATA_DIR = './data';

/**
 * Whether the installation is the owner's npm package (docs/install.md) rather than a source checkout: the
 * package's package.json names no workspaces. Read once.
 */
export function isPackageInstall(root = INSTALL_ROOT): boolean {
  if (root === INSTALL_ROOT && packageInstall !== undefined) return packageInstall;
  let found = false;
  try {
    found = !('workspaces' in JSON.parse(readFileSync(`${root}/package.json`, 'utf8')));
  } catch {
    // no package.json: not the package
  }
  if (root === INSTALL_ROOT) packageInstall = found;
  return found;
}
let packageInstall: boolean | undefined;

/** Where config, history and releases live unless `--data-dir` or DATA_DIR says otherwise. */
export function defaultDataDir(): string {
  return isPackageInstall() ? SERVICE_DATA_DIR : CHECKOUT_DATA_DIR;
}
/** The installation's packages, which an installed release links to (docs/releases.md). */
export const INSTALL_MODULES = fileURLToPath(new URL('../../node_modules', gatewayRoot));
/** The built console. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../web/dist', gatewayRoot));
/** The console's locale files: read for the page of `/` and by /api/i18n/language for language packs. */
export const CONSOLE_LOCALES_DIR = new URL('../web/src/i18n/locales/', gatewayRoot);
/** The zone table the console offers (IANA name → POSIX rule). */
export const ZONES_FILE = new URL('assets/zones.json', gatewayRoot);
