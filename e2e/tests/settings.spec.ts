import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { NtpTimeResponse } from '../../packages/contract/src/ntp/api';

const basic = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;

/** Signed in before the console loads: the stored record the login would write. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript((authdata) => {
    localStorage.setItem('user', JSON.stringify({ username: 'admin', authdata }));
  }, basic.slice('Basic '.length));
});

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: basic } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

async function apiPost(request: APIRequestContext, path: string, data: unknown) {
  const response = await request.post(path, {
    headers: { Authorization: basic },
    form: { data: JSON.stringify(data) },
  });
  return (await response.json()) as { type: string; code: number };
}

/** Puts a settings domain back as it was, so later specs see the defaults. */
async function restore(request: APIRequestContext, path: string, original: unknown) {
  expect(await apiPost(request, path, original)).toMatchObject({ type: 'success' });
}

const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
const alert = (page: Page) => page.getByTestId('form-alert');

test('network: saves, and a reload shows the saved values', async ({ page, request }) => {
  const original = await apiGet(request, '/api/network/config');
  try {
    await page.goto('/settings/network');
    await expect(page.getByTestId('host-note')).toBeVisible();
    await page.getByLabel('Host name').fill('e2e-dtu-%06X');
    await page.getByLabel('Access point timeout').fill('0');
    await page.getByLabel('Get the address automatically (DHCP)').uncheck();
    await expect(page.getByLabel('IP address')).toBeVisible();
    await page.getByLabel('IP address').fill('192.168.1.300');
    await save(page);
    await expect(page.getByText('Invalid IP address.')).toBeVisible();
    await page.getByLabel('IP address').fill('192.168.1.30');
    await page.getByLabel('Get the address automatically (DHCP)').check();
    await save(page);
    await expect(alert(page)).toHaveText('Settings saved.');
    await page.reload();
    await expect(page.getByLabel('Host name')).toHaveValue('e2e-dtu-%06X');
    await expect(page.getByLabel('Access point timeout')).toHaveValue('0');
  } finally {
    await restore(request, '/api/network/config', original);
  }
});

test('NTP: saves zone, place and sunset type; the manual sync sets the time', async ({ page, request }) => {
  const original = await apiGet(request, '/api/ntp/config');
  try {
    await page.goto('/settings/ntp');
    await page.getByLabel('NTP server').fill('time.example.org');
    await page.getByLabel('Time zone', { exact: true }).selectOption('Asia/Tokyo');
    await expect(page.getByLabel('Time zone rule')).toHaveValue('JST-9');
    await page.getByLabel('Latitude').fill('35.68');
    await page.getByLabel('Sunset type').selectOption({ label: 'Civil (96°)' });
    await save(page);
    await expect(alert(page).first()).toHaveText('Settings saved.');
    await page.reload();
    await expect(page.getByLabel('NTP server')).toHaveValue('time.example.org');
    await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('Asia/Tokyo');
    await expect(page.getByLabel('Latitude')).toHaveValue('35.68');
    await expect(page.getByLabel('Sunset type')).toHaveValue('2');

    await expect(page.getByTestId('device-time')).not.toHaveText('–');
    // The gateway is shared and runs on simulated time (a summer noon): the browser's clock is set to the
    // gateway's own time a minute on, so the sync is seen to set it and the specs after this one stay in
    // the simulated day. Both sides speak local time, so the page builds its dates from the components.
    const epochOf = (time: NtpTimeResponse) =>
      page.evaluate((t) => new Date(t.year, t.month - 1, t.day, t.hour, t.minute, t.second).getTime(), time);
    const chosen = (await epochOf(await apiGet<NtpTimeResponse>(request, '/api/ntp/time'))) + 60_000;
    await page.clock.setFixedTime(chosen);
    await page.getByRole('button', { name: "Synchronise with this browser's time" }).click();
    await expect(page.getByText('Time set.')).toBeVisible();
    const set = (await epochOf(await apiGet<NtpTimeResponse>(request, '/api/ntp/time'))) - chosen;
    expect(set).toBeGreaterThanOrEqual(0);
    expect(set).toBeLessThan(10_000);
  } finally {
    await restore(request, '/api/ntp/config', original);
  }
});

