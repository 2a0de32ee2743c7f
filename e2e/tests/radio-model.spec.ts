import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ownGatewayPort } from '../ports';
import { type Gateway, startGateway } from './gateway-process';
import { signedIn, signInWithForm } from './session';

/**
 * The console on gateways of their own: one with `--radio model` (the real drivers against the chip
 * models, through the virtual air to the default inverters), one with `--radio hardware` on this machine,
 * which has no SPI device, so the console must say why nothing answers: in light and dark, English and
 * German.
 */

const PROFILES = fileURLToPath(new URL('../../deploy/raspberry-pi/pin_mapping.json', import.meta.url));
const BOTH_CHIPS = 'Raspberry Pi: nRF24L01+ on SPI0 CE0, CMT2300A on SPI0 CE1 (3-wire)';
const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

/**
 * What each screen was once photographed for is asserted instead: its texts (below) and that it is shown in
 * the colour scheme the visitor's system asks for. How the screens look is compared in pictures.spec.ts.
 */
async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', scheme);
}

/** A signed-in page on `url` in the given language and colour scheme. */
async function consolePage(browser: Browser, url: string, locale: string, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: url, locale, colorScheme });
  const page = await context.newPage();
  await signedIn(page);
  return { page, close: () => context.close() };
}

interface Summary {
  serial: string;
  name: string;
  order: number;
  producing: boolean;
}

async function producingInverters(request: APIRequestContext, url: string): Promise<Summary[]> {
  let inverters: Summary[] = [];
  await expect
    .poll(
      async () => {
        const status = await (await request.get(`${url}/api/livedata/status`)).json();
        inverters = [...status.inverters].sort((a: Summary, b: Summary) => a.order - b.order);
        return inverters.length >= 2 && inverters.every((inverter) => inverter.producing);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return inverters;
}

async function select(page: Page, inverter: Summary) {
  await page.getByRole('tab', { name: inverter.name }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText(inverter.name);
}

test.describe('the console through --radio model', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let gateway: Gateway;
  test.beforeAll(async () => {
    gateway = await startGateway(ownGatewayPort(1), ['--radio', 'model']);
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('live data of both default inverters comes through the drivers and the chip models', async ({
    browser,
    request,
  }) => {
    const inverters = await producingInverters(request, gateway.url);
    const { page, close } = await consolePage(browser, gateway.url, 'en-US', 'light');
    await page.goto('/');
    for (const inverter of inverters) {
      await select(page, inverter);
      const panel = page.getByRole('tabpanel');
      await expect(panel).toContainText(inverter.serial);
      await expect(panel.getByRole('heading', { level: 3, name: 'Phase 1' })).toBeVisible();
      await expect(panel.locator('.channel-fields').first()).toContainText(/\d/);
    }
    await expectScheme(page, 'light');
    await close();
  });

  test('system info names the model mode and the chips answer with their own counts', async ({ browser }) => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, close } = await consolePage(browser, gateway.url, 'en-US', scheme);
      await page.goto('/info/system');
      await expect(page.getByTestId('radio-mode')).toContainText('Chip models');
      await expect(page.getByTestId('radio-mode')).toContainText('No real radio is attached');
      await expect(page.getByTestId('radio-problem')).toHaveCount(0);
      await expect(page.getByTestId('radio-chip-nrf')).toContainText(/sent [1-9]\d* · acknowledged [1-9]/);
      await expect(page.getByTestId('radio-chip-cmt')).toContainText(/sent [1-9]\d* · received [1-9]/);
      await expect(page.getByTestId('radio-chip-cmt')).toContainText('FIFO overruns 0');
      await expectScheme(page, scheme);
      await close();
    }
  });

  test('a limit command ends Ok through the models', async ({ browser, request }) => {
    const [inverter] = await producingInverters(request, gateway.url);
    const context = await browser.newContext({ baseURL: gateway.url, locale: 'en-US' });
    const page = await context.newPage();
    await signInWithForm(page);
    await select(page, inverter!);
    const panel = page.getByRole('tabpanel');
    try {
      await panel.getByRole('button', { name: 'Limit' }).click();
      let dialog = page.getByRole('dialog', { name: `Power limit: ${inverter!.name}` });
      await dialog.getByLabel('Kind').selectOption('relative');
      await dialog.getByLabel('New limit').fill('60');
      await dialog.getByRole('button', { name: 'Set limit' }).click();
      await expect(dialog).toBeHidden();
      await panel.getByRole('button', { name: 'Limit' }).click();
      dialog = page.getByRole('dialog', { name: `Power limit: ${inverter!.name}` });
      await expect(dialog.locator('[data-status]')).toHaveAttribute('data-status', 'Ok', { timeout: 45_000 });
      await expect(dialog.getByTestId('limit-current')).toContainText('60.0 %');
      await expectScheme(page, 'light');
    } finally {
      await request.post(`${gateway.url}/api/limit/config`, {
        headers: { Authorization: basic },
        form: { data: JSON.stringify({ serial: inverter!.serial, limit_value: 100, limit_type: 1 }) },
      });
      await context.close();
    }
  });

  test('the DTU settings show both chips answering in the chip models, not as a real connection', async ({
    browser,
  }) => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, close } = await consolePage(browser, gateway.url, 'en-US', scheme);
      await page.goto('/settings/dtu');
      await expect(page.getByTestId('radio-state-nrf')).toHaveText('Answers (chip model)');
      await expect(page.getByTestId('radio-state-cmt')).toHaveText('Answers (chip model)');
      await expect(page.getByText('Connected', { exact: true })).toHaveCount(0);
      await expectScheme(page, scheme);
      await close();
    }
  });
});

