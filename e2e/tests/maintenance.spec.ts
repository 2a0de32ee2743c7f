import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedIn } from './session';

const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
const auth = { headers: { Authorization: basic } };

test.describe('maintenance screens against the real gateway', () => {
  test('a backup download equals the gateway config', async ({ page, request }) => {
    await signedIn(page);
    await page.goto('/settings/config');
    const expected = await (await request.get('/api/file/get?file=config.json', auth)).text();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('config.json');
    const saved = await readFile((await download.path()) as string, 'utf8');
    expect(JSON.parse(saved)).toEqual(JSON.parse(expected));
  });

  test('an invalid restore shows the error and changes nothing', async ({ page, request }) => {
    await signedIn(page);
    const before = await (await request.get('/api/file/get?file=config.json', auth)).text();
    await page.goto('/settings/config');
    await page.getByLabel('File to upload').setInputFiles({
      name: 'config.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"cfg": '),
    });
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByTestId('upload-error')).toContainText('This is not a valid config.json:');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
    const after = await (await request.get('/api/file/get?file=config.json', auth)).text();
    expect(after).toBe(before);
  });

  test('restoring a valid file round-trips through the restart', async ({ page, request }) => {
    await signedIn(page);
    const original = await (await request.get('/api/file/get?file=config.json', auth)).text();
    const changed = JSON.parse(original);
    changed.ntp.server = 'time.e2e.example';
    await page.goto('/settings/config');
    await page.getByLabel('File to upload').setInputFiles({
      name: 'backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(changed)),
    });
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('The file was restored')).toBeVisible();
    await expect
      .poll(
        async () => {
          const answer = await request.get('/api/ntp/config', auth).catch(() => undefined);
          return answer?.ok() ? (await answer.json()).ntp_server : undefined;
        },
        { timeout: 15_000 },
      )
      .toBe('time.e2e.example');
    await page.getByRole('button', { name: 'Back' }).click();
    // Put the original back for the other tests.
    const restored = await request.post('/api/file/upload?file=config.json', {
      ...auth,
      multipart: {
        config: { name: 'config.json', mimeType: 'application/json', buffer: Buffer.from(original) },
      },
    });
    expect(restored.status()).toBe(200);
    await expect
      .poll(async () => (await request.get('/api/ntp/config', auth).catch(() => undefined))?.ok(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  test('reboot: confirmation, restart, and the page sees the gateway answer again', async ({
    page,
    request,
  }) => {
    await signedIn(page);
    await page.goto('/maintenance/reboot');
    await page.getByRole('button', { name: 'Restart…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart the gateway?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const before = (await (await request.get('/api/system/status')).json()).uptime as number;
    await page.getByRole('button', { name: 'Restart…' }).click();
    await dialog.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toBeVisible();
    await expect(page.getByText('The gateway is running again.')).toBeVisible({ timeout: 20_000 });
    const after = (await (await request.get('/api/system/status')).json()).uptime as number;
    expect(after).toBeLessThanOrEqual(before + 1);
  });

  test('requires login for reboot and firmware upgrade', async ({ page }) => {
    await page.goto('/maintenance/reboot');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmaintenance%2Freboot$/);
    await page.goto('/firmware/upgrade');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Ffirmware%2Fupgrade$/);
  });

  test('the console shows lines the gateway logs, each with a time prefix', async ({ page, request }) => {
    await signedIn(page);
    await page.goto('/info/console');
    const log = page.getByRole('textbox', { name: 'Gateway log' });
    await expect(log).toHaveValue(/\S/);
    // A refused restore is logged as a warning.
    await request.post('/api/file/upload?file=config.json', {
      ...auth,
      multipart: { config: { name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('[') } },
    });
    await expect(log).toHaveValue(/\d\d:\d\d:\d\d\.\d{3} .*Restore refused/);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(log).toHaveValue('');
  });

  test('info screens show the gateway status', async ({ page, request }) => {
    await signedIn(page);
    const network = await (await request.get('/api/network/status', auth)).json();
    await page.goto('/info/network');
    await expect(page.getByRole('row', { name: /IP address/ }).first()).toBeVisible();
    await expect(page.getByText(network.network_ip)).toBeVisible();
    await page.goto('/info/ntp');
    await expect(page.getByRole('row', { name: /Local time/ })).toBeVisible();
    await page.goto('/info/mqtt');
    await expect(page.getByRole('row', { name: /Broker connection/ })).toContainText('disconnected');
    await page.goto('/info/system');
    await expect(page.getByTestId('radio-simulated')).toBeVisible();
  });
});
