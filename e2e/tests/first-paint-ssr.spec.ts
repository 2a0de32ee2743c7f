import { expect, type Page, test } from '@playwright/test';
import { signedIn } from './session';

/**
 * The gateway renders the live view into the page of `/` (docs/console.md, First paint): it shows the
 * values of the moment without any script, and the console takes the markup over without a repaint.
 */

const LANGUAGES = [
  { locale: 'en-US', lang: 'en', settings: 'Settings', decimal: '.' },
  { locale: 'de-DE', lang: 'de', settings: 'Einstellungen', decimal: ',' },
  { locale: 'fr-FR', lang: 'fr', settings: 'Réglages', decimal: ',' },
] as const;

interface FirstInverter {
  serial: string;
  name: string;
}

for (const { locale, lang, settings, decimal } of LANGUAGES) {
  test.describe(`without JavaScript, in ${lang}`, () => {
    test.use({ javaScriptEnabled: false, locale });
    test('the live view shows the totals and the first inverter of the moment', async ({ page, request }) => {
      const status = (await (await request.get('/api/livedata/status')).json()) as {
        inverters: FirstInverter[];
      };
      const first = status.inverters[0] as FirstInverter;
      await page.goto('/');
      await expect(page.locator('#root')).toHaveAttribute('data-ssr', lang);
      await expect(page.getByRole('button', { name: settings })).toBeVisible();
      // The simulated plant produces at the gateway's summer noon: a power with the locale's decimal mark.
      await expect(page.getByTestId('total-power')).toHaveText(
        new RegExp(`^\\d[\\d\\s.,\u202f]*\\${decimal}\\d W$`),
      );
      await expect(page.getByTestId('total-yieldDay')).toHaveText(/\d.* k?Wh$/);
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(first.name || first.serial);
      await expect(panel.getByTestId('inverter-limit')).toContainText('%');
      await expect(panel.locator('.channel-fields dd').first()).toContainText(/\d/);
      // The whole stylesheet, linked after the markup, applies without scripts: the navigation bar is laid out.
      await expect(page.locator('nav.navbar')).toHaveCSS('position', 'fixed');
    });
  });
}

/**
 * Records React's hydration complaints and any page error; every node taken out of `#root` (an element or
 * a text replaced instead of taken over); the layout shifts; and where every element of `#root` stood when
 * the page had been parsed, before any script ran, to compare with where it stands once interactive.
 */
