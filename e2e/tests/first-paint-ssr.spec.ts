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
      // The full stylesheet still applies (through <noscript>): the navigation bar is laid out.
      await expect(page.locator('nav.navbar')).toHaveCSS('position', 'fixed');
    });
  });
}

/** Records React's hydration complaints and any page error; and whether rendered values were replaced. */
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
    const record = window as unknown as { replaced: number; shifts: number; moved: string[] };
    record.replaced = 0;
    record.shifts = 0;
    record.moved = [];
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of Array.from(mutation.removedNodes)) {
          if (
            node instanceof Element &&
            (node.matches('.totals, .inverter-panel') || node.querySelector('.totals'))
          ) {
            record.replaced++;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
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

test.describe('with JavaScript', () => {
  test('the console hydrates the rendered page: nothing replaced, nothing moved, no complaint', async ({
    page,
  }) => {
    await signedIn(page);
    const { errors } = await watchHydration(page);
    await page.goto('/');
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'en');
    const limit = page.getByRole('tabpanel').getByRole('button', { name: 'Limit' });
    // Rendered signed out (the gateway cannot see the stored session); enabled once the console runs.
    await expect(limit).toBeEnabled();
    // Interactive now: the shifts up to here count (later ones would be the socket's new values).
    const record = await page.evaluate(() => {
      const { replaced, shifts, moved } = window as unknown as {
        replaced: number;
        shifts: number;
        moved: string[];
      };
      return { replaced, shifts, moved };
    });
    expect(record.replaced).toBe(0);
    expect(record.shifts, record.moved.join('\n')).toBe(0);
    await limit.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a stored dark theme is there from the first paint and stays after hydration', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const { errors } = await watchHydration(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expect(page.locator('.live-marker-online')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await page.getByRole('button', { name: 'Theme' }).click();
    await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-current', 'true');
    expect(errors).toEqual([]);
  });

  test('German: hydrated in the language it was rendered in', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const { errors } = await watchHydration(page);
    await page.goto('/');
    await expect(page.locator('#root')).toHaveAttribute('data-ssr', 'de');
    await expect(page.locator('.live-marker-online')).toBeVisible();
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await expect(page.getByRole('link', { name: 'Wechselrichter' })).toBeVisible();
    const record = await page.evaluate(() => {
      const { replaced, shifts } = window as unknown as { replaced: number; shifts: number };
      return { replaced, shifts };
    });
    expect(record.replaced).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
