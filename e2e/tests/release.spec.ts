import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { signedIn } from './session';

const root = join(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'dtu-release-'));
const version = `0.0.${Date.now() % 100_000}-e2e`;

/** What `npm run release` does after its build (the console is already built for the gateway under test). */
function packRelease(): string {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/release.ts', '--version', version, '--out', out],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
  return join(out, `dtu-console-${version}.bin.gz`);
}

test.describe.configure({ mode: 'serial' });
test.afterAll(() => rmSync(out, { recursive: true, force: true }));

test.describe('firmware upgrade with a dtu-console release', () => {
  test('a broken or foreign file changes nothing', async ({ page, request }) => {
    await signedIn(page);
    const before = await (await request.get('/api/system/status')).json();
    await page.goto('/firmware/upgrade');
    const chooser = page.getByLabel('Release file (.bin, .bin.gz)');
    const esp = Buffer.alloc(4096, 7);
    esp[0] = 0xe9;
    esp[1] = 2;
    await chooser.setInputFiles({ name: 'firmware.bin', mimeType: 'application/octet-stream', buffer: esp });
    await expect(page.getByTestId('upload-error')).toContainText('This is an ESP32 firmware image');
    await page.getByRole('button', { name: 'Back' }).click();
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('upload-error')).toHaveText(
      'This is not a release file: the name must end in .bin or .bin.gz.',
    );
    await page.getByRole('button', { name: 'Back' }).click();

    // A real release with one byte of one file changed: its checksum no longer matches.
    const container = gunzipSync(readFileSync(packRelease()));
    container.writeUInt8(container.readUInt8(container.length - 5) ^ 0xff, container.length - 5);
    await page
      .getByLabel('Release file (.bin, .bin.gz)')
      .setInputFiles({ name: 'broken.bin.gz', mimeType: 'application/gzip', buffer: gzipSync(container) });
    await expect(page.getByTestId('upload-error')).toContainText('A file of the release is damaged:');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    const after = await (await request.get('/api/system/status')).json();
    expect(after.release).toEqual(before.release);
    expect(after.uptime).toBeGreaterThanOrEqual(before.uptime);
  });

  test('a release built by npm run release uploads with progress, the gateway comes back on it and the page returns to /', async ({
    page,
    request,
  }) => {
    // Wall time, not the gateway clock: the release is packed and the gateway process really restarts on
    // it, which takes 10 to 40 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await signedIn(page);
    const file = packRelease();
    await page.goto('/firmware/upgrade');
    // Slow the upload down enough to see the progress bar.
    await page.route('**/api/firmware/update', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByLabel('Release file (.bin, .bin.gz)').setInputFiles(file);
    await expect(page.getByTestId('upload-progress')).toBeVisible();
    await expect(page.getByText('The release was installed')).toBeVisible({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    const status = await (await request.get('/api/system/status')).json();
    expect(status.release.current).toBe(`dtu-console-${version}`);
    await page.goto('/info/system');
    await expect(page.getByTestId('release-current')).toHaveText(`dtu-console-${version}`);
    await expect(page.getByTestId('release-previous')).toHaveText(/Source checkout/);
  });
});
