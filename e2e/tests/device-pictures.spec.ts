import { fileURLToPath } from 'node:url';
import { type Browser, expect, test } from '@playwright/test';
import { ownGatewayPort } from '../ports';
import { addDevicePlant, type DevicePlant, MI_NAME } from './device-plant';
import { type Gateway, startGateway } from './gateway-process';
import { signedIn } from './session';

/**
 * Compared pictures of the devices that report less than the radio inverters (README, Compared pictures):
 * the MI's detail in the live view (no limit figure, the AC power marked as estimated, no AC current) and
 * the Wi-Fi devices card of Settings → Inverter, in German and French, 1280 and 375 px wide. On a gateway
 * of their own with the device plant (device-plant.ts); what changes by the second is masked.
 */

const LANGUAGES = [
  { locale: 'de-DE', lang: 'de', wifiTitle: 'WLAN-Geräte', online: 'Online' },
  { locale: 'fr-FR', lang: 'fr', wifiTitle: 'Appareils Wi-Fi', online: 'En ligne' },
] as const;
const WIDTHS = [1280, 375] as const;
const PART_CSS = fileURLToPath(new URL('./part.picture.css', import.meta.url));

let gateway: Gateway;
let plant: DevicePlant;
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
  // Wall time: a gateway of its own, a Wi-Fi device on loopback and an MI's first answers.
  test.setTimeout(150_000);
  gateway = await startGateway(ownGatewayPort(24), []);
  plant = await addDevicePlant(gateway.url);
});
test.afterAll(async () => {
  plant?.stop();
  await gateway?.stop();
});

async function signedInPage(browser: Browser, locale: string, width: number) {
  const context = await browser.newContext({
    baseURL: gateway.url,
    locale,
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
    viewport: { width, height: width > 600 ? 900 : 812 },
  });
  const page = await context.newPage();
  await signedIn(page);
  return { page, close: () => context.close() };
}

for (const { locale, lang, wifiTitle, online } of LANGUAGES) {
  for (const width of WIDTHS) {
    test(`the MI's detail, ${lang}, ${width} px`, async ({ browser }) => {
      const { page, close } = await signedInPage(browser, locale, width);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.getByRole('tab', { name: new RegExp(MI_NAME) }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(MI_NAME);
      await expect(panel.locator('[data-estimated="true"]')).toHaveCount(1, { timeout: 30_000 });
      // Producing (its first answers can come before its first power).
      await expect(panel.locator('.inverter-header')).toHaveAttribute('data-variant', 'primary', {
        timeout: 60_000,
      });
      await expect(panel).toHaveScreenshot(`mi-detail-${lang}-${width}.png`, {
        mask: [
          panel.locator('.channel-fields dd'),
          panel.getByTestId('inverter-age'),
          panel.getByTestId('event-count'),
        ],
        stylePath: PART_CSS,
      });
      await close();
    });

    test(`the Wi-Fi devices card, ${lang}, ${width} px`, async ({ browser }) => {
      const { page, close } = await signedInPage(browser, locale, width);
      await page.goto('/settings/inverter');
      const card = page.locator('section.card', { has: page.getByRole('heading', { name: wifiTitle }) });
      await expect(card.getByTestId('wifi-state')).toHaveText([online, online], { timeout: 30_000 });
      await expect(card.getByTestId('wifi-model')).toHaveCount(2);
      // The device's port is the one the system gave the virtual device.
      await expect(card).toHaveScreenshot(`wifi-card-${lang}-${width}.png`, {
        mask: [card.locator('[data-testid="wifi-devices"] code')],
        stylePath: PART_CSS,
      });
      await close();
    });
  }
}
