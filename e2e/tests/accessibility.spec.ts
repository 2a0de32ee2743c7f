/**
 * axe-core over every route of the console (its route table), in light and dark, signed in and signed
 * out (signed out, the screens that need a login show the login instead): no violation of the WCAG 2.2 A
 * and AA rules. Each page is checked once it shows its title and its data have arrived, in both themes:
 * the theme is switched as the console switches it, on the root element (its colours are CSS only), so
 * each route is loaded once for the two; every rule runs in light, the rules on colour again in dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { consoleRoutes } from '../routes';
import { settled } from './screen-checks';
import { signedIn } from './session';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** What the dark pass calls of axe as the builder leaves it in the page (legacy mode: the page's own world). */
interface PageWithAxe {
  axe: {
    getRules(tags: string[]): { ruleId: string; tags: string[] }[];
    run(context: Document, options: object): Promise<Pick<AxeResults, 'violations'>>;
  };
}

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  // Its data have arrived when no spinner or busy region is left (not "no request for 500 ms": the live
  // screens poll, so that wait cost half a second or more a route and proved nothing more).
  await settled(page);
  const found: string[] = [];
  const report = (theme: string, result: Pick<AxeResults, 'violations'>) =>
    found.push(
      ...result.violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${path} (${theme}): ${violation.id} at ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim()}`,
        ),
      ),
    );
  const theme = (chosen: string) =>
    page.evaluate((name) => document.documentElement.setAttribute('data-bs-theme', name), chosen);
  // Light: every rule. Legacy mode: axe.run in the page itself. The default runs axe per frame and then
  // finishes in a blank page it opens for each analysis, which cost about twice the time here (measured:
  // 1.3 s against 0.6 s on the live view); the console has no frames, so both check the same document.
  await theme('light');
  report(
    'light',
    await new AxeBuilder({ page })
      // Options first: they replace the builder's whole set, also the tags chosen before.
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_AA)
      .setLegacyMode(true)
      .analyze(),
  );
  // Dark: the theme changes colours only (CSS custom properties on the root element), so only the rules
  // axe files under colour can find anything new there. They run by the axe the builder put into the page:
  // a second analysis through the builder would load axe into the page twice more (docs/testing.md).
  await theme('dark');
  report(
    'dark',
    await page.evaluate(async (tags) => {
      const { axe } = window as unknown as PageWithAxe;
      const colour = axe
        .getRules(tags)
        .filter((rule) => rule.tags.includes('cat.color'))
        .map((rule) => rule.ruleId);
      const { violations } = await axe.run(document, {
        runOnly: { type: 'rule', values: colour },
        resultTypes: ['violations'],
      });
      return { violations };
    }, WCAG_AA),
  );
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
    // A step per route: Playwright files each call under it at once, instead of searching the test's
    // whole list of calls for its parent at every call (docs/testing.md).
    for (const { path } of routes) found.push(...(await test.step(path, () => violations(page, path))));
    expect(found).toEqual([]);
  });
}
