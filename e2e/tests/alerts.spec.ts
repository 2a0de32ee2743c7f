import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
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

/**
 * The alert list with its open alert, compared with its baselines (see pictures.spec.ts): German, light and
 * dark, 1280 and 375 px, each in a context of its own (the test's page stays as it is).
 *
 * The plant's radio losses come and go by the half minute, so the list changes while the pictures are
 * taken: an alert opens for the other inverter, one clears into the recent list. The four pictures show one
 * moment: the gateway's first answer to the list's request (per language) is given to all four. Which
 * inverter, by how much and since when still changes from run to run: the first open alert stands for the
 * list, its text and time masked; alert-list.picture.css hides the other open ones and the recent list for
 * the picture, and the bell's count is masked.
 */
async function alertListPictures(browser: Browser) {
  const answers = new Map<string, { status: number; contentType: string; body: Buffer }>();
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
        colorScheme: theme,
        viewport: { width, height: width > 600 ? 900 : 812 },
      });
      await context.route('**/api/alerts/status?*', async (route) => {
        const url = route.request().url();
        let answer = answers.get(url);
        if (!answer) {
          const response = await route.fetch();
          answer = {
            status: response.status(),
            contentType: response.headers()['content-type'] ?? 'application/json',
            body: await response.body(),
          };
          answers.set(url, answer);
        }
        await route.fulfill(answer);
      });
      const page = await context.newPage();
      await signedIn(page);
      await page.goto('/alerts');
      const open = page.getByTestId('alerts-open');
      await expect(page.getByRole('heading', { level: 1, name: 'Meldungen' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(open.getByText('Funkverluste').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Alle bestätigen' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Erledigte Meldungen' })).toBeVisible();
      const first = open.getByRole('listitem').first();
      await expect(page).toHaveScreenshot(`alert-list-de-${theme}-${width}.png`, {
        fullPage: true,
        stylePath: fileURLToPath(new URL('./alert-list.picture.css', import.meta.url)),
        mask: [
          first.locator('.flex-grow-1 > div:nth-child(2)'),
          first.locator('small'),
          page.getByTestId('alert-count'),
        ],
      });
      await context.close();
    }
  }
}

test.describe('alerts', () => {
  test('the list shows an alert of the simulated plant, the bell counts it, acknowledge clears the count', async ({
    page,
    request,
  }) => {
    // Wall time left: the browser's pages and the compared pictures on a busy machine.
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
    await alertListPictures(page.context().browser()!);

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
    // Three languages and two themes of one screen take their time on a busy machine.
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
    await expect(card('Limiter in fallback')).toBeInViewport();
    // Dark, in German and French: the cards carry their translated titles and the stored values.
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [locale, meter, limiter, minutes, on] of [
      ['de', 'Zähler ohne Messwert', 'Begrenzer im Ersatzbetrieb', 'Länger als', 'Ein'],
      ['fr', 'Compteur sans mesure', 'Limiteur en mode de repli', 'Pendant plus de', 'Activée'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(card(limiter)).toBeVisible();
      await expect(card(limiter).getByLabel(minutes)).toHaveValue('12');
      await expect(card(meter).getByLabel(on, { exact: true })).not.toBeChecked();
    }
    await page.evaluate(() => localStorage.removeItem('locale'));
    await postConfig(request, { meter_enabled: true, limiter_minutes: 5 });
  });
});
