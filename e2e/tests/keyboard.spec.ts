/**
 * Every dropdown of the navigation bar and every dialog of the live view works by keyboard alone: it opens
 * from its focused control, the focus moves into it, Escape closes it and the focus returns to the
 * control that opened it.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedIn } from './session';

/** Whether the focused element lies inside `container`. */
function focusWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

async function opensAndReturns(page: Page, control: Locator, opened: Locator, key: 'Enter' | ' ') {
  await control.focus();
  await page.keyboard.press(key);
  await expect(opened).toBeVisible();
  await expect.poll(() => focusWithin(opened)).toBe(true);
  return async () => {
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    await expect(control).toBeFocused();
  };
}

test.describe('by keyboard alone', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
    await page.goto('/');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Limit' })).toBeEnabled();
  });

  for (const name of ['Settings', 'Info', 'Theme', 'Language']) {
    test(`the ${name} menu opens with its first entry focused, arrows move, Escape closes`, async ({
      page,
    }) => {
      const toggle = page.getByRole('navigation').getByRole('button', { name, exact: false }).first();
      const menu = page.locator('.dropdown-menu.show');
      const close = await opensAndReturns(page, toggle, menu, 'Enter');
      const items = menu.locator('.dropdown-item');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toBeFocused();
      await page.keyboard.press('End');
      await expect(items.last()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(items.first()).toBeFocused();
      await close();
    });
  }

  test('a menu entry chosen by keyboard takes effect and closes the menu', async ({ page }) => {
    const toggle = page.getByRole('navigation').getByRole('button', { name: 'Theme' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown'); // Dark
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expect(page.locator('.dropdown-menu.show')).toHaveCount(0);
  });

  for (const name of ['Limit', 'Power', 'Device info', 'Grid profile', 'Event log']) {
    test(`the ${name} dialog opens with the focus inside, Escape closes it and the focus returns`, async ({
      page,
    }) => {
      const button = page.getByRole('tabpanel').getByRole('button', { name, exact: false });
      const close = await opensAndReturns(page, button, page.getByRole('dialog'), ' ');
      await close();
    });
  }
});
