import { type APIRequestContext, expect, test } from '@playwright/test';
import { advanceUntil } from './clock';
import { ADMIN_PASSWORD, ADMIN_USER, signedIn } from './session';

/**
 * Alerts against the real gateway: the radio-loss rule with a threshold of 0 % over one minute trips on the
 * simulated plant's ordinary losses, so an alert opens from the plant itself (the test clock only moves the
 * minutes along); the list shows it, the bell counts it, acknowledging works, and the settings make the
 * round trip.
 */

const admin = { authorization: `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}` };

async function postConfig(request: APIRequestContext, changes: Record<string, unknown>) {
  const current = await (await request.get('/api/alerts/config', { headers: admin })).json();
  const answer = await request.post('/api/alerts/config', {
    headers: admin,
    form: { data: JSON.stringify({ ...current, ...changes }) },
  });
  expect((await answer.json()).code).toBe(1001);
}

test.describe('alerts', () => {
  test('the list shows an alert of the simulated plant, the bell counts it, acknowledge clears the count', async ({
    page,
    request,
  }, testInfo) => {
    // Wall time left: the browser's pages and the full-page screenshot on a busy machine.
    test.setTimeout(120_000);
    // The shortest window (1 minute): the rule opens at the first evaluation (every 30 s) after a minute of
    // polls with a loss in it. Simulated minutes on the test clock, at most ten.
    await postConfig(request, { radio_enabled: true, radio_percent: 0, radio_minutes: 1 });
    const unacknowledged = await advanceUntil(
      request,
      { stepMs: 30_000, maxMs: 10 * 60_000 },
      async () => (await (await request.get('/api/alerts/status')).json()).unacknowledged as number,
    );
    expect(unacknowledged).toBeGreaterThan(0);

    await signedIn(page);
    await page.goto('/');
    await expect(page.getByTestId('alert-count')).toHaveText(/^\d+$/);
    await page.getByRole('link', { name: /Alerts: \d+ open/ }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    const open = page.getByTestId('alerts-open');
    await expect(open.getByText('Radio losses').first()).toBeVisible();
    await expect(open.getByText(/the radio loses \d+ % of its requests/).first()).toBeVisible();
    await page.screenshot({ path: `/tmp/alerts-list-${testInfo.project.name}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Acknowledge all' }).click();
    await expect(page.getByText('Alert acknowledged.')).toBeVisible();
    await expect(open.getByText('Acknowledged').first()).toBeVisible();
    await expect(page.getByTestId('alert-count')).toHaveCount(0);
    // Switched off, the alerts clear at the next evaluation.
    await postConfig(request, { radio_enabled: false });
  });

  test('the alert settings make the round trip and keep a secret write-only', async ({ page, request }) => {
    await signedIn(page);
    await page.goto('/settings/alerts');
    const minutes = page.getByLabel('For longer than').first();
    await expect(minutes).toBeVisible();
    await minutes.fill('45');
    await page.getByLabel('URL').first().fill('http://127.0.0.1:9/hook/token-123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    const stored = await (await request.get('/api/alerts/config', { headers: admin })).json();
    expect(stored.unreachable_minutes).toBe(45);
    expect(stored.webhook_url).toBe('********');
    await page.reload();
    await expect(page.getByLabel('For longer than').first()).toHaveValue('45');
    await expect(page.getByLabel('URL').first()).toHaveValue('********');
    await page.getByLabel('For longer than').first().fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Minutes must be between 1 and 1440.')).toBeVisible();
  });

  test('the power limiter’s rules have their cards on the settings screen', async ({ page, request }) => {
    // Full-page screenshots in three languages take their time on a busy machine.
    test.setTimeout(120_000);
    await signedIn(page);
    await page.goto('/settings/alerts');
    const card = (title: string) =>
      page.locator('section.card', { has: page.getByRole('heading', { name: title }) });
    await card('Meter without reading').getByLabel('On', { exact: true }).uncheck();
    await card('Limiter in fallback').getByLabel('For longer than').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    const stored = await (await request.get('/api/alerts/config', { headers: admin })).json();
    expect(stored).toMatchObject({ meter_enabled: false, limiter_minutes: 12 });
    await card('Limiter in fallback').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/alert-settings-light.png', fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('locale', 'de'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Begrenzer im Ersatzbetrieb' })).toBeVisible();
    await page.screenshot({ path: '/tmp/alert-settings-dark-de.png', fullPage: true });
    await page.evaluate(() => localStorage.setItem('locale', 'fr'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Limiteur en mode de repli' })).toBeVisible();
    await page.screenshot({ path: '/tmp/alert-settings-dark-fr.png', fullPage: true });
    await page.evaluate(() => localStorage.removeItem('locale'));
    await postConfig(request, { meter_enabled: true, limiter_minutes: 5 });
  });
});
