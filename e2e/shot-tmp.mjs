import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [lang, scheme, w] of [['de-DE', 'dark', 1100], ['fr-FR', 'light', 390]]) {
  const page = await browser.newPage({ locale: lang, colorScheme: scheme, viewport: { width: w, height: 900 } });
  await page.goto('http://127.0.0.1:18593/');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/live-${lang}.png`, fullPage: true });
  await page.goto('http://127.0.0.1:18593/info/system');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/sys-${lang}.png`, fullPage: true });
}
await browser.close();
