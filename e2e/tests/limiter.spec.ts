import { expect, type Page, test } from '@playwright/test';
import { advanceClock } from './clock';
import { signedIn } from './session';

/**
 * The machine running the suite may be busy: the screens get longer than the default 10 s to answer. This
 * is the browser's wall time only; what the gateway needs time for (the limiter's passes, its trace) comes
 * from the test clock.
 */
const SLOW = { timeout: 30_000 };

/**
 * The power limiter in the console against the real gateway (simulated radio, the simulated house meter):
 * the meter's screen with "Read now" and the limiter's settings round trip, the live view's card regulating with its chart and
 * today's energy, a refused
 * value, an inverter fed from the battery with its rules and the rule named on the card, and the screens in
 * light, dark, German and French (their pictures: pictures.spec.ts).
 */

async function openSettings(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Power limiter' }).click();
  await expect(page).toHaveURL(/\/settings\/powerlimiter$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Power limiter' })).toBeVisible();
  await expect(page.locator('table.limiter-inverters')).toBeVisible(SLOW);
}

/** The live view's limiter card: offered collapsed, loaded when opened (the first time in a context). */
async function openCard(page: Page) {
  await page.goto('/');
  const section = page.getByTestId('limiter-section');
  await expect(section).toBeVisible(SLOW);
  const toggle = section.getByRole('button', { expanded: false });
  if (await toggle.count()) await toggle.click();
  const card = section.getByTestId('limiter-card');
  await expect(card).toBeVisible(SLOW);
  return card;
}

/** What the screen and the live card say in each language: its title and the chart's name. */
const WORDS = {
  en: { title: 'Power limiter', chart: /last 15 minutes/ },
  de: { title: 'Leistungsbegrenzer', chart: /letzten 15 Minuten/ },
  fr: { title: 'Limiteur de puissance', chart: /15 dernières minutes/ },
} as const;

/**
 * The settings screen and the live card in a theme and language as a visitor stored them: translated,
 * in that theme, the card's chart drawn, nothing wider than the window. How they look is compared in
 * pictures.spec.ts.
 */
async function showsIn(page: Page, theme: 'light' | 'dark', locale: keyof typeof WORDS) {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('locale', l);
    },
    [theme, locale] as const,
  );
  const fitsWidth = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  await page.goto('/settings/powerlimiter');
  await expect(page.locator('table.limiter-inverters')).toBeVisible(SLOW);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORDS[locale].title);
  await fitsWidth();
  const card = await openCard(page);
  const chart = card.getByTestId('limiter-chart');
  await expect(chart.locator('svg path.history-line')).toHaveCount(3, SLOW);
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', WORDS[locale].chart);
  const section = page.getByTestId('limiter-section');
  await section.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport();
  await fitsWidth();
}

