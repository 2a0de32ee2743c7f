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
 * Playwright cannot download its own browser here, so benches and tests drive the system's Chromium.
 *
 * - `browser` (the benches: first value, Lighthouse, bytes, scale): the full browser a visitor runs,
 *   $CHROMIUM_PATH, else /usr/bin/chromium.
 * - `tests` (the browser tests): Debian's headless shell of the same Chromium (package
 *   chromium-headless-shell, the same Blink without the browser's own windowing), $CHROMIUM_TEST_PATH else
 *   /usr/bin/chromium-headless-shell. It drew every compared picture the same as the full browser and
 *   cost about 40 % less CPU for the same specs (docs/testing.md), which is most of the suite's time.
 */
export function findChromium(use: 'browser' | 'tests' = 'browser'): string {
  const [own, packageName, defaults] =
    use === 'tests'
      ? [process.env.CHROMIUM_TEST_PATH, 'chromium-headless-shell', ['/usr/bin/chromium-headless-shell']]
      : [process.env.CHROMIUM_PATH, 'chromium', ['/usr/bin/chromium', '/usr/bin/chromium-browser']];
  const candidates = [own, ...defaults].filter((path): path is string => Boolean(path));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // try the next one
    }
  }
  const variable = use === 'tests' ? 'CHROMIUM_TEST_PATH' : 'CHROMIUM_PATH';
  throw new Error(
    [
      `No Chromium found for the ${use === 'tests' ? 'browser tests' : 'benches'}.`,
      `Looked at: ${candidates.join(', ')}.`,
      `Install it with "sudo apt-get install ${packageName}" (Debian/Ubuntu),`,
      `or point ${variable} at a Chromium or Chrome binary.`,
    ].join('\n'),
  );
}
