import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER, signedIn } from './session';

const ADMIN = { username: ADMIN_USER, password: ADMIN_PASSWORD };
const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

/** Anonymous read-only access on or off; the password stays (the mask keeps it). */
async function setAllowReadonly(request: APIRequestContext, allow: boolean) {
  const response = await request.post('/api/security/config', {
    headers: { Authorization: basic },
    form: { data: JSON.stringify({ password: '********', allow_readonly: allow }) },
  });
  expect(await response.json()).toMatchObject({ type: 'success', code: 1001 });
}

async function signIn(page: Page) {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('login', () => {
  test('validates the form, refuses wrong credentials and returns to returnUrl on success', async ({
    page,
  }) => {
    await page.goto('/login?returnUrl=%2Finfo%2Fsystem');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter the username.')).toBeVisible();
    await expect(page.getByText('Please enter the password.')).toBeVisible();

    await page.getByLabel('Username').pressSequentially('ad min');
    await expect(page.getByLabel('Username')).toHaveValue('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Finfo%2Fsystem$/);

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/info\/system$/);
    await expect(page.getByRole('heading', { level: 1, name: 'System info' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toContain('"username":"admin"');
  });

  test('logout clears the login, says so and goes to the live view', async ({ page }) => {
    await page.goto('/login?returnUrl=%2Fabout');
    await signIn(page);
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').getByText('You are signed out.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a 401 leads to the login with the full path, and back after signing in', async ({
    page,
    request,
  }) => {
    await setAllowReadonly(request, false);
    try {
      await page.goto('/info/system?from=e2e');
      await expect(page).toHaveURL(/\/login\?returnUrl=%2Finfo%2Fsystem%3Ffrom%3De2e$/);
      await signIn(page);
      await expect(page).toHaveURL(/\/info\/system\?from=e2e$/);
      await expect(page.getByRole('row', { name: /Host name/ })).toBeVisible();

      // Stored credentials that stopped working are dropped on the next 401.
      await page.evaluate(() =>
        localStorage.setItem(
          'user',
          JSON.stringify({ username: 'admin', authdata: btoa('admin:outdated1') }),
        ),
      );
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(page).toHaveURL(/\/login\?returnUrl=%2Finfo%2Fsystem%3Ffrom%3De2e$/);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    } finally {
      await setAllowReadonly(request, true);
    }
  });
});

test.describe('shell', () => {
  test('navigation bar reaches every screen with its title', async ({ page }) => {
    const screens: [menu: string | null, entry: string, title: string, path: string][] = [
      ['Settings', 'Network', 'Network settings', '/settings/network'],
      ['Settings', 'Time (NTP)', 'Time settings', '/settings/ntp'],
      ['Settings', 'MQTT', 'MQTT settings', '/settings/mqtt'],
      ['Settings', 'Inverters', 'Inverter settings', '/settings/inverter'],
      ['Settings', 'Security', 'Security settings', '/settings/security'],
      ['Settings', 'DTU radio', 'DTU radio settings', '/settings/dtu'],
      ['Settings', 'Device manager', 'Device manager', '/settings/device'],
      ['Settings', 'Config management', 'Config management', '/settings/config'],
      ['Settings', 'Firmware upgrade', 'Firmware upgrade', '/firmware/upgrade'],
      ['Settings', 'Reboot', 'Reboot the gateway', '/maintenance/reboot'],
      ['Info', 'System', 'System info', '/info/system'],
      ['Info', 'Network', 'Network info', '/info/network'],
      ['Info', 'Time (NTP)', 'Time info', '/info/ntp'],
      ['Info', 'MQTT', 'MQTT info', '/info/mqtt'],
      ['Info', 'Console', 'Console', '/info/console'],
      [null, 'About', 'About dtu-console', '/about'],
      [null, 'Live view', 'Live view', '/'],
    ];
    // Signed in: the settings screens read admin-only data, and a visitor would be sent to the login as
    // soon as the first call answers 401 (that redirect has tests of its own).
    await page.goto('/login?returnUrl=%2Fabout');
    await signIn(page);
    await expect(page).toHaveURL(/\/about$/);
    const nav = page.getByRole('navigation');
    for (const [menu, entry, title, path] of screens) {
      if (menu) {
        const dropdown = nav.locator('li.dropdown', { has: page.getByRole('button', { name: menu }) });
        await dropdown.getByRole('button', { name: menu }).click();
        await dropdown.getByRole('link', { name: entry, exact: true }).click();
      } else {
        await nav.getByRole('link', { name: entry, exact: true }).click();
      }
      await expect(page).toHaveURL((url) => url.pathname + url.search === path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
  });

  test('firmware upgrade and reboot open after signing in', async ({ page }) => {
    await page.goto('/maintenance/reboot');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Reboot the gateway' })).toBeVisible();
    await page.goto('/firmware/upgrade');
    await expect(page.getByRole('heading', { level: 1, name: 'Firmware upgrade' })).toBeVisible();
  });

  test('about: five sections, Documentation open', async ({ page }) => {
    await page.goto('/about');
    const sections = ['Documentation', 'Project origin', 'News and updates', 'Error reporting', 'Discussion'];
    for (const name of sections) await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Documentation' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText(/gateway and web console for Hoymiles/)).toBeVisible();
    await expect(page.getByText(/issue tracker/)).toBeHidden();
    await page.getByRole('button', { name: 'Error reporting' }).click();
    await expect(page.getByText(/issue tracker/)).toBeVisible();
  });

  test('error screen: "Oops!" with status and message from the query', async ({ page }) => {
    await page.goto('/error?status=503&message=Gateway%20restarting');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('503');
    await expect(page.getByTestId('error-message')).toHaveText('Gateway restarting');
    await page.getByRole('link', { name: 'Back to the live view' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path keeps the frame and says so', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('theme: light, dark and auto from the menu', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    const html = page.locator('html');
    for (const [choice, expected] of [
      ['Dark', 'dark'],
      ['Light', 'light'],
    ] as const) {
      await page.getByRole('button', { name: 'Theme' }).click();
      await page.getByRole('button', { name: choice }).click();
      await expect(html).toHaveAttribute('data-bs-theme', expected);
    }
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('button', { name: 'Auto' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('auto');
  });

  test.describe('German browser', () => {
    test.use({ locale: 'de-DE' });
    test('login and about in German', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await page.getByRole('button', { name: 'Anmelden' }).last().click();
      await expect(page.getByText('Bitte den Benutzernamen eingeben.')).toBeVisible();
      await page.goto('/about');
      await expect(page.getByRole('button', { name: 'Dokumentation' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    });
  });

  test.describe('French browser', () => {
    test.use({ locale: 'fr-FR' });
    test('error screen and navigation in French', async ({ page }) => {
      await page.goto('/error?status=500&message=x');
      await expect(page.getByRole('heading', { level: 1, name: 'Oups !' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Vue en direct' }).first()).toBeVisible();
    });
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    test('the menu folds behind the toggler and closes after a choice; nothing is wider than the screen', async ({
      page,
    }) => {
      // Signed in: the MQTT settings read admin-only data, and a visitor is sent to the login as soon as
      // that call answers 401 (before or after the heading shows, depending on the machine's speed).
      await signedIn(page);
      await page.goto('/about');
      const toggler = page.getByRole('button', { name: 'Toggle navigation' });
      await expect(toggler).toBeVisible();
      await expect(page.getByRole('link', { name: 'About' })).toBeHidden();
      await toggler.click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('link', { name: 'MQTT' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'MQTT settings' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'About' })).toBeHidden();
      for (const path of ['/about', '/login', '/info/system', '/error?status=500&message=x']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
});