test.describe('power limiter', () => {
  test('settings: simulated meter read now, limiter on with a target, kept after a reload; a wrong value refused', async ({
    page,
  }) => {
    // Wall time: several saves and reloads of a large form; none of it waits on the gateway's clock.
    test.setTimeout(120_000);
    await signedIn(page);
    await openSettings(page);

    // The meter has a screen of its own, reached from the limiter's; the limiter's names its source.
    await page.getByRole('link', { name: 'Meter settings' }).click();
    await expect(page).toHaveURL(/\/settings\/powermeter$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Power meter' })).toBeVisible();
    await page.getByLabel('Source').selectOption({ label: 'Off' }, SLOW);
    await expect(page.getByRole('button', { name: 'Read now' })).toHaveCount(0);
    await page.getByLabel('Source').selectOption({ label: 'Simulated meter' });
    await page.getByRole('button', { name: 'Read now' }).click();
    await expect(page.getByTestId('meter-reading')).toContainText(/Reading: -?[\d,.]+ W/, SLOW);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);
    await page.reload();
    await expect(page.getByLabel('Source')).toHaveValue('simulated', SLOW);
    await page.getByRole('link', { name: 'Power limiter settings' }).click();
    await expect(page.getByTestId('limiter-meter-source')).toHaveText('Source: Simulated meter', SLOW);

    await page.getByLabel('Limiter on').check();
    await page.getByLabel('Target grid power').fill('-25');
    await page.getByLabel('Governed: Garage roof').check();
    await page.getByLabel('Governed: Carport').check();
    await page.getByLabel('Lower limit: Carport').fill('100');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);

    await page.reload();
    await expect(page.getByLabel('Limiter on')).toBeChecked(SLOW);
    await expect(page.getByLabel('Target grid power')).toHaveValue('-25');
    await expect(page.getByLabel('Governed: Garage roof')).toBeChecked();
    await expect(page.getByLabel('Governed: Carport')).toBeChecked();
    await expect(page.getByLabel('Lower limit: Carport')).toHaveValue('100');

    // Out of bounds: refused before it is sent, with the gateway's translated message.
    await page.getByLabel('Target grid power').fill('20000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The target grid power must be between -10000 and 10000 W.')).toBeVisible();
    await expect(page.getByTestId('form-alert')).toHaveCount(0);
  });

  test('settings: feed-in cap and grid signal kept after a reload; bad signal settings refused; switched off again', async ({
    page,
  }) => {
    // Wall time: several saves and reloads of a large form; none of it waits on the gateway's clock.
    test.setTimeout(120_000);
    await signedIn(page);
    await openSettings(page);
    // Both off: one button opens their cards (their code loads then).
    await page.getByRole('button', { name: 'Feed-in cap and grid operator signal' }).click();
    // The module power defaults to the strings' max power, shown beside the field.
    await expect(page.getByTestId('feed-in-strings')).toContainText(/now [\d,.]+ Wp/);

    await page.getByLabel('Feed-in cap on').check();
    await page.getByLabel('Given as').selectOption('percent');
    await page.getByLabel('Cap', { exact: true }).fill('50');
    await page.getByLabel('Module power').fill('2000');
    await expect(page.getByTestId('feed-in-cap-w')).toHaveText('Export allowed: 1,000 W');
    await page.getByLabel('Grid operator signal on').check();
    await page.getByLabel('Signal input').selectOption('gpio');
    await page.getByLabel('GPIO chip').fill('/dev/gpiochip0');
    await page.getByLabel('GPIO line: K1').fill('17');
    await page.getByLabel('GPIO line: K2').fill('27');
    await page.getByLabel('GPIO line: K3').fill('22');
    await page.getByLabel('Step: K2').fill('70');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);

    await page.reload();
    // In use: the cards are open from the start.
    await expect(page.getByLabel('Feed-in cap on')).toBeChecked(SLOW);
    await expect(page.getByLabel('Cap', { exact: true })).toHaveValue('50');
    await expect(page.getByLabel('Module power')).toHaveValue('2000');
    await expect(page.getByLabel('Grid operator signal on')).toBeChecked();
    await expect(page.getByLabel('GPIO line: K2')).toHaveValue('27');
    await expect(page.getByLabel('GPIO line: K4')).toHaveValue('-1');
    await expect(page.getByLabel('Step: K2')).toHaveValue('70');
    // No GPIO chip on the test host: the signal is not known, so the limiter waits and says so.
    await expect(page.getByTestId('grid-signal-step')).toContainText('unknown', SLOW);

    // The same line twice, and an MQTT source without a topic: refused with the gateway's messages.
    await page.getByLabel('GPIO line: K2').fill('17');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/no line twice, and at least one wired/)).toBeVisible();
    await page.getByLabel('GPIO line: K2').fill('27');
    await page.getByLabel('Signal input').selectOption('mqtt');
    await page.getByLabel('Signal topic').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/The signal topic must be set for the MQTT source/)).toBeVisible();
    await expect(page.getByTestId('form-alert')).toHaveCount(0);

    // Off again: the tests below see the limiter regulating as before.
    await page.reload();
    await page.getByLabel('Feed-in cap on').uncheck(SLOW);
    await page.getByLabel('Grid operator signal on').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);
  });

  test('the live view shows the limiter card regulating, with its chart', async ({ page, request }) => {
    test.setTimeout(90_000);
    // Thirty simulated seconds: the simulated meter read, the limiter's passes (every second) and six points
    // of its trace (one per 5 s), all on the test clock.
    await advanceClock(request, 30_000);
    await signedIn(page);
    // The first load carries only the offer: the card's chunk comes when it is opened.
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/Limiter(Card|Chart)-/.test(request.url())) chunks.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByTestId('limiter-section')).toBeVisible(SLOW);
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    const card = await openCard(page);
    expect(chunks.length).toBeGreaterThan(0);
    await expect(card.getByTestId('limiter-state')).toHaveText('Regulating', SLOW);
    await expect(card.getByText('Target')).toBeVisible();
    await expect(card.getByText('-25 W')).toBeVisible();
    await expect(card.getByRole('row', { name: /Garage roof/ })).toBeVisible();
    await expect(card.getByRole('row', { name: /Carport/ })).toBeVisible();
    const chart = card.getByTestId('limiter-chart');
    await expect(chart.locator('svg path.history-line')).toHaveCount(3, SLOW);
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /last 15 minutes/);
  });

  test("today's energy on the card: drawn and fed in from the meter's registers, growing with the clock, on a phone", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await advanceClock(request, 10_000);
    const card = await openCard(page);
    const energy = card.getByTestId('limiter-energy');
    await expect(energy.getByRole('heading', { name: "Today's energy" })).toBeVisible(SLOW);
    const kwh = /^\d[\d,]*\.\d\d kWh$/;
    await expect(card.getByTestId('limiter-energy-drawn')).toHaveText(kwh);
    await expect(card.getByTestId('limiter-energy-fed-in')).toHaveText(kwh);
    // The simulated meter sends its own registers: the card says the figures are their rise.
    await expect(card.getByTestId('limiter-energy-basis')).toContainText(
      "Grid: the rise of the meter's own registers since",
    );

    // The card shows what the gateway counted, and the count grows with the (test) clock, never falls.
    type Flow = { in_wh: number; out_wh: number; counted_s: number } | null;
    const read = async () =>
      (await (await request.get('/api/powerlimiter/energy')).json()) as { grid: Flow; battery: Flow };
    const before = await read();
    await advanceClock(request, 5 * 60_000);
    const after = await read();
    expect(after.grid!.in_wh + after.grid!.out_wh).toBeGreaterThan(before.grid!.in_wh + before.grid!.out_wh);
    expect(after.grid!.in_wh).toBeGreaterThanOrEqual(before.grid!.in_wh);
    expect(after.grid!.out_wh).toBeGreaterThanOrEqual(before.grid!.out_wh);
    // The gateway's clock also runs on by itself: the card's figure lies between two reads around it.
    const shownWh = async (testId: string) => {
      const text = (await card.getByTestId(testId).textContent()) ?? '';
      return Number(text.replace(/[^\d.]/g, '')) * 1000;
    };
    await page.reload();
    await expect(card.getByTestId('limiter-energy-fed-in')).toHaveText(kwh, SLOW);
    const fedIn = await shownWh('limiter-energy-fed-in');
    const later = await read();
    // Two decimals of kWh: 5 Wh either way.
    expect(fedIn).toBeGreaterThanOrEqual(after.grid!.out_wh - 5);
    expect(fedIn).toBeLessThanOrEqual(later.grid!.out_wh + 5);
    // The simulated battery reports its power: charged and discharged are shown beside the grid.
    if (later.battery) {
      await expect(card.getByTestId('limiter-energy-charged')).toHaveText(kwh);
      await expect(card.getByTestId('limiter-energy-discharged')).toHaveText(kwh);
      await expect(card.getByTestId('limiter-energy-basis')).toContainText('Battery: its reported power');
    }

    // At 375 px nothing of the card is wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = (await energy.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });

  test('light, dark, German and French, and on a phone: translated, themed, the chart drawn, nothing too wide', async ({
    browser,
  }) => {
    // Wall time: five full loads of the live view and the settings screen (themes, languages, a phone),
    // each drawn and checked; the regulation itself runs on the test clock.
    test.setTimeout(300_000);
    for (const [theme, locale] of [
      ['light', 'en'],
      ['dark', 'en'],
      ['light', 'de'],
      ['dark', 'fr'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      await signedIn(page);
      await showsIn(page, theme, locale);
      await context.close();
    }
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await signedIn(page);
    await showsIn(page, 'light', 'de');
    await phone.close();
  });

  test('an inverter fed from the battery: the rules offered, kept after a reload, and the rule named on the card', async ({
    page,
    request,
  }) => {
    // Wall time: three saves and reloads of a large form and the live card; the limiter runs on the test clock.
    test.setTimeout(120_000);
    await signedIn(page);
    await openSettings(page);
    // Runs alone too (-g): the limiter on and Carport governed, as the first test leaves them; put back below.
    const limiterOn = page.getByLabel('Limiter on');
    const governed = page.getByLabel('Governed: Carport');
    const wasOn = await limiterOn.isChecked();
    const wasGoverned = await governed.isChecked();
    await limiterOn.check();
    await governed.check();

    // On its panels: one line says when the rules apply. Fed from the battery: the rules.
    await expect(page.getByTestId('limiter-battery-hint')).toBeVisible();
    await page.getByLabel('Fed by: Carport').selectOption('battery');
    const rules = page.getByTestId('limiter-battery-rules');
    await expect(rules).toBeVisible();
    await rules.getByLabel('Start discharging at').fill('85');
    await rules.getByLabel('Stop discharging at').fill('15');
    await rules.getByLabel('Solar passthrough').check();
    await rules.getByLabel('Kept for the battery').fill('40');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);

    await page.reload();
    await expect(page.getByLabel('Fed by: Carport')).toHaveValue('battery', SLOW);
    await expect(rules.getByLabel('Start discharging at')).toHaveValue('85');
    await expect(rules.getByLabel('Stop discharging at')).toHaveValue('15');
    await expect(rules.getByLabel('Solar passthrough')).toBeChecked();
    await expect(rules.getByLabel('Kept for the battery')).toHaveValue('40');

    // The simulated battery (50 %, under the start threshold) passes its MPPT's sun through.
    await advanceClock(request, 5000);
    const card = await openCard(page);
    await expect(card.getByTestId('limiter-battery-rule')).toHaveText('Solar passthrough', SLOW);
    await expect(card.getByTestId('limiter-battery')).toContainText('State of charge');
    await expect(card.getByRole('row', { name: /Carport/ })).toContainText('fed from the battery');

    // Everything as it was, for the specs after this one: the rules first (shown only while battery-fed).
    await openSettings(page);
    await rules.getByLabel('Start discharging at').fill('80');
    await rules.getByLabel('Stop discharging at').fill('20');
    await rules.getByLabel('Kept for the battery').fill('20');
    await rules.getByLabel('Solar passthrough').uncheck();
    await page.getByLabel('Fed by: Carport').selectOption('solar');
    await governed.setChecked(wasGoverned);
    await limiterOn.setChecked(wasOn);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.', SLOW);
  });
});
