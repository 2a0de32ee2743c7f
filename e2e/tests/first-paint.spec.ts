import { expect, type Page, test } from '@playwright/test';

/** Script requests of the page that load a first-load language chunk (assets/<lang>-<hash>.js). */
function languageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(en|de|fr)-[\w-]+\.js$/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

test.describe('the live view paints from the page the gateway sends', () => {
  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE' });
    test('shows German texts and a value without asking for a language chunk', async ({ page }) => {
      const requests = languageRequests(page);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-texts', 'de');
      await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
      await expect(page.locator('.channel-fields dd').first()).toContainText(/\d/);
      expect(requests).toEqual([]);
    });
  });

  test('a language chosen in the console comes with the page from then on', async ({ page }) => {
    const requests = languageRequests(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('button', { name: 'Réglages' })).toBeVisible();
    // Changing the language in the running console loads its chunk once.
    expect(requests).toHaveLength(1);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-texts', 'fr');
    await expect(page.getByRole('button', { name: 'Réglages' })).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  test('a choice stored before the console wrote its cookie still wins over the page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('locale', 'de'));
    await page.context().clearCookies();
    const requests = languageRequests(page);
    await page.reload();
    // The page came in English (no cookie); the console shows the stored German and loads its chunk.
    await expect(page.locator('html')).toHaveAttribute('data-texts', 'en');
    await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
    expect(requests).toHaveLength(1);
    // It wrote the cookie, so the next page carries German.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-texts', 'de');
  });
});
