import { expect, type Locator, type Page, test } from '@playwright/test';
import { advanceClock } from './clock';
import { signedIn } from './session';

/**
 * The battery in the console against the real gateway, whose fresh settings read the simulated battery and
 * charge controller (simulated radio): the live view's card with the state of charge, the Battery screen's
 * save kept after a reload, and a refused value in German. Every screen's translation and bounds are
 * checked by every-screen.spec.ts.
 */

/** The browser's wall time on a busy machine; what the gateway needs time for comes from the test clock. */
const SLOW = { timeout: 30_000 };

/** The live view's battery card: offered collapsed, loaded when opened. */
async function openCard(page: Page): Promise<Locator> {
  await page.goto('/');
  const section = page.getByTestId('battery-section');
  await expect(section).toBeVisible(SLOW);
  const toggle = section.getByRole('button', { expanded: false });
  if (await toggle.count()) await toggle.click();
  const card = section.getByTestId('battery-card');
  await expect(card).toBeVisible(SLOW);
  return card;
}

/** The battery's form of the Battery screen, once its values are in. */
async function batteryForm(page: Page): Promise<Locator> {
  await page.goto('/settings/battery');
  const form = page.getByTestId('battery-form');
  await expect(form).toBeVisible(SLOW);
  return form;
}

test.describe('battery', () => {
  test('the live view shows the simulated battery with its state of charge', async ({ page, request }) => {
    test.setTimeout(90_000);
    // A few simulated seconds: the simulated battery and charge controller report once a second.
    await advanceClock(request, 5_000);
    await signedIn(page);
    const card = await openCard(page);
    await expect(card.getByTestId('battery-simulated')).toHaveText('Simulated');
    await expect(card.getByTestId('battery-soc')).toHaveText(/^\d+ %$/, SLOW);
    const soc = Number.parseInt(await card.getByTestId('battery-soc').innerText(), 10);
    expect(soc).toBeGreaterThanOrEqual(0);
    expect(soc).toBeLessThanOrEqual(100);
    await expect(card.getByRole('progressbar', { name: 'State of charge' })).toHaveAttribute(
      'aria-valuenow',
      /^\d+(\.\d+)?$/,
    );
    await expect(card.getByTestId('battery-voltage')).toHaveText(/^\d+\.\d\d V$/);
    await expect(card.getByTestId('battery-direction')).toHaveText(/^(charging|discharging|idle)$/);
    // The simulated charge controller: its charge state in words, its power.
    await expect(card.getByTestId('battery-charger')).toHaveText(/^Charge controller 1 · .+ · [\d,]+ W$/);
    await expect(card.getByTestId('battery-problem')).toHaveCount(0);
  });

  test('settings: a changed "stale after" is kept after a reload', async ({ page }) => {
    test.setTimeout(90_000);
    await signedIn(page);
    let form = await batteryForm(page);
    const staleAfter = () => form.getByLabel('A reading counts for');
    const before = await staleAfter().inputValue();
    await staleAfter().fill('45');
    await form.getByRole('button', { name: 'Save battery' }).click();
    await expect(form.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);

    await page.reload();
    form = page.getByTestId('battery-form');
    await expect(staleAfter()).toHaveValue('45', SLOW);
    // The status below the form is the saved source's: the simulated battery, said plainly.
    await expect(page.getByTestId('battery-status').getByTestId('status-simulated')).toHaveText('Simulated');

    // Back as it was, for the specs after this one.
    await staleAfter().fill(before);
    await form.getByRole('button', { name: 'Save battery' }).click();
    await expect(form.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);
  });

  test('a value out of bounds is refused with the translated message, in German', async ({ page }) => {
    test.setTimeout(90_000);
    await signedIn(page);
    await page.addInitScript(() => localStorage.setItem('locale', 'de'));
    const form = await batteryForm(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Batterie');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await form.getByLabel('Ein Messwert gilt für').fill('2');
    await form.getByRole('button', { name: 'Batterie speichern' }).click();
    await expect(
      form.getByText('Die Gültigkeitsdauer eines Messwerts muss zwischen 5 und 3600 Sekunden liegen.'),
    ).toBeVisible();
    await expect(form.getByLabel('Ein Messwert gilt für')).toHaveAttribute('aria-invalid', 'true');

    // A charge controller's device that is no path, on its row.
    const chargers = page.getByTestId('charger-form');
    await chargers.getByLabel('Quelle').selectOption('vedirect');
    await chargers.getByLabel('Laderegler 1').fill('ttyUSB1');
    await chargers.getByRole('button', { name: 'Laderegler speichern' }).click();
    await expect(
      chargers.getByText(/^Ein serielles Gerät muss ein Pfad wie \/dev\/ttyUSB0 sein/),
    ).toBeVisible();
    await expect(page.getByTestId('form-alert')).toHaveCount(0);
    expect(posts).toEqual([]);
  });
});
