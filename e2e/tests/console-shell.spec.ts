import { expect, test } from '@playwright/test';
import { signedIn } from './session';

test.describe('console served by the gateway', () => {
  test('shows the System info page with real host values, in English', async ({ page, request }) => {
    const status = await (await request.get('/api/system/status')).json();
    await page.goto('/info/system');
    await expect(page.getByRole('heading', { level: 1, name: 'System info' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Host name/ })).toContainText(status.hostname);
    await expect(page.getByRole('row', { name: /Processor/ })).toContainText(status.chipmodel);
    await expect(page.getByRole('heading', { name: 'Radio', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Radio diagnostics' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('switches to German, and the choice survives a reload', async ({ page }) => {
    await page.goto('/info/system');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Systeminformationen' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Prozessor/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Systeminformationen' })).toBeVisible();
  });

  test.describe('with a French browser', () => {
    test.use({ locale: 'fr-FR' });
    test('starts in French', async ({ page }) => {
      await page.goto('/info/system');
      await expect(page.getByRole('heading', { level: 1, name: 'Informations système' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Réglages' })).toBeVisible();
    });
  });

  test('serves every route through the history fallback and navigates by the menu', async ({ page }) => {
    // Signed in: a visitor's settings screen would go to the login as soon as its data request is refused.
    await signedIn(page);
    await page.goto('/settings/mqtt');
    await expect(page.getByRole('heading', { level: 1, name: 'MQTT settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Info' }).click();
    await page.getByRole('link', { name: 'System' }).click();
    await expect(page).toHaveURL(/\/info\/system$/);
    await expect(page.getByRole('heading', { level: 1, name: 'System info' })).toBeVisible();
  });

  test('theme: auto follows the system, an explicit choice is saved', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/info/system');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-bs-theme', 'light');

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
  });
});
