import { test } from '@playwright/test';
import { ownGatewayPort } from '../ports';
import { addDevicePlant } from './device-plant';
import { startGateway } from './gateway-process';
import { signedIn } from './session';

test('shots', async ({ browser }) => {
  test.setTimeout(180_000);
  const gateway = await startGateway(ownGatewayPort(40), []);
  const plant = await addDevicePlant(gateway.url);
  await new Promise((r) => setTimeout(r, 5000));
  for (const [locale, scheme, width] of [['de-DE', 'dark', 375]] as const) {
    const context = await browser.newContext({
      locale,
      colorScheme: scheme,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await signedIn(page);
    await page.goto(`${gateway.url}/`);
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/live-${locale}-${scheme}.png` });
    await page.goto(`${gateway.url}/settings/powerlimiter`);
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/lim-${locale}-${scheme}.png`, fullPage: true });
    await context.close();
  }
  plant.stop();
  await gateway.stop();
});
