/**
 * Issue 42 (docs/security.md): a page of another origin, open in the owner's browser while the browser holds
 * the gateway's Basic credentials, can neither change the gateway nor read its log. The attacker's page is
 * served by a tiny node:http server on another loopback port (and the name `localhost`, so another site).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER, signedIn } from './session';

const basic = `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}`;

// The browser answers the gateway's Basic challenge with these, as after the owner signed in once.
test.use({ httpCredentials: { username: ADMIN_USER, password: ADMIN_PASSWORD } });

/** The attacker's page: a form POST, a fetch with the browser's credentials, a WebSocket to /console. */
function attackPage(gateway: string, serial: string): string {
  const socketUrl = `${gateway.replace(/^http/, 'ws')}/console`;
  return `<!doctype html><html><body>
<iframe name="sink" title="sink"></iframe>
<form id="off" method="POST" action="${gateway}/api/power/config" target="sink">
  <input type="hidden" name="data" value='${JSON.stringify({ serial, power: false })}'>
</form>
<script>
window.result = { fetchStatus: null, fetchError: null, socketOpened: false, socketFrames: 0, done: false };
document.getElementById('off').submit();
const body = new FormData();
body.append('data', JSON.stringify({ poll_interval: 1 }));
const fetched = fetch('${gateway}/api/dtu/config', { method: 'POST', body, credentials: 'include', mode: 'no-cors' })
  .then((r) => { window.result.fetchStatus = r.status; })
  .catch((e) => { window.result.fetchError = String(e); });
const socketDone = new Promise((resolve) => {
  const ws = new WebSocket('${socketUrl}');
  ws.onopen = () => { window.result.socketOpened = true; };
  ws.onmessage = () => { window.result.socketFrames += 1; };
  ws.onerror = () => resolve();
  ws.onclose = () => resolve();
  setTimeout(resolve, 3000);
});
Promise.all([fetched, socketDone]).then(() => { window.result.done = true; });
</script></body></html>`;
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: basic } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function refusals(request: APIRequestContext): Promise<{ api: number; websocket: number }> {
  const response = await request.get('/api/prometheus/metrics', { headers: { Authorization: basic } });
  const text = await response.text();
  const count = (kind: string) =>
    Number(
      new RegExp(`^dtu_http_cross_origin_refused_total\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1],
    );
  return { api: count('api'), websocket: count('websocket') };
}

let attacker: Server;
let attackerPort: number;
let page42 = '';

test.beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page42);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

test("another site's page changes nothing and reads nothing, with the owner's credentials in the browser", async ({
  page,
  request,
  baseURL,
}) => {
  const gateway = String(baseURL);
  const inverters = await apiGet<{ inverters: { serial: string }[] }>(request, '/api/livedata/status');
  const serial = inverters.inverters[0]?.serial ?? '';
  expect(serial).not.toBe('');
  const powerBefore = await apiGet(request, '/api/power/status');
  const dtuBefore = await apiGet<{ poll_interval: number }>(request, '/api/dtu/config');
  const before = await refusals(request);

  page42 = attackPage(gateway, serial);
  await page.goto(`http://localhost:${attackerPort}/`);
  await page.waitForFunction(() => (window as unknown as { result: { done: boolean } }).result.done, null, {
    timeout: 10_000,
  });
  const result = await page.evaluate(
    () => (window as unknown as { result: { socketOpened: boolean; socketFrames: number } }).result,
  );
  expect(result.socketOpened).toBe(false);
  expect(result.socketFrames).toBe(0);

  // The form's and the fetch's POSTs and the upgrade reached the gateway and were refused.
  await expect.poll(async () => (await refusals(request)).api).toBeGreaterThanOrEqual(before.api + 2);
  expect((await refusals(request)).websocket).toBeGreaterThanOrEqual(before.websocket + 1);
  expect(await apiGet(request, '/api/power/status')).toEqual(powerBefore);
  expect((await apiGet<{ poll_interval: number }>(request, '/api/dtu/config')).poll_interval).toBe(
    dtuBefore.poll_interval,
  );
});

test('the console itself (same origin) still saves a setting', async ({ page, request }) => {
  await signedIn(page);
  try {
    await page.goto('/settings/security');
    await page.getByLabel('Allowed origins').fill('https://dash.example:8443');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('Settings saved.');
    expect(
      (await apiGet<{ allowed_origins: string[] }>(request, '/api/security/config')).allowed_origins,
    ).toEqual(['https://dash.example:8443']);
  } finally {
    const response = await request.post('/api/security/config', {
      headers: { Authorization: basic },
      form: { data: JSON.stringify({ password: '********', allow_readonly: true, allowed_origins: [] }) },
    });
    expect(response.ok()).toBe(true);
  }
});
