import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ownGatewayPort } from '../ports';
import { type Gateway, startGateway } from './gateway-process';
import { signedIn } from './session';

/**
 * Compared pictures (`toHaveScreenshot`) of the live view, the power limiter's screen and a settings form
 * (time), each in German, light and dark, 1280 and 375 px wide; the power limiter's screen (with the
 * meter's settings) in French too. The alert list's pictures are taken in
 * alerts.spec.ts, where an alert is open. The baselines beside this file are for Debian's Chromium with the
 * fonts of e2e/fonts/fonts.conf; the tolerance and the rendering options are in playwright.config.ts.
 *
 * The pictures are of a gateway of their own, started fresh on the suite's summer noon: what the other
 * specs configure on the suite's gateway (a limiter switched on, more inverters) does not show up here,
 * and the simulated plant is a few seconds into the same day at every run. What still changes from second
 * to second (power, energy, data age, clocks) is masked; each picture is taken once the screen shows
 * everything it will show (limits known, both inverters producing, the connection up).
 */

const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 375] as const;
type Theme = (typeof THEMES)[number];

let gateway: Gateway;
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
  gateway = await startGateway(ownGatewayPort(23), []);
});
test.afterAll(async () => {
  await gateway?.stop();
});

/** A signed-in German page on the pictures' gateway, in a colour scheme and width. */
function germanPage(browser: Browser, theme: Theme, width: number) {
  return signedInPage(browser, 'de-DE', theme, width);
}

/** A signed-in page on the pictures' gateway in a language, colour scheme and width. */
async function signedInPage(browser: Browser, locale: string, theme: Theme, width: number) {
  const context = await browser.newContext({
    baseURL: gateway.url,
    locale,
    timezoneId: 'Europe/Berlin',
    colorScheme: theme,
    viewport: { width, height: width > 600 ? 900 : 812 },
  });
  const page = await context.newPage();
  await signedIn(page);
  return { page, close: () => context.close() };
}

/** The theme the page applied: the console follows the emulated colour scheme while nothing is chosen. */
async function expectTheme(page: Page, theme: Theme) {
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
}

/** Nothing wider than the window: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** What changes by the second on the live view: the values, the inverter's limit and data age, its events. */
function liveMasks(page: Page): Locator[] {
  return [
    page.locator('.total-value'),
    page.locator('.channel-fields dd'),
    page.locator('.inverter-facts'),
    page.getByTestId('event-count'),
  ];
}
/** Gives the masked values boxes of one size (see the file). */
const LIVE_CSS = fileURLToPath(new URL('./live-view.picture.css', import.meta.url));

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`live view, de, ${theme}, ${width} px`, async ({ browser }) => {
      const { page, close } = await germanPage(browser, theme, width);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Live-Ansicht' })).toBeVisible();
      await expectTheme(page, theme);
      // Connected, both inverters producing, the first one's limit known, the limiter's and the battery's
      // offers shown.
      await expect(page.getByRole('img', { name: 'Live-Verbindung aktiv' })).toBeVisible();
      await expect(page.locator('.inverter-pills [data-icon="check"]')).toHaveCount(2, { timeout: 60_000 });
      await expect(page.getByTestId('inverter-limit')).toContainText(/\d W \(/, { timeout: 60_000 });
      await expect(page.locator('.channel-card')).toHaveCount(4);
      await expect(page.getByTestId('limiter-section')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('battery-section')).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveScreenshot(`live-view-de-${theme}-${width}.png`, {
        fullPage: true,
        mask: liveMasks(page),
        stylePath: LIVE_CSS,
      });
      await close();
    });

    test(`power limiter screen, de, ${theme}, ${width} px`, async ({ browser }) => {
      const { page, close } = await germanPage(browser, theme, width);
      await page.goto('/settings/powerlimiter');
      await expect(page.getByRole('heading', { level: 1, name: 'Leistungsbegrenzer' })).toBeVisible();
      await expectTheme(page, theme);
      await expect(page.locator('table.limiter-inverters tbody tr')).toHaveCount(2, { timeout: 30_000 });
      await expect(page.getByTestId('limiter-meter-source')).toHaveText('Quelle: Simulierter Zähler');
      await expect(page.getByTestId('limiter-battery-hint')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveScreenshot(`power-limiter-de-${theme}-${width}.png`, { fullPage: true });
      await close();
    });

    test(`time settings form, de, ${theme}, ${width} px`, async ({ browser }) => {
      const { page, close } = await germanPage(browser, theme, width);
      await page.goto('/settings/ntp');
      await expect(page.getByRole('heading', { level: 1, name: 'Zeiteinstellungen' })).toBeVisible();
      await expectTheme(page, theme);
      await expect(page.getByLabel('NTP-Server')).toHaveValue('pool.ntp.org', { timeout: 30_000 });
      await expect(page.getByTestId('device-time')).toContainText('2026');
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveScreenshot(`time-settings-de-${theme}-${width}.png`, {
        fullPage: true,
        mask: [page.getByTestId('device-time'), page.getByTestId('local-time')],
      });
      await close();
    });
  }
}

// The meter's own screen in German and French, at both widths.
for (const [locale, language, title, source] of [
  ['de-DE', 'de', 'Stromzähler', 'Quelle'],
  ['fr-FR', 'fr', 'Compteur électrique', 'Source'],
] as const) {
  for (const width of WIDTHS) {
    test(`power meter screen, ${language}, light, ${width} px`, async ({ browser }) => {
      const { page, close } = await signedInPage(browser, locale, 'light', width);
      await page.goto('/settings/powermeter');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByLabel(source, { exact: true })).toHaveValue('simulated', { timeout: 30_000 });
      await expectNoSidewaysScroll(page);
      await expect(page).toHaveScreenshot(`power-meter-${language}-light-${width}.png`, { fullPage: true });
      await close();
    });
  }
}
