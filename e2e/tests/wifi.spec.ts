import { expect, test } from '@playwright/test';
import { wifiSimModel } from '../../packages/gateway/src/wifi/sim/models';
import { WifiSimServer } from '../../packages/gateway/src/wifi/sim/server';
import { VirtualWifiDevice } from '../../packages/gateway/src/wifi/sim/virtual-device';
import { ADMIN_PASSWORD, ADMIN_USER, signedIn } from './session';

/**
 * The Wi-Fi devices card on Settings → Inverter against the real gateway and a virtual HMS-800W-2T on
 * loopback TCP: add it, see it come online, a refused host, and its inverter in the live view.
 */

const SLOW = { timeout: 30_000 };
/** The gateway's clock starts at this summer noon (playwright.config.ts); the device lives on the same. */
const SIM_START = Date.parse('2026-06-21T12:00:00+02:00');
const AUTH = { Authorization: `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}` };

let server: WifiSimServer;

test.beforeAll(async () => {
  const startedAt = Date.now();
  const model = wifiSimModel('HMS-800W-2T');
  if (!model) throw new Error('no virtual HMS-800W-2T');
  const device = new VirtualWifiDevice({
    model,
    seed: 'e2e',
    now: () => SIM_START + (Date.now() - startedAt),
  });
  server = new WifiSimServer({ device });
  await server.listen();
});

test.afterAll(async ({ request }) => {
  // The gateway is shared by the specs: leave it without Wi-Fi devices.
  await request.post('/api/wifi/config', {
    headers: AUTH,
    form: { data: JSON.stringify({ devices: [], limit_interval_min: 5 }) },
  });
  await server.close();
});

test('adds a Wi-Fi device, sees it online and its inverter in the live view', async ({ page }) => {
  await signedIn(page);
  await page.goto('/settings/inverter');
  const card = page.locator('section.card', { has: page.getByRole('heading', { name: 'Wi-Fi devices' }) });
  await expect(card).toBeVisible(SLOW);
  await expect(card.getByTestId('wifi-none')).toBeVisible();

  // A refused host: the gateway's answer, translated.
  await card.getByRole('button', { name: 'Add device' }).click();
  await page.locator('#wifi-name').fill('Broken');
  await page.locator('#wifi-host').fill('not a host');
  await card.getByRole('button', { name: 'Apply' }).click();
  await card.getByRole('button', { name: 'Save devices' }).click();
  await expect(card.getByText('Host must be an IP address or a host name.')).toBeVisible();
  await card.getByRole('button', { name: 'Remove' }).click();

  await card.getByRole('button', { name: 'Add device' }).click();
  await page.locator('#wifi-name').fill('Balcony');
  await page.locator('#wifi-host').fill('127.0.0.1');
  await page.locator('#wifi-port').fill(String(server.port));
  await card.getByRole('button', { name: 'Apply' }).click();
  await card.getByRole('button', { name: 'Save devices' }).click();
  await expect(card.getByText('Settings saved')).toBeVisible();
  const serial = server.device.serials[0] ?? '';
  await expect(card.getByTestId('wifi-state')).toHaveText('Online', SLOW);
  await expect(card.getByTestId('wifi-devices')).toContainText(serial);

  await page.goto('/');
  await expect(page.getByText('Balcony').first()).toBeVisible(SLOW);
});
