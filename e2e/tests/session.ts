/** Signing the browser in as the admin, as the specs need it (the gateway runs with the default password). */
import { expect, type Page } from '@playwright/test';

export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'openDTU42';

/** Signed in before the first page loads: the console finds the stored session, as after an earlier login. */
export async function signedIn(page: Page): Promise<void> {
  await page.addInitScript(
    ([username, password]) => {
      localStorage.setItem('user', JSON.stringify({ username, authdata: btoa(`${username}:${password}`) }));
    },
    [ADMIN_USER, ADMIN_PASSWORD] as const,
  );
}

/** Through the login form, landing on the live view. */
export async function signInWithForm(page: Page): Promise<void> {
  await page.goto('/login?returnUrl=%2F');
  await page.getByLabel('Username').fill(ADMIN_USER);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}