async function watchHydration(page: Page): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    interface LayoutShift {
      value: number;
      startTime: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const record = window as unknown as {
      replaced: string[];
      shifts: number;
      moved: string[];
      painted: Map<Element, string>;
    };
    record.replaced = [];
    record.shifts = 0;
    record.moved = [];
    record.painted = new Map();
    const describe = (node: Node) =>
      node instanceof Element ? node.outerHTML.slice(0, 100) : `text "${node.textContent}"`;
    // What the browser's storage decides, which the gateway cannot see: signing in on hydration swaps the
    // login link for the logout button and fills the bell's kept place (both cells keep their size), and
    // a stored theme swaps the theme menu's icon for its own (icons are all 1em). Nothing else is replaced.
    const SIGN_IN_CELLS = '.nav-auth, .nav-bell-spare, li:has(> a[href="/alerts"])';
    const swapped = (node: Node, target: Element) =>
      Boolean(target.closest(SIGN_IN_CELLS)) ||
      (node instanceof Element && node.matches(SIGN_IN_CELLS)) ||
      (node instanceof SVGElement && target.matches('.navbar .dropdown-toggle'));
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target as Element;
        if (!target.closest?.('#root')) continue;
        for (const node of Array.from(mutation.removedNodes)) {
          if (!swapped(node, target)) record.replaced.push(`${describe(node)} from ${describe(target)}`);
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const element of Array.from(document.querySelectorAll('#root *'))) {
        record.painted.set(element, JSON.stringify(element.getBoundingClientRect()));
      }
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as LayoutShift;
        if (shift.hadRecentInput) continue;
        record.shifts += shift.value;
        const moved = shift.sources.map(
          (source) =>
            `${(source.node as Element | null)?.outerHTML?.slice(0, 80)} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`,
        );
        record.moved.push(`${Math.round(shift.startTime)} ms ${shift.value}: ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { errors };
}

/** What the page recorded until now: replaced nodes, layout shift, elements not where they were painted. */
function hydrationRecord(page: Page) {
  return page.evaluate(() => {
    const { replaced, shifts, moved, painted } = window as unknown as {
      replaced: string[];
      shifts: number;
      moved: string[];
      painted: Map<Element, string>;
    };
    const displaced: string[] = [];
    for (const [element, rect] of painted) {
      // The sign-in cell keeps its place and size; what is inside it is swapped (see above).
      if (!element.isConnected || element.parentElement?.closest('.nav-auth')) continue;
      const now = JSON.stringify(element.getBoundingClientRect());
      if (now !== rect) displaced.push(`${element.outerHTML.slice(0, 80)}: ${rect} → ${now}`);
    }
    return { replaced, shifts, moved, painted: painted.size, displaced };
  });
}

test.describe('with JavaScript', () => {
  for (const { locale, lang, settings } of LANGUAGES) {
    test(`in ${lang}: the console takes the rendered page over, nothing replaced, nothing moved, no complaint`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await signedIn(page);
      const { errors } = await watchHydration(page);
      await page.goto('/');
      await expect(page.locator('#root')).toHaveAttribute('data-ssr', lang);
      // The first action of the panel is the limit: rendered disabled (the gateway cannot see the stored
      // session), enabled once the console runs.
      const limit = page.getByRole('tabpanel').locator('.card-body button').first();
      await expect(limit).toBeEnabled();
      // Interactive now: what happened up to here counts (later the socket brings new values).
      const record = await hydrationRecord(page);
      expect(record.painted).toBeGreaterThan(100);
      expect(record.replaced).toEqual([]);
      expect(record.displaced).toEqual([]);
      expect(record.shifts, record.moved.join('\n')).toBe(0);
      await page.getByRole('button', { name: settings }).click();
      await expect(page.locator('.dropdown-menu.show .dropdown-item').first()).toBeVisible();
      await limit.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test("a second visit, with the stylesheet in the browser's cache, moves nothing either", async ({
    page,
  }) => {
    await signedIn(page);
    const { errors } = await watchHydration(page);
    await page.goto('/');
    await expect(page.getByRole('tabpanel').locator('.card-body button').first()).toBeEnabled();
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'en');
    // The rules of the first paint inline, the whole stylesheet after the markup; no cookie says which.
    await expect(page.locator('head > style')).toHaveCount(1);
    await expect(page.locator('body > link[rel="stylesheet"][href^="/assets/"]')).toHaveCount(1);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('css');
    await expect(page.getByRole('tabpanel').locator('.card-body button').first()).toBeEnabled();
    const record = await hydrationRecord(page);
    expect(record.replaced).toEqual([]);
    expect(record.displaced).toEqual([]);
    expect(record.shifts, record.moved.join('\n')).toBe(0);
    expect(errors).toEqual([]);
  });

  // React reports a hydration mismatch as a console error (and as a recoverable error, minified 418, 423
  // or 425): none in any language, theme or sign-in state.
  for (const { locale, lang } of LANGUAGES) {
    for (const theme of ['light', 'dark'] as const) {
      for (const signed of ['signed in', 'signed out'] as const) {
        test(`hydrates without a mismatch: ${lang}, ${theme}, ${signed}`, async ({ browser }) => {
          const context = await browser.newContext({ locale });
          const page = await context.newPage();
          if (signed === 'signed in') await signedIn(page);
          await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
          const { errors } = await watchHydration(page);
          await page.goto('/');
          await expect(page.locator('#root')).toHaveAttribute('data-ssr', lang);
          await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
          // Hydrated and running: the socket is open.
          await expect(page.locator('.live-marker-online')).toBeVisible();
          const record = await hydrationRecord(page);
          expect(record.replaced).toEqual([]);
          expect(errors).toEqual([]);
          await context.close();
        });
      }
    }
  }

  test('a stored dark theme is there from the first paint and stays after hydration', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const { errors } = await watchHydration(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expect(page.locator('.live-marker-online')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    const record = await hydrationRecord(page);
    expect(record.replaced).toEqual([]);
    expect(record.shifts, record.moved.join('\n')).toBe(0);
    await page.getByRole('button', { name: 'Theme' }).click();
    await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-current', 'true');
    expect(errors).toEqual([]);
  });
});