test('MQTT: saves with the visibility rules, never shows the password', async ({ page, request }) => {
  const original = await apiGet<Record<string, unknown>>(request, '/api/mqtt/config');
  try {
    await page.goto('/settings/mqtt');
    await expect(page.getByLabel('Server')).toBeHidden();
    await page.getByLabel('Enable MQTT').check();
    await page.getByLabel('Server').fill('127.0.0.1');
    await page.getByLabel('Port').fill('1');
    await page.getByLabel('Password').fill('broker-secret-1');
    await page.getByLabel('Base topic').fill('e2e solar');
    await save(page);
    await expect(page.getByText('The topic must not contain spaces.')).toBeVisible();
    await page.getByLabel('Base topic').fill('e2e/');
    await page.getByLabel('LWT QoS').selectOption('1');
    await page.getByLabel('Enable Home Assistant discovery').check();
    await expect(page.getByLabel('Discovery prefix')).toBeVisible();
    await save(page);
    await expect(alert(page)).toHaveText('Settings saved.');
    await page.reload();
    await expect(page.getByLabel('Server')).toHaveValue('127.0.0.1');
    await expect(page.getByLabel('Base topic')).toHaveValue('e2e/');
    await expect(page.getByLabel('LWT QoS')).toHaveValue('1');
    await expect(page.getByLabel('Password')).toHaveValue('********');
    expect(await page.content()).not.toContain('broker-secret-1');
  } finally {
    await restore(request, '/api/mqtt/config', { ...original, mqtt_password: '' });
  }
});

test('security: saves read-only access; the password stays masked', async ({ page, request }) => {
  try {
    await page.goto('/settings/security');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('********');
    await page.getByLabel('Password', { exact: true }).fill('another-pass');
    await save(page);
    await expect(page.getByText('Passwords are not equal')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('********');
    await page.getByLabel('Allow read-only access without password').uncheck();
    await save(page);
    await expect(alert(page)).toHaveText('Settings saved.');
    await page.reload();
    await expect(page.getByLabel('Allow read-only access without password')).not.toBeChecked();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('********');
  } finally {
    await restore(request, '/api/security/config', { password: '********', allow_readonly: true });
  }
});

test('DTU: the region resets the frequency; saved values come back after a reload', async ({
  page,
  request,
}) => {
  const original = await apiGet<Record<string, unknown>>(request, '/api/dtu/config');
  try {
    await page.goto('/settings/dtu');
    await page.getByLabel('Poll interval').fill('7');
    await page.getByLabel('Region').selectOption({ label: 'North America' });
    await expect(page.getByLabel('Frequency')).toHaveValue('918000000');
    await expect(page.getByText('918.000 MHz')).toBeVisible();
    await save(page);
    await expect(alert(page)).toHaveText('Settings saved.');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(alert(page)).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('Poll interval')).toHaveValue('7');
    await expect(page.getByLabel('Region')).toHaveValue('1');
  } finally {
    await restore(request, '/api/dtu/config', original);
  }
});

test('device manager: display and LED settings save and come back', async ({ page, request }) => {
  const original = await apiGet<{ curPin: { name: string }; display: object; led: object[] }>(
    request,
    '/api/device/config',
  );
  try {
    await page.goto('/settings/device');
    await expect(page.getByLabel('Board profile')).toHaveValue(original.curPin.name || 'Default');
    await page.getByRole('tab', { name: 'Display' }).click();
    await page.getByLabel('Diagram period').fill('1200');
    await page.getByLabel('Rotation').selectOption({ label: '90°' });
    await page.getByRole('tab', { name: 'LEDs' }).click();
    await page.getByLabel('Same brightness for all LEDs').uncheck();
    await page.getByLabel('Brightness of LED 1').fill('25');
    await save(page);
    await expect(alert(page)).toHaveText('Settings saved.');
    await page.reload();
    await page.getByRole('tab', { name: 'Display' }).click();
    await expect(page.getByLabel('Diagram period')).toHaveValue('1200');
    await expect(page.getByLabel('Rotation')).toHaveValue('1');
    await page.getByRole('tab', { name: 'LEDs' }).click();
    await expect(page.getByLabel('Brightness of LED 1')).toHaveValue('25');
  } finally {
    await restore(request, '/api/device/config', {
      ...original,
      curPin: { name: original.curPin.name || 'Default' },
    });
  }
});

