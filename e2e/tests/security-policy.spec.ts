/**
 * The console works under the gateway's Content-Security-Policy (gateway/src/http/security-headers.ts):
 * every route of the console's route table, signed in, opened fresh, reports no `securitypolicyviolation`
 * event and no console error about the policy. An init script records the events from the first moment
 * of each page.
 */
import { expect, type Page, test } from '@playwright/test';
import { consoleRoutes } from '../routes';
import { signedIn } from './session';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
  line: number;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Records every policy violation of the page (and its frames) from before its first script runs. */
async function recordViolations(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: event.sourceFile,
        line: event.lineNumber,
      });
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => {
    if (/content security policy|unsafe-eval/i.test(error.message)) consoleErrors.push(error.message);
  });
  return consoleErrors;
}

const violationsOf = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test.describe('Content-Security-Policy', () => {
  test('every route of the console loads without a policy violation', async ({ page }) => {
    // Wall time: every route is loaded in full, one after the other.
    test.setTimeout(180_000);
    await signedIn(page);
    const consoleErrors = await recordViolations(page);
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { path: route } of routes) {
      const response = await page.goto(route);
      // The policy is on the page, so a clean run means the console obeys it, not that nothing was enforced.
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy, route).toContain("script-src 'self'");
      expect(policy, route).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1, h2').first(), route).toBeVisible();
      for (const violation of await violationsOf(page)) {
        found.push(
          `${route}: ${violation.directive} blocked ${violation.blocked || 'inline'} (${violation.source}:${violation.line}) ${violation.sample}`,
        );
      }
      for (const message of consoleErrors.splice(0)) found.push(`${route}: console: ${message}`);
    }
    expect(found).toEqual([]);
  });

  test('the recorder sees a violation when there is one', async ({ page }) => {
    await signedIn(page);
    const consoleErrors = await recordViolations(page);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    // An inline script added by hand is what the policy forbids.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
    });
    await expect
      .poll(() => violationsOf(page))
      .toEqual([
        expect.objectContaining({ directive: expect.stringMatching(/^script-src/), blocked: 'inline' }),
      ]);
    expect(
      await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    ).toBeUndefined();
    await expect.poll(() => consoleErrors.length).toBeGreaterThan(0);
  });
});
