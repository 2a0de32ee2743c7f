/**
 * axe-core over every route of the console (its route table), in light and dark, signed in and signed
 * out (signed out, the screens that need a login show the login instead): no violation of the WCAG 2.2 A
 * and AA rules. Each page is checked once it shows its title and its data have arrived, in both themes:
 * the theme is switched as the console switches it, on the root element (its colours are CSS only), so
 * each route is loaded once for the two.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { consoleRoutes } from '../routes';
import { signedIn } from './session';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const THEMES = ['light', 'dark'] as const;

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('h1').first(), path).toBeVisible();
  // Its data have arrived when no spinner or busy region is left (not "no request for 500 ms": the live
  // screens poll, so that wait cost half a second or more a route and proved nothing more).
  await expect(page.locator('.spinner-border:visible, [aria-busy="true"]:visible'), path).toHaveCount(0);
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((chosen) => document.documentElement.setAttribute('data-bs-theme', chosen), theme);
    // Legacy mode: axe.run in the page itself. The default runs axe per frame and then finishes in a
    // blank page it opens for each analysis, which cost about twice the time here (measured: 1.3 s against
    // 0.6 s on the live view); the console has no frames, so both check the same document.
    const result = await new AxeBuilder({ page }).withTags(WCAG_AA).setLegacyMode(true).analyze();
    found.push(
      ...result.violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${path} (${theme}): ${violation.id} at ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim()}`,
        ),
      ),
    );
  }
  return found;
}

// The two passes only read: they may run side by side on the workers (each worker its own gateway).
test.describe.configure({ mode: 'parallel' });

for (const signed of ['signed in', 'signed out'] as const) {
  test(`every route passes axe's WCAG 2.2 AA rules in light and dark: ${signed}`, async ({ page }) => {
    // Wall time: every route is loaded in full and analysed by axe twice (about 2 s a route on 2 cores).
    test.setTimeout(240_000);
    if (signed === 'signed in') await signedIn(page);
    const found: string[] = [];
    // Signed out, a screen that needs a login is the login page, checked once already.
    const routes = consoleRoutes().filter((route) => signed === 'signed in' || !route.requiresLogin);
    for (const { path } of routes) found.push(...(await violations(page, path)));
    expect(found).toEqual([]);
  });
}
