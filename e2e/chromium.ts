import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The flags a root, offline CI machine needs (no sandbox, no calls home). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chromium's environment: the machine's own, with fontconfig pointed at `fonts/fonts.conf`, which shows it
 * Debian's DejaVu fonts (fonts-dejavu-core) and nothing else. The compared pictures (`toHaveScreenshot`)
 * then render the same text on every machine with that package, whatever other fonts it has.
 */
export const CHROMIUM_ENV: Record<string, string | undefined> = {
  ...process.env,
  FONTCONFIG_FILE: fileURLToPath(new URL('./fonts/fonts.conf', import.meta.url)),
};

/**
 * Playwright cannot download its own browser here, so the tests drive the system's Chromium:
 * $CHROMIUM_PATH, else /usr/bin/chromium.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (path): path is string => Boolean(path),
  );
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    [
      'No Chromium found for the browser tests.',
      `Looked at: ${candidates.join(', ')}.`,
      'Install one with "sudo apt-get install chromium" (Debian/Ubuntu),',
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    ].join('\n'),
  );
}