test.describe('the console through --radio hardware without SPI on this machine', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let gateway: Gateway;
  test.beforeAll(async () => {
    gateway = await startGateway(ownGatewayPort(2), ['--radio', 'hardware'], (dir) => {
      copyFileSync(PROFILES, join(dir, 'pin_mapping.json'));
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ cfg: {}, device: { pinmapping: BOTH_CHIPS } }),
      );
    });
  });
  test.afterAll(async () => {
    await gateway?.stop();
  });

  const NRF_WHY = '/dev/spidev0.0 does not exist: enable SPI (dtparam=spi=on in config.txt, then reboot)';
  const CMT_WHY = '/dev/spidev0.1 does not exist: enable SPI (dtparam=spi=on in config.txt, then reboot)';

  test('English: system info, the DTU settings and the console log say why (no device)', async ({
    browser,
  }) => {
    const { page, close } = await consolePage(browser, gateway.url, 'en-US', 'light');
    await page.goto('/info/system');
    await expect(page.getByTestId('radio-mode')).toContainText('Hardware');
    await expect(page.getByTestId('radio-problem')).toHaveText([`nRF24: ${NRF_WHY}`, `CMT2300A: ${CMT_WHY}`]);
    await expect(page.getByRole('row', { name: /nRF24L01/ })).toContainText('Connected: No');
    await expectScheme(page, 'light');

    await page.goto('/settings/dtu');
    await expect(page.getByTestId('radio-state-nrf')).toHaveText('Not connected');
    await expect(page.getByTestId('radio-state-cmt')).toHaveText('Not connected');
    await expect(page.getByTestId('radio-problem-nrf')).toHaveText(`Problem: ${NRF_WHY}`);
    await expect(page.getByTestId('radio-problem-cmt')).toHaveText(`Problem: ${CMT_WHY}`);
    await expectScheme(page, 'light');

    await page.goto('/info/console');
    await expect(page.getByRole('textbox', { name: 'Gateway log' })).toHaveValue(
      new RegExp(`Radio: nRF24: ${NRF_WHY.replace(/[.()]/g, '\\$&')}`),
    );
    await expectScheme(page, 'light');
    await close();
  });

  test('German: the same reasons, with the screens in German', async ({ browser }) => {
    const { page, close } = await consolePage(browser, gateway.url, 'de-DE', 'dark');
    await page.goto('/info/system');
    await expect(page.getByTestId('radio-mode')).toHaveText(
      'Hardware: die Module des aktiven Geräteprofils.',
    );
    await expect(page.getByTestId('radio-problem').first()).toHaveText(`nRF24: ${NRF_WHY}`);
    await expectScheme(page, 'dark');

    await page.goto('/settings/dtu');
    await expect(page.getByTestId('radio-state-cmt')).toHaveText('Nicht verbunden');
    await expect(page.getByTestId('radio-problem-cmt')).toHaveText(`Problem: ${CMT_WHY}`);
    await expectScheme(page, 'dark');
    await close();
  });
});
