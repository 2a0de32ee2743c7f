/**
 * Where the gateway finds the files it reads at run time. Resolved from this module's own location, which
 * is one folder below the gateway package both as source (`src/paths.ts`, run by tsx) and bundled
 * (`dist/main.js`, `dist/launcher.js`): keep this file directly in `src/`.
 */
import { fileURLToPath } from 'node:url';

const gatewayRoot = new URL('../', import.meta.url);

/** The installation (a checkout, or an installed release's folder). */
export const INSTALL_ROOT = fileURLToPath(new URL('../../', gatewayRoot));
/** The installation's packages, which an installed release links to (docs/releases.md). */
export const INSTALL_MODULES = fileURLToPath(new URL('../../node_modules', gatewayRoot));
/** The built console. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../web/dist', gatewayRoot));
/** The console's locale files: read for the page of `/` and by /api/i18n/language for language packs. */
export const CONSOLE_LOCALES_DIR = new URL('../web/src/i18n/locales/', gatewayRoot);
/** The zone table the console offers (IANA name → POSIX rule). */
export const ZONES_FILE = new URL('assets/zones.json', gatewayRoot);
/**
 * The radio thread (radio/worker/): bundled beside main.js as radio-worker.js. From the sources (tsx,
 * tests) a new thread does not inherit its parent's TypeScript loader, so a small loader starts it.
 */
export const RADIO_THREAD: { file: URL; sourceEntry?: string } = import.meta.url.endsWith('.ts')
  ? {
      file: new URL('radio/worker/tsx-entry.mjs', import.meta.url),
      sourceEntry: new URL('radio/worker/entry.ts', import.meta.url).href,
    }
  : { file: new URL('radio-worker.js', import.meta.url) };
