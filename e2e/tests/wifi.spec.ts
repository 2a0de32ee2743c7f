import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { SIM_START } from './gateway-process';
import { ADMIN_PASSWORD, ADMIN_USER, signedIn } from './session';

/**
 * The Wi-Fi devices card on Settings → Inverter against the real gateway and `npm run wifi-sim` (a virtual
 * HMS-800W-2T on loopback TCP): a refused host, adding the device and seeing it online, its inverter in
 * the live view, and the day's curve the device keeps on System info and in the history card.
 */

const SLOW = { timeout: 30_000 };
/** The gateway's clock starts at this summer noon (playwright.config.ts); the device starts there too. */
const AUTH = { Authorization: `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}` };

// The device the first test adds is the one the later ones look at.
test.describe.configure({ mode: 'serial' });

let sim: ChildProcess;
let port = 0;
let serial = '';

test.beforeAll(async () => {
  sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/gateway/src/wifi/sim/cli.ts',
      '--port',
      '0',
      '--model',
      'HMS-800W-2T',
      '--start',
      SIM_START,
    ],
    { cwd: join(import.meta.dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Its one line once it listens: "wifi-sim: virtual HMS-800W-2T <dtu> serving <serial> on 127.0.0.1:<port> …".
  const [chunk] = (await once(sim.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const line = chunk.toString();
  const match = /serving (\w+) on 127\.0\.0\.1:(\d+)/.exec(line);
  if (!match) throw new Error(`wifi-sim said: ${line}`);
  serial = match[1] ?? '';
  port = Number(match[2]);
});

test.afterAll(async ({ request }) => {
  // The gateway is shared by the specs: leave it without Wi-Fi devices.
  await request.post('/api/wifi/config', {
    headers: AUTH,
    form: { data: JSON.stringify({ devices: [], limit_interval_min: 5 }) },
  });
  sim.kill('SIGTERM');
});

test('adds a Wi-Fi device, sees it online and its inverter in the live view', async ({ page }) => {
  await signedIn(page);
  await page.goto('/settings/inverter');
  const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Wi-Fi devices' }) });
  await expect(card).toBeVisible(SLOW);
  await expect(card.getByTestId('wifi-none')).toBeVisible();

  // A refused host: the contract's rule, checked before anything is sent, in words.
  const editor = card.getByTestId('wifi-editor');
  const save = page.getByRole('button', { name: 'Save devices' });
  await card.getByRole('button', { name: 'Add device' }).click();
  await editor.getByLabel('Name').fill('Broken');
  await editor.getByLabel('Host').fill('not a host');
  await card.getByRole('button', { name: 'Apply' }).click();
  await save.click();
  await expect(card.getByText('Host must be an IP address or a host name.')).toBeVisible();
  await card.getByRole('button', { name: 'Remove' }).click();

  await card.getByRole('button', { name: 'Add device' }).click();
  await editor.getByLabel('Name').fill('Balcony');
  await editor.getByLabel('Host').fill('127.0.0.1');
  await editor.getByLabel('Port').fill(String(port));
  await card.getByRole('button', { name: 'Apply' }).click();
  await save.click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(card.getByTestId('wifi-state')).toHaveText('Online', SLOW);
  await expect(card.getByTestId('wifi-devices')).toContainText(serial);

  await page.goto('/');
  await expect(page.getByText('Balcony').first()).toBeVisible(SLOW);
});

/**
 * The day's power curve the device keeps, drawn on System info at a desktop width, then the window narrowed
 * to a phone's: the drawing follows its card, and the page does not scroll sideways.
 */
test("draws the device's power curve, which follows the window when it narrows", async ({ page }) => {
  await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/info/system');
  const chart = page.getByTestId('wifi-curve').locator('svg');
  await expect(chart).toBeVisible(SLOW);
  expect((await chart.boundingBox())?.width).toBeGreaterThan(600);

  await page.setViewportSize({ width: 375, height: 900 });
  // At once, in the first layout at the new width: not after a redraw a frame later.
  const widths = await page.evaluate(() => {
    const svg = document.querySelector('[data-testid="wifi-curve"] svg')?.getBoundingClientRect();
    const card = document
      .querySelector('[data-testid="wifi-curve"]')
      ?.closest('section.card')
      ?.getBoundingClientRect();
    return { page: document.documentElement.scrollWidth, svg: svg?.right ?? 0, card: card?.right ?? 0 };
  });
  expect(widths.page).toBeLessThanOrEqual(375);
  expect(widths.svg).toBeLessThanOrEqual(widths.card);
});

/**
 * The same curve where an owner looks for an inverter's day: the history card of the live view, below the
 * gateway's own curve of the Wi-Fi inverter, at a phone's width without sideways scrolling. An earlier day
 * says the device keeps only today's; a radio inverter gets no such section.
 */
test("shows the device's own curve on its inverter's day in the history card", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'History' }).click();
  const card = page.getByTestId('history-card');
  await card.getByLabel('Show').selectOption({ label: 'Balcony' });
  const own = card.getByTestId('history-device-curve');
  await expect(own.getByRole('heading', { name: 'Curve kept by Balcony' })).toBeVisible(SLOW);
  const chart = own.getByRole('img', { name: /^Power curve kept by Balcony on / });
  const line = chart.locator('path.history-line');
  await expect(line).toHaveAttribute('d', /^M/);
  // The device's latest point, where it has been producing since the simulated noon: read out above zero.
  const [x = 0] =
    /([\d.]+) [\d.]+$/
      .exec((await line.getAttribute('d')) ?? '')
      ?.slice(1)
      .map(Number) ?? [];
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  await chart.hover({ position: { x, y: box.height / 2 } });
  await expect(card.getByTestId('history-readout')).toContainText(/Curve kept by Balcony[1-9][\d,]* W/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  await card.getByRole('button', { name: 'Earlier' }).click();
  await expect(card.getByTestId('history-device-curve-none')).toHaveText(
    'The Wi-Fi device keeps its own power curve for the current day only.',
  );
  await card.getByRole('button', { name: 'Today' }).click();
  await expect(own).toBeVisible();

  // A radio inverter of the simulated plant: no section of a Wi-Fi device.
  const radio = await card.getByLabel('Show').locator('option').nth(1).textContent();
  expect(radio).not.toBe('Balcony');
  await card.getByLabel('Show').selectOption({ label: radio ?? '' });
  // Its day as the gateway recorded it (or the words that it recorded none), and nothing of a device.
  await expect(
    card
      .getByRole('img', { name: new RegExp(`^Power of ${radio}`) })
      .or(card.getByText('No power was recorded')),
  ).toBeVisible();
  await expect(own).toHaveCount(0);
  await expect(card.getByTestId('history-device-curve-none')).toHaveCount(0);
});

/**
 * The device, now online, in German and French, light and dark: the card names the inverter with Wi-Fi in
 * the reader's language, and System info lists it in its own section, not among the radio inverters.
 * Pictures go to test-results/ for a look (not compared).
 */
for (const { locale, model, section } of [
  { locale: 'de-DE', model: 'HMS-xxxW (Wechselrichter mit WLAN)', section: 'WLAN-Geräte' },
  { locale: 'fr-FR', model: 'HMS-xxxW (onduleur avec Wi-Fi)', section: 'Appareils Wi-Fi' },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`in ${locale}, ${colorScheme}`, () => {
      test.use({ locale, colorScheme });

      test('names the inverter with Wi-Fi in words, and System info keeps it out of the radio list', async ({
        page,
      }, testInfo) => {
        await signedIn(page);
        await page.goto('/settings/inverter');
        await expect(page.getByTestId('wifi-model')).toHaveText(model, SLOW);
        const card = page.locator('section.card', { has: page.getByTestId('wifi-devices') });
        await card.screenshot({ path: testInfo.outputPath(`wifi-card-${locale}-${colorScheme}.png`) });

        await page.goto('/info/system');
        const wifi = page.locator('section.card', { has: page.getByRole('heading', { name: section }) });
        await expect(wifi.getByTestId('wifi-diagnostics-device')).toContainText(serial, SLOW);
        await expect(wifi.getByTestId('wifi-diagnostics-device')).toContainText(model);
        const radio = page.locator('section.card', { has: page.getByTestId('radio-mode') });
        await expect(radio).not.toContainText(serial);
        await wifi.screenshot({ path: testInfo.outputPath(`wifi-system-${locale}-${colorScheme}.png`) });
      });
    });
  }
}
