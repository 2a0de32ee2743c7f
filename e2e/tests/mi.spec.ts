import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * An MI-600 (first generation, simulated) added beside the first-start inverters: its live view in German
 * and French shows the AC power marked as estimated and no AC current. The inverter is deleted afterwards.
 */

const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
const MI600 = '104161200002';
const NAME = 'MI Garage';

async function apiPost(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, {
    headers: { Authorization: basic },
    form: { data: JSON.stringify(data) },
  });
  return (await response.json()) as { type: string; code: number };
}

async function slotId(request: APIRequestContext): Promise<number | undefined> {
  const response = await request.get('/api/inverter/list', { headers: { Authorization: basic } });
  const list = (await response.json()) as { inverter: { id: number; serial: string }[] };
  return list.inverter.find((entry) => entry.serial.toLowerCase() === MI600)?.id;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  if ((await slotId(request)) === undefined) {
    expect(await apiPost(request, '/api/inverter/add', { serial: MI600, name: NAME })).toMatchObject({
      type: 'success',
    });
  }
  // Until the MI has answered: its AC power carries the estimate mark.
  await expect
    .poll(
      async () => {
        const status = await (await request.get(`/api/livedata/status?inv=${MI600}`)).json();
        return status.inverters?.[0]?.AC?.['0']?.Power?.estimated === true;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});

test.afterAll(async ({ request }) => {
  const id = await slotId(request);
  if (id !== undefined) await apiPost(request, '/api/inverter/del', { id });
});

async function openMi(page: Page) {
  await page.goto('/');
  const tab = page.getByRole('tab', { name: NAME });
  if (await page.getByRole('tablist').isVisible()) await tab.click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(NAME);
  return panel;
}

for (const { locale, estimated, current, power } of [
  { locale: 'de-DE', estimated: 'aus der DC-Leistung geschätzt', current: 'Strom', power: 'Leistung' },
  {
    locale: 'fr-FR',
    estimated: 'estimée à partir de la puissance DC',
    current: 'Courant',
    power: 'Puissance',
  },
]) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('the MI’s AC power is marked as estimated, and it has no AC current', async ({ page }) => {
      const panel = await openMi(page);
      const ac = panel.locator('.channel-card[data-kind="AC"]');
      await expect(ac).toContainText(power);
      await expect(ac.locator('[data-estimated="true"]')).toHaveText(estimated);
      await expect(ac.locator('dt', { hasText: current })).toHaveCount(0);
      // The strings report their DC current.
      await expect(
        panel.locator('.channel-card[data-kind="DC"]').first().locator('dt', { hasText: current }),
      ).toHaveCount(1);
    });
  });
}

/**
 * A phone 375 px wide: the estimate note wraps inside the AC card instead of running out of it on the right,
 * the value above it stays whole, and the page does not scroll sideways. Pictures of the MI's panel go to
 * test-results/ for a look (not compared).
 */
for (const locale of ['de-DE', 'fr-FR']) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`at 375 px in ${locale}, ${colorScheme}`, () => {
      test.use({ locale, colorScheme, viewport: { width: 375, height: 900 } });

      test('every value and note of the MI stays inside its card', async ({ page }, testInfo) => {
        const panel = await openMi(page);
        await expect(panel.locator('[data-estimated="true"]')).toBeVisible();
        const overflows = await panel.locator('.channel-card').evaluateAll((cards) =>
          cards.flatMap((card) => {
            const box = card.getBoundingClientRect();
            return Array.from(card.querySelectorAll('dd, dd > div, dt'))
              .filter((el) => {
                const r = el.getBoundingClientRect();
                return (
                  el.scrollWidth > el.clientWidth + 1 || r.right > box.right + 0.5 || r.left < box.left - 0.5
                );
              })
              .map((el) => `${el.tagName} "${el.textContent}" ${el.scrollWidth} > ${card.clientWidth}`);
          }),
        );
        expect(overflows).toEqual([]);
        const note = panel.locator('[data-estimated="true"]');
        expect(await note.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(
          await note.evaluate((el) => (el.closest('.channel-card') as HTMLElement).clientWidth),
        );
        const page375 = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(page375.scroll).toBeLessThanOrEqual(page375.client);
        await page.screenshot({
          path: testInfo.outputPath(`mi-375-${locale}-${colorScheme}.png`),
          fullPage: true,
        });
      });
    });
  }
}
