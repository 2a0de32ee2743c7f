import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_ENV, findChromium } from './chromium';
import { workerGatewayPort } from './ports';
import { SIM_START } from './tests/gateway-process';

/**
 * Parallel workers, each with its own gateway (its own port and data directory), so the specs of one
 * worker never see what another worker's specs changed. Worker n talks to the gateway on E2E_PORT + n:
 * Playwright sets TEST_PARALLEL_INDEX in a worker process before the worker loads this file.
 * Set the number with E2E_WORKERS (not --workers: one gateway is started per worker of this number).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
const workerPort = workerGatewayPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** Inside a worker process the gateways are already up: only the runner starts them. */
const inRunner = process.env.TEST_WORKER_INDEX === undefined;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
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
    baseURL: `http://127.0.0.1:${workerPort}`,
    locale: 'en-US',
    // A visitor whose system asks for reduced motion: the online marker's endless pulse (and Bootstrap's
    // fades) stay off. Headless Chromium composites in software, so an endless animation on an open page
    // costs the machine about half a core (docs/testing.md); the pulse itself is checked in
    // live-view.spec.ts, in both settings.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, network, console) but no screencast and no DOM snapshots:
    // the screenshots of every action of every test cost about a fifth of the suite's CPU, and the DOM
    // copied before and after every action another fifth (docs/testing.md); the page at the failure is
    // still photographed (`screenshot`).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium('tests'), args: CHROMIUM_ARGS, env: CHROMIUM_ENV },
      },
    },
  ],
  webServer: inRunner ? Array.from({ length: workers }, (_, index) => gateway(index)) : [],
});

/**
 * The real gateway, serving the real built console, on a throw-away data directory. Through the launcher,
 * as `npm start` runs it: an installed release takes over after its upload. The first one builds what is
 * missing or stale first (Playwright starts web servers one after the other, so the others find it built).
 * `--test-clock` (tests only): specs advance the gateway clock with POST /api/test/clock (tests/clock.ts).
 */
function gateway(index: number) {
  const gatewayPort = workerGatewayPort(index);
  const dataDir = mkdtempSync(join(tmpdir(), 'dtu-e2e-'));
  const build = index === 0 ? 'node ../scripts/ensure-build.mjs && ' : '';
  return {
    command: `${build}node ../packages/gateway/dist/launcher.js --host 127.0.0.1 --port ${gatewayPort} --data-dir ${dataDir} --sim-start ${SIM_START} --test-clock`,
    url: `http://127.0.0.1:${gatewayPort}/api/system/status`,
    env: { LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
