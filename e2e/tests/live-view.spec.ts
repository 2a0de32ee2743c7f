import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInWithForm } from './session';

/**
 * The live view against the real gateway and its simulated inverters. The inverters are whatever the
 * gateway reports (its default plant), so the tests read them from the API instead of naming them.
 */

const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

interface Summary {
  serial: string;
  name: string;
  order: number;
  producing: boolean;
}

async function firstInverter(request: APIRequestContext): Promise<Summary> {
  // The engine needs a moment after the start before it reports a producing inverter.
  let inverters: Summary[] = [];
  await expect
    .poll(
      async () => {
        const status = await (await request.get('/api/livedata/status')).json();
        inverters = [...status.inverters].sort((a: Summary, b: Summary) => a.order - b.order);
        return inverters.some((inverter) => inverter.producing);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return inverters.find((inverter) => inverter.producing)!;
}

/** Selects the inverter's pill when there are several. */
async function select(page: Page, inverter: Summary) {
  const tab = page.getByRole('tab', { name: inverter.name });
  if (await page.getByRole('tablist').isVisible()) await tab.click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 })).toHaveText(inverter.name);
}

test.describe('live view', () => {
  // The live-data route must answer: a gateway that does not is a failure, never a skipped test.
  test.beforeEach(async ({ request }) => {
    expect((await request.get('/api/livedata/status')).ok()).toBe(true);
  });

  test('anonymous visitors watch changing live values over the socket', async ({ page, request }) => {
    const inverter = await firstInverter(request);
    await page.goto('/');
    await expect(page.getByRole('img', { name: 'Live connection active' })).toBeVisible();
    await select(page, inverter);
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText(inverter.serial);
    await expect(panel.getByRole('heading', { level: 3, name: 'Phase 1' })).toBeVisible();
    await expect(page.getByTestId('total-power')).toHaveText(/\d W$/);

    // Without a reload the socket brings new values: the data age starts again, or a value changes.
    const snapshot = async () =>
      `${await page.getByTestId('inverter-age').textContent()}|${await panel.locator('.channel-fields').first().textContent()}`;
    const first = await snapshot();
    await expect.poll(snapshot, { timeout: 25_000 }).not.toBe(first);

    await expect(panel.getByRole('button', { name: 'Limit' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Power' })).toBeDisabled();
    await panel.getByRole('button', { name: 'Device info' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('row', { name: /Serial number/ })).toContainText(inverter.serial);
    await expect(dialog.getByRole('row', { name: /Firmware version/ })).toContainText(/\d+\.\d+\.\d+/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the online marker pulses, and holds still for a visitor who asks for reduced motion', async ({
    browser,
  }) => {
    const pulse = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto('/');
      const marker = page.getByRole('img', { name: 'Live connection active' });
      await expect(marker).toBeVisible();
      const ring = await marker.evaluate((element) => {
        const style = getComputedStyle(element, '::after');
        return { name: style.animationName, iterations: style.animationIterationCount };
      });
      await context.close();
      return ring;
    };
    expect(await pulse('no-preference')).toEqual({ name: 'live-pulse', iterations: 'infinite' });
    expect((await pulse('reduce')).name).toBe('none');
  });

  test('the first paint shows live values from the page itself, before any request of its own', async ({
    page,
    request,
  }) => {
    await firstInverter(request);
    const statusCalls: string[] = [];
    await page.route('**/api/livedata/status*', (route) => {
      statusCalls.push(route.request().url());
      return route.abort();
    });
    // The socket is held open without the gateway behind it: no value can come from it.
    await page.routeWebSocket(/\/livedata/, () => {});
    await page.goto('/');
    await expect(page.getByTestId('total-power')).toHaveText(/\d W$/);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3, name: 'Phase 1' })).toBeVisible();
    await expect(panel.locator('.channel-fields').first()).toContainText(/\d/);
    expect(statusCalls).toEqual([]);
  });

  test('an admin sets a limit that ends Ok and shows up in the live view', async ({ page, request }) => {
    const inverter = await firstInverter(request);
    await signInWithForm(page);
    await select(page, inverter);
    const panel = page.getByRole('tabpanel');
    try {
      await panel.getByRole('button', { name: 'Limit' }).click();
      let dialog = page.getByRole('dialog', { name: `Power limit: ${inverter.name}` });
      await dialog.getByLabel('Kind').selectOption('relative');
      await dialog.getByLabel('New limit').fill('50');
      await dialog.getByRole('button', { name: 'Set limit' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').getByText('Settings saved.')).toBeVisible();

      await panel.getByRole('button', { name: 'Limit' }).click();
      dialog = page.getByRole('dialog', { name: `Power limit: ${inverter.name}` });
      await expect(dialog.locator('[data-status]')).toHaveAttribute('data-status', 'Ok', { timeout: 30_000 });
      await expect(dialog.getByTestId('limit-current')).toContainText('50.0 %');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByTestId('inverter-limit')).toContainText('50.0 %', { timeout: 30_000 });
    } finally {
      await request.post('/api/limit/config', {
        headers: { Authorization: basic },
        form: { data: JSON.stringify({ serial: inverter.serial, limit_value: 100, limit_type: 1 }) },
      });
    }
  });

  test('an admin switches an inverter off and on again', async ({ page, request }) => {
    const inverter = await firstInverter(request);
    await signInWithForm(page);
    await select(page, inverter);
    const panel = page.getByRole('tabpanel');
    const header = panel.locator('.inverter-header');
    try {
      await panel.getByRole('button', { name: 'Power' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(header).toHaveAttribute('data-variant', 'warning', { timeout: 30_000 });

      await panel.getByRole('button', { name: 'Power' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('[data-status]')).toHaveAttribute('data-status', 'Ok', { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog).toBeHidden();
      await expect(header).toHaveAttribute('data-variant', 'primary', { timeout: 30_000 });
    } finally {
      await request.post('/api/power/config', {
        headers: { Authorization: basic },
        form: { data: JSON.stringify({ serial: inverter.serial, power: true }) },
      });
    }
  });

  test('logout takes the controls away again', async ({ page, request }) => {
    const inverter = await firstInverter(request);
    await signInWithForm(page);
    await select(page, inverter);
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Limit' })).toBeEnabled();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('status').getByText('You are signed out.')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Limit' })).toBeDisabled();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Power' })).toBeDisabled();
  });

  test('with read-only access off, the signed-in console still gets live data over the socket', async ({
    page,
    request,
  }) => {
    const post = (allow: boolean) =>
      request.post('/api/security/config', {
        headers: { Authorization: basic },
        form: { data: JSON.stringify({ password: '********', allow_readonly: allow }) },
      });
    await firstInverter(request);
    await post(false);
    try {
      await page.goto('/');
      await expect(page).toHaveURL(/\/login\?returnUrl=%2F$/);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('openDTU42');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('img', { name: 'Live connection active' })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toBeVisible();
    } finally {
      await post(true);
    }
  });

  test.describe('on a 375 px phone, in German', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, locale: 'de-DE' });
    test('fits the screen and reloads by pulling down', async ({ page, request }) => {
      await firstInverter(request);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Live-Ansicht' })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      const reloaded = page.waitForRequest((r) => r.url().endsWith('/api/livedata/status'));
      const touch = (type: string, y: number) =>
        page.evaluate(
          ([type, y]) => {
            const point = new Touch({
              identifier: 1,
              target: document.body,
              clientX: 100,
              clientY: y as number,
            });
            window.dispatchEvent(
              new TouchEvent(type as string, {
                touches: type === 'touchend' ? [] : [point],
                changedTouches: [point],
                bubbles: true,
              }),
            );
          },
          [type, y] as const,
        );
      await touch('touchstart', 100);
      await touch('touchmove', 200);
      await expect(page.locator('.pull-indicator')).toHaveAttribute('data-phase', 'releasing');
      await touch('touchend', 200);
      await reloaded;
      await expect(page.getByRole('tabpanel')).toBeVisible();
    });
  });
});
