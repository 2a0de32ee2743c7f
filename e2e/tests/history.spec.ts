import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { LOCAL_TIME_MONTHS, localDateOf } from '../../packages/contract/src/common/format';
import { advanceUntil } from './clock';
import { signInWithForm } from './session';

/**
 * The history against the real gateway: the simulated plant runs from the launcher's summer noon, the
 * history service writes its minutes, and the live view's history card and the history settings show them.
 */

/** The gateway's local date (its simulated clock, not the machine's), "YYYY-MM-DD". */
async function gatewayToday(request: APIRequestContext): Promise<string> {
  const status = await (await request.get('/api/ntp/status')).json();
  const today = localDateOf(status.ntp_localtime as string);
  if (!today) throw new Error(`unreadable local time ${status.ntp_localtime}`);
  return today;
}

/** Whether a day's power answer carries battery data. */
function hasBattery(day: { battery?: { soc: Array<number | null> } }): boolean {
  return day.battery?.soc.some((value) => value !== null) ?? false;
}

/** "2026-06-21" as the en-US console shows it. */
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

test.describe('history', () => {
  let today = '';
  let names: string[] = [];

  test.beforeEach(async ({ request }) => {
    expect((await request.get('/api/v2/history/status')).ok()).toBe(true);
    today = await gatewayToday(request);
  });

  test('the live view charts the day, the month and the year of the simulated plant', async ({
    page,
    request,
  }) => {
    // The history closes each minute on the minute: advance the test clock a minute at a time until today's
    // curve has a point (at most five simulated minutes). The wall time left is the browser's.
    test.setTimeout(90_000);
    const produced = await advanceUntil(request, { stepMs: 60_000, maxMs: 5 * 60_000 }, async () => {
      const day = await (await request.get(`/api/v2/history/power?date=${today}`)).json();
      names = day.inverters.map(
        (inverter: { name: string; serial: string }) => inverter.name || inverter.serial,
      );
      // The simulated battery beside the plant is recorded too.
      return (
        (day.plant as Array<number | null>).some((value) => value !== null && value > 0) && hasBattery(day)
      );
    });
    expect(produced).toBe(true);

    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'History' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const card = page.getByTestId('history-card');
    const chart = card.getByRole('img', { name: `Power of Plant on ${usDate(today)}` });
    await expect(chart).toBeVisible();
    await expect(chart.locator('path.history-area')).toHaveAttribute('d', /^M/);
    await expect(card.getByTestId('history-total')).toHaveText(/^Energy: [\d.,]+ kWh · Peak: [\d,]+ W$/);
    await expect(card.getByRole('button', { name: 'Later' })).toBeDisabled();

    // The readout at noon, where the plant produced.
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.52, box.y + box.height / 2);
    // The readout beside the pointer, inside the window: the minutes under it and the plant.
    const readout = card.getByTestId('history-readout');
    await expect(readout).toContainText('Plant');
    await expect(readout).toContainText(/\d{1,2}:\d\d/);
    await expect(readout).toBeInViewport();

    // The CSV holds what is shown: a time column, the plant and each inverter, then the battery.
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`history-day-${today}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        'time',
        'Plant (W)',
        ...names.map((name) => `${name} (W)`),
        'Battery power (W)',
        'State of charge (%)',
      ].join(','),
    );
    expect(lines.some((line) => new RegExp(`^${today}T12:\\d\\d\\+02:00,\\d+\\.\\d,`).test(line))).toBe(true);

    // The day before the plant started has nothing; Today comes back.
    await card.getByRole('button', { name: 'Earlier' }).click();
    await expect(card.getByText('No power was recorded on this day.')).toBeVisible();
    await card.getByRole('button', { name: 'Today' }).click();
    await expect(chart).toBeVisible();

    // One inverter with its strings.
    const name = names[0] as string;
    await card.getByLabel('Show').selectOption({ label: name });
    await expect(card.getByRole('img', { name: `Power of ${name} on ${usDate(today)}` })).toBeVisible();
    await card.getByLabel('Show').selectOption({ label: 'Plant' });

    // The month has today's bar, the year this month's.
    await card.getByRole('tab', { name: 'Month' }).click();
    const monthName = `${LOCAL_TIME_MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
    const month = card.getByRole('img', { name: `Energy of Plant in ${monthName}` });
    await expect(month).toBeVisible();
    await expect(month.locator('rect.history-bar')).toHaveCount(1);
    await expect(card.getByTestId('history-total')).toHaveText(/^Total: [\d.,]+ kWh$/);
    await month.locator('rect.history-bar').hover();
    await expect(card.getByTestId('history-readout')).toContainText(usDate(today));
    await expect(card.getByTestId('history-readout')).toContainText(/[\d,.]+ kWh/);

    await card.getByRole('tab', { name: 'Year' }).click();
    const year = card.getByRole('img', { name: `Energy of Plant in ${today.slice(0, 4)}` });
    await expect(year.locator('rect.history-bar')).toHaveCount(1);

    // An opened card stays open on the next visit.
    await page.reload();
    await expect(page.getByRole('button', { name: 'History' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('the day view charts the simulated battery under the power chart, also on a phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // Two 5-minute steps with battery data at least, so its lines have a stretch to draw.
    const recorded = await advanceUntil(request, { stepMs: 60_000, maxMs: 12 * 60_000 }, async () => {
      const day = await (await request.get(`/api/v2/history/power?date=${today}`)).json();
      return hasBattery(day) && day.battery.soc.filter((value: number | null) => value !== null).length >= 2;
    });
    expect(recorded).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'History' }).click();
    const card = page.getByTestId('history-card');
    const power = card.getByRole('img', { name: `Power of Plant on ${usDate(today)}` });
    const battery = card.getByRole('region', { name: 'Battery' });
    const chart = battery.getByRole('img', { name: `Battery power and state of charge on ${usDate(today)}` });
    await expect(chart).toBeVisible();
    // Under the power chart; its power and its charge, the charge on a 0–100 % axis at the right.
    expect((await chart.boundingBox())!.y).toBeGreaterThan((await power.boundingBox())!.y);
    await expect(chart.locator('path.history-line')).toHaveCount(2);
    await expect(chart.locator('path.history-line').first()).toHaveAttribute('d', /^M/);
    await expect(chart.locator('text.history-right')).toHaveText(['0 %', '25 %', '50 %', '75 %', '100 %']);
    await expect(battery.getByText('Above zero: charging, below zero: discharging.')).toBeVisible();
    // Inside the phone's width, the right axis included.
    await battery.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const right = (await chart.locator('text.history-right').last().boundingBox())!;
    expect(right.x + right.width).toBeLessThanOrEqual(box.x + box.width);

    // The readout where the battery was recorded: its power in W and its charge in %.
    const last = chart.locator('path.history-line').first();
    const point = (await last.getAttribute('d'))!.match(/([\d.]+) [-\d.]+$/)!;
    await page.mouse.move(box.x + Number(point[1]), box.y + box.height / 2);
    const readout = battery.getByTestId('history-readout');
    await expect(readout).toContainText('Battery power');
    await expect(readout).toContainText(/State of charge\s*[\d.]+ %/);
    await expect(readout).toBeInViewport();
  });

  test('history settings: retention codes, status, export and import', async ({ page }) => {
    await signInWithForm(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/history$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History settings');

    const minutes = page.getByLabel('1-minute power values');
    await expect(minutes).toHaveValue('31');
    await minutes.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Minute values must be kept between 1 and 366 days.')).toBeVisible();
    await minutes.fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('form-alert')).toHaveClass(/alert-success/);
    await page.reload();
    await expect(page.getByLabel('1-minute power values')).toHaveValue('60');

    const held = page.getByTestId('history-status');
    await expect(held).toContainText('Database size');
    await expect(held).toContainText(`Oldest daily energy${usDate(today)}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`dtu-console-history-${today}.json.gz`);
    const exported = readFileSync((await download.path())!);
    expect([...exported.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const file = page.getByLabel('History file');
    await file.setInputFiles({ name: 'history.json.gz', mimeType: 'application/gzip', buffer: exported });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('History imported.')).toBeVisible();

    await file.setInputFiles({
      name: 'history.json.gz',
      mimeType: 'application/gzip',
      buffer: Buffer.from('no'),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('This is not a valid history file; nothing was changed.')).toBeVisible();
  });
});
