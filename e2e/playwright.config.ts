import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium';

const port = Number(process.env.E2E_PORT ?? 18_480);
const dataDir = mkdtempSync(join(tmpdir(), 'dtu-e2e-'));
// The simulated plant follows the sun: the gateway clock starts at today's noon (the default place is in
// central Europe), so the live-view tests find producing inverters whatever the time of day of the run.
const noon = `${new Date().toISOString().slice(0, 10)}T12:00:00+01:00`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    // The real gateway, serving the real built console, on a throw-away data directory.
    command: `node ../scripts/ensure-console-build.mjs && node --import tsx ../packages/gateway/src/main.ts --host 127.0.0.1 --port ${port} --data-dir ${dataDir} --sim-start ${noon}`,
    url: `http://127.0.0.1:${port}/api/system/status`,
    env: { LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