test('inverters: add, edit, reorder and delete round trips; a full list is refused by the gateway', async ({
  page,
  request,
}) => {
  type Inverter = { id: number; name: string; order: number; serial: string };
  const before = (await apiGet<{ inverter: Inverter[] }>(request, '/api/inverter/list')).inverter;
  const rows = page.getByTestId('inverter-row');
  try {
    await page.goto('/settings/inverter');
    await expect(rows).toHaveCount(before.length);

    await page.getByLabel('Serial number').fill('a21h3k7pr-1g1');
    await expect(page.getByLabel('Serial number')).toHaveValue('A21H3K7PR-1G1');
    await expect(page.getByTestId('serial-hint')).toHaveText(
      'Valid HERF serial number; it is stored as 284122399ef8.',
    );
    await page.getByLabel('Name', { exact: true }).fill('E2E balcony');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(alert(page)).toHaveText('Inverter added.');
    await expect(rows).toHaveCount(before.length + 1);
    await expect(page.getByRole('row', { name: /E2E balcony/ })).toContainText('284122399EF8');

    await page.getByRole('button', { name: 'Edit E2E balcony' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('E2E renamed');
    await dialog.getByRole('tab', { name: 'Advanced' }).click();
    await dialog.getByLabel('Reachable threshold').fill('4');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(alert(page)).toHaveText('Inverter changed.');

    // Move the new last row to the top with the keyboard, then save the order.
    await page.getByRole('button', { name: 'Move E2E renamed' }).focus();
    for (let i = 0; i < before.length; i++) await page.keyboard.press('ArrowUp');
    await expect(rows.first()).toContainText('E2E renamed');
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(alert(page)).toHaveText('Inverter order saved.');
    await page.reload();
    await expect(rows.first()).toContainText('E2E renamed');
    const saved = (
      await apiGet<{ inverter: (Inverter & { reachable_threshold: number })[] }>(
        request,
        '/api/inverter/list',
      )
    ).inverter;
    expect(saved.find((entry) => entry.name === 'E2E renamed')).toMatchObject({
      serial: '284122399ef8',
      reachable_threshold: 4,
      order: 0,
    });

    // Fill every slot through the API: the next add is the gateway's own refusal, shown translated.
    // The slot count (InverterLimits.maxInverters) as the refusal text below names it.
    const free = 100 - saved.length;
    for (let i = 0; i < free; i++) {
      const serial = `1161000${String(100 + i).padStart(5, '0')}`;
      expect(await apiPost(request, '/api/inverter/add', { serial, name: `Filler ${i}` })).toMatchObject({
        code: 4004,
      });
    }
    await page.reload();
    await page.getByLabel('Serial number').fill('116100000200');
    await page.getByLabel('Name', { exact: true }).fill('One too many');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(alert(page)).toHaveText('At most 100 inverters are supported.');

    await page.getByRole('button', { name: 'Delete E2E renamed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(alert(page)).toHaveText('Inverter deleted.');
    await expect(page.getByText('E2E renamed')).toBeHidden();
  } finally {
    const now = (await apiGet<{ inverter: Inverter[] }>(request, '/api/inverter/list')).inverter;
    const keep = new Set(before.map((entry) => entry.id));
    for (const entry of now)
      if (!keep.has(entry.id)) await apiPost(request, '/api/inverter/del', { id: entry.id });
    await apiPost(request, '/api/inverter/order', {
      order: [...before].sort((a, b) => a.order - b.order).map((entry) => entry.id),
    });
  }
});

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  await page.goto('/settings/ntp');
  await page.getByLabel('NTP server').fill('changed.example.org');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Network' }).click();
  await expect(page).toHaveURL(/\/settings\/ntp$/);
  page.once('dialog', (dialog) => void dialog.accept());
  const network = page.getByRole('link', { name: 'Network' });
  if (!(await network.isVisible())) await page.getByRole('button', { name: 'Settings' }).click();
  await network.click();
  await expect(page).toHaveURL(/\/settings\/network$/);
});

test('the back button asks too, and a refusal keeps the form and its changes', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'NTP' }).click();
  await expect(page).toHaveURL(/\/settings\/ntp$/);
  const server = page.getByLabel('NTP server');
  await server.fill('changed.example.org');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/ntp$/);
  await expect(server).toHaveValue('changed.example.org');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('inverters: dragging a row by its handle reorders the list', async ({ page, request }) => {
  type Inverter = { id: number; order: number; name: string };
  const before = (await apiGet<{ inverter: Inverter[] }>(request, '/api/inverter/list')).inverter;
  // The browser tests' gateway starts with two inverters: fewer is a failure, not a reason to skip.
  expect(before.length).toBeGreaterThanOrEqual(2);
  const rows = page.getByTestId('inverter-row');
  try {
    await page.goto('/settings/inverter');
    await expect(rows).toHaveCount(before.length);
    const firstName = (await rows.nth(0).getByRole('cell').nth(3).innerText()).split('\n')[0] ?? '';
    const handle = await rows
      .nth(0)
      .getByRole('button', { name: /^Move / })
      .boundingBox();
    const target = await rows.nth(1).boundingBox();
    if (!handle || !target) throw new Error('rows not laid out');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(rows.nth(1)).toContainText(firstName);
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(alert(page)).toHaveText('Inverter order saved.');
    await page.reload();
    await expect(rows.nth(1)).toContainText(firstName);
  } finally {
    await apiPost(request, '/api/inverter/order', {
      order: [...before].sort((a, b) => a.order - b.order).map((entry) => entry.id),
    });
  }
});
