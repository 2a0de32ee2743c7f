import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ownGatewayPort } from '../ports';
import { SIM_START } from './gateway-process';
import { signedIn } from './session';

/**
 * The console on a gateway with `--radio replay`: an OpenDTU verbose log written from the protocol's
 * documented HM-800 exchange (packages/hoymiles/data/runtime-fields.json) answers the engine. Live data
 * shows the documented values, and system info says plainly that a captured log answers, never a module.
 */

const LAUNCHER = fileURLToPath(new URL('../../packages/gateway/dist/launcher.js', import.meta.url));
const VECTORS = fileURLToPath(new URL('../../packages/hoymiles/data/runtime-fields.json', import.meta.url));
const PORT = ownGatewayPort(17);
const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

interface Vector {
  family: string;
  inverterSerial: string;
  request: { frame: string };
  responseFrames: string[];
}

const vector = (JSON.parse(readFileSync(VECTORS, 'utf8')) as { testVectors: Vector[] }).testVectors.find(
  (v) => v.family === 'HM_2CH',
)!;

/** The documented exchange as OpenDTU's verbose log prints it, between unrelated lines. */
const CAPTURE = [
  `00:00:01.001 > Fetch inverter: ${vector.inverterSerial}`,
  `00:00:01.003 > TX RealTimeRunData Channel: 61 --> ${vector.request.frame}`,
  '00:00:01.020 > Interrupt received',
  ...vector.responseFrames.map((frame) => `00:00:01.030 > RX Channel: 3 --> ${frame} | -80 dBm`),
  '00:00:01.041 > Success',
].join('\n');

test.describe('the console through --radio replay', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let dir: string;
  let child: ChildProcess;
  let exited: Promise<void>;
  const url = `http://127.0.0.1:${PORT}`;

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dtu-e2e-replay-'));
    const capture = join(dir, 'opendtu-verbose.log');
    writeFileSync(capture, CAPTURE);
    const args = ['--host', '127.0.0.1', '--port', String(PORT), '--data-dir', dir, '--sim-start', SIM_START];
    child = spawn(process.execPath, [LAUNCHER, ...args, '--radio', 'replay', '--replay-file', capture], {
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the replay gateway exited with ${child.exitCode}`);
      const up = await fetch(`${url}/api/system/status`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error('the replay gateway did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    child?.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  });

  test('the captured HM-800 gives its documented values, and system info says it is a replay', async ({
    browser,
    request,
  }) => {
    const added = await request.post(`${url}/api/inverter/add`, {
      headers: { Authorization: basic },
      form: { data: JSON.stringify({ serial: vector.inverterSerial, name: 'Captured HM-800' }) },
    });
    expect((await added.json()).type).toBe('success');
    await expect
      .poll(
        async () => {
          const status = await (
            await request.get(`${url}/api/livedata/status?inv=${vector.inverterSerial}`)
          ).json();
          return status.inverters?.[0]?.AC?.['0']?.Power?.v;
        },
        { timeout: 60_000 },
      )
      .toBe(455.1);

    const context = await browser.newContext({ baseURL: url, locale: 'en-US' });
    const page = await context.newPage();
    await signedIn(page);
    await page.goto('/info/system');
    await expect(page.getByTestId('radio-mode')).toContainText(
      'Replay: the answers come from a captured log',
    );
    await expect(page.getByTestId('radio-mode')).toContainText('No real radio is attached');
    await expect(page.getByTestId('radio-replay-file')).toHaveText('opendtu-verbose.log');
    await expect(page.getByTestId('radio-replay-contents')).toContainText('1 request');
    const nrf = page.getByRole('row', { name: /nRF24L01/ });
    await expect(nrf).toContainText('Answers from the capture');
    await expect(nrf).not.toContainText('Connected');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
    await context.close();
  });
});
