import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * A large plant on the live view: inverters added through the API until there are 60, the compact
 * selector with its search, opening one; at 1280 and 375 px, light and dark, German, the view is in the
 * asked-for scheme and nothing is wider than the window. The added inverters are deleted again afterwards.
 */

const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
const PLANT = 60;

interface Entry {
  id: number;
  name: string;
  serial: string;
  order: number;
}

async function apiPost(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, {
    headers: { Authorization: basic },
    form: { data: JSON.stringify(data) },
  });
  return (await response.json()) as { type: string; code: number };
}

async function list(request: APIRequestContext): Promise<Entry[]> {
  const response = await request.get('/api/inverter/list', { headers: { Authorization: basic } });
  return ((await response.json()) as { inverter: Entry[] }).inverter;
}

let added: number[] = [];

// One worker for both tests (the plant is shared); sixty inverters take longer to add and render.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  const before = new Set((await list(request)).map((entry) => entry.id));
  for (let i = before.size; i < PLANT; i++) {
    const serial = `1161${String(30_000 + i).padStart(8, '0')}`;
    expect(await apiPost(request, '/api/inverter/add', { serial, name: `Scale ${i}` })).toMatchObject({
      type: 'success',
    });
  }
  added = (await list(request)).map((entry) => entry.id).filter((id) => !before.has(id));
});

test.afterAll(async ({ request }) => {
  for (const id of added) await apiPost(request, '/api/inverter/del', { id });
});

/** In the colour scheme the system asks for, the selector and the page no wider than the window. */
async function fits(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', scheme);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const selector = (await page.getByRole('tablist', { name: /Inverters|Wechselrichter/ }).boundingBox())!;
  expect(selector.x + selector.width).toBeLessThanOrEqual(width);
}

test('the live view lists a large plant compactly, searches it and opens an inverter', async ({
  page,
  request,
}) => {
  const inverters = (await list(request)).sort((a, b) => a.order - b.order || a.id - b.id);
  expect(inverters.length).toBe(PLANT);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const grid = page.getByRole('tablist', { name: 'Inverters' });
  // The first load on a busy machine can take a while.
  await expect(grid.getByRole('tab')).toHaveCount(PLANT, { timeout: 60_000 });
  await expect(page.getByText(`${PLANT} of ${PLANT}`)).toBeVisible();
  // The configured order.
  await expect(grid.getByRole('tab').first()).toHaveText(new RegExp(`^${inverters[0]!.name}`));
  await fits(page, 'light');

  const search = page.getByRole('searchbox', { name: 'Search inverters' });
  await search.fill('scale 42');
  await expect(grid.getByRole('tab')).toHaveCount(1);
  await expect(page.getByText(`1 of ${PLANT}`)).toBeVisible();
  await grid.getByRole('tab', { name: /Scale 42/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText('Scale 42');
  await expect(grid.getByRole('tab', { name: /Scale 42/ })).toHaveAttribute('aria-selected', 'true');

  await search.fill('no such inverter');
  await expect(page.getByText('No inverter matches the search.')).toBeVisible();
  await search.fill('');
  await expect(grid.getByRole('tab')).toHaveCount(PLANT);

  await page.emulateMedia({ colorScheme: 'dark' });
  await fits(page, 'dark');
  await page.setViewportSize({ width: 375, height: 812 });
  await fits(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await fits(page, 'light');
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the search and the count speak German', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('searchbox', { name: 'Wechselrichter suchen' })).toBeVisible();
    await expect(page.getByText(`${PLANT} von ${PLANT}`)).toBeVisible();
    await fits(page, 'light');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await fits(page, 'dark');
  });
});
