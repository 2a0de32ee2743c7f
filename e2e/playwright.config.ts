import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_ENV, findChromium } from './chromium';

const port = Number(process.env.E2E_PORT ?? 18_480);
const dataDir = mkdtempSync(join(tmpdir(), 'dtu-e2e-'));
/**
 * The gateway's clock starts at a summer noon and runs on: the simulated inverters produce whatever the
 * hour of the test run (at night real and simulated inverters are dark, and the live-view tests need
 * production).
 */
const SIM_START = '2026-06-21T12:00:00+02:00';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    // The compared pictures (tests/pictures.spec.ts, alerts.spec.ts; README, Compared pictures): baselines
    // in tests/__screenshots__/ for Debian's Chromium with the fonts of fonts/fonts.conf. A pixel differs
    // when its colour is further off than Playwright's threshold (0.2 in YIQ space), so an edge antialiased
    // a shade lighter counts as the same; up to 10 pixels of a picture may differ beyond that, a margin for
    // an edge drawn a pixel off. Measured here: repeated runs differ from their baselines by 0 pixels; one
    // letter added to a label by 13, one word changed by about 200, the other theme by 1.4 million.
    toHaveScreenshot: {
      maxDiffPixels: 10,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // One set of baselines whatever the project is called: they are for the one browser the suite drives.
      pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
    },
  },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS, env: CHROMIUM_ENV },
      },
    },
  ],
  webServer: {
    // The real gateway, serving the real built console, on a throw-away data directory.
    // Through the launcher, as `npm start` runs it: an installed release takes over after its upload.
    // `--test-clock` (tests only): specs advance the gateway clock with POST /api/test/clock (tests/clock.ts).
    command: `node ../scripts/ensure-build.mjs && node ../packages/gateway/dist/launcher.js --host 127.0.0.1 --port ${port} --data-dir ${dataDir} --sim-start ${SIM_START} --test-clock`,
    url: `http://127.0.0.1:${port}/api/system/status`,
    env: { LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
