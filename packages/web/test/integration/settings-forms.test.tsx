/** Scenario: the settings forms of Network, MQTT, Security, NTP, DTU and Device manager, each screen against its gateway answers. */
import { deviceConfig } from '@dtu-console/contract/device/fixtures';
import { dtuConfig } from '@dtu-console/contract/dtu/fixtures';
import { mqttConfig } from '@dtu-console/contract/mqtt/fixtures';
import { networkConfig } from '@dtu-console/contract/network/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/lib/query';
import DeviceSettingsPage from '../../src/pages/DeviceSettingsPage';
import DtuSettingsPage from '../../src/pages/DtuSettingsPage';
import MqttSettingsPage from '../../src/pages/MqttSettingsPage';
import NetworkSettingsPage from '../../src/pages/NetworkSettingsPage';
import NtpSettingsPage from '../../src/pages/NtpSettingsPage';
import SecuritySettingsPage from '../../src/pages/SecuritySettingsPage';
import { envelope, fetchMock, renderScreen, serveApi } from '../helpers/settings-helpers';

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  queryClient.clear();
});

const network = networkConfig({ ssid: '', password: '' });

const mqtt = mqttConfig();

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('network settings', () => {
  it('hides the static IP card while DHCP is on', async () => {
    serveApi({ '/api/network/config': network });
    renderScreen(NetworkSettingsPage);
    const dhcp = await screen.findByLabelText('Get the address automatically (DHCP)');
    expect(screen.queryByLabelText('IP address')).not.toBeInTheDocument();
    await userEvent.click(dhcp);
    expect(screen.getByLabelText('IP address')).toHaveValue('0.0.0.0');
    expect(screen.getByLabelText('DNS server 2')).toBeInTheDocument();
    expect(screen.getByTestId('host-note')).toHaveTextContent('belong to the host system');
  });

  it('keeps the AP timeout within 0..99999 minutes and sends nothing outside', async () => {
    const posted = serveApi({ '/api/network/config': network });
    renderScreen(NetworkSettingsPage);
    const timeout = await screen.findByLabelText('Access point timeout');
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '100000');
    await save();
    expect(await screen.findByText('Enter a number from 0 to 99999.')).toBeInTheDocument();
    expect(timeout).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '0');
    await save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({ aptimeout: 0, dhcp: true });
    expect(await screen.findByTestId('form-alert')).toHaveTextContent('Settings saved.');
  });

  it('reports an invalid address with the gateway code and message, on its field', async () => {
    const posted = serveApi({ '/api/network/config': { ...network, dhcp: false } });
    renderScreen(NetworkSettingsPage);
    const ip = await screen.findByLabelText('IP address');
    await userEvent.clear(ip);
    await userEvent.type(ip, '192.168.1.300');
    await save();
    expect(await screen.findByText('Invalid IP address.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("shows the gateway's codeless SSID warning in the console's language", async () => {
    serveApi(
      { '/api/network/config': network },
      { type: 'warning', message: 'SSID must be 1 to 32 characters long.' },
    );
    renderScreen(NetworkSettingsPage);
    await screen.findByLabelText('Host name');
    await save();
    expect(await screen.findByTestId('form-alert')).toHaveTextContent(
      'The Wi-Fi name must be 1 to 32 characters long.',
    );
  });

  it('shows the syslog server fields only while syslog is on', async () => {
    serveApi({ '/api/network/config': network });
    renderScreen(NetworkSettingsPage);
    await userEvent.click(await screen.findByLabelText('Forward the log to a syslog server'));
    expect(screen.getByLabelText('Syslog server')).toBeInTheDocument();
    expect(screen.getByLabelText('Syslog port')).toHaveValue(514);
  });
});

describe('MQTT settings', () => {
  it('follows the visibility rules of every card and field', async () => {
    serveApi({ '/api/mqtt/config': mqtt });
    renderScreen(MqttSettingsPage);
    const enabled = await screen.findByLabelText('Enable MQTT');
    expect(screen.queryByLabelText('Server')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('LWT topic')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Enable Home Assistant discovery')).not.toBeInTheDocument();

    await userEvent.click(enabled);
    expect(screen.getByLabelText('Server')).toBeInTheDocument();
    expect(screen.getByLabelText('LWT topic')).toBeInTheDocument();
    expect(screen.queryByLabelText('Discovery prefix')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Root CA certificate')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Client certificate')).not.toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Enable Home Assistant discovery'));
    expect(screen.getByLabelText('Discovery prefix')).toHaveValue('homeassistant/');
    await userEvent.click(screen.getByLabelText('Use TLS'));
    expect(screen.getByLabelText('Root CA certificate')).toBeInTheDocument();
    expect(screen.queryByLabelText('Client key')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Log in with a client certificate'));
    expect(screen.getByLabelText('Client certificate')).toBeInTheDocument();
    expect(screen.getByLabelText('Client key')).toBeInTheDocument();

    // Switching MQTT off hides everything but the first card again.
    await userEvent.click(enabled);
    expect(screen.queryByLabelText('Discovery prefix')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Server')).not.toBeInTheDocument();
  });

  it('offers the three QoS levels by name', async () => {
    serveApi({ '/api/mqtt/config': { ...mqtt, mqtt_enabled: true } });
    renderScreen(MqttSettingsPage);
    const qos = await screen.findByLabelText('LWT QoS');
    expect(
      within(qos)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0 – at most once', '1 – at least once', '2 – exactly once']);
  });

  it.each([
    ['Base topic', 'solar', 'The topic must end with a slash (/).'],
    ['Base topic', 'my solar/', 'The topic must not contain spaces.'],
    ['LWT topic', 'dtu status', 'The LWT topic must not contain spaces.'],
  ])('rejects %s "%s" with the gateway message', async (label, text, message) => {
    const posted = serveApi({ '/api/mqtt/config': { ...mqtt, mqtt_enabled: true, mqtt_hostname: 'broker' } });
    renderScreen(MqttSettingsPage);
    const field = await screen.findByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, text);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it.each([
    ['Port', '0', 'Enter a number from 1 to 65535.'],
    ['Port', '65536', 'Enter a number from 1 to 65535.'],
    ['Publish interval', '4', 'Enter a number from 5 to 86400.'],
  ])('keeps %s within its range (%s)', async (label, text, message) => {
    const posted = serveApi({ '/api/mqtt/config': { ...mqtt, mqtt_enabled: true, mqtt_hostname: 'broker' } });
    renderScreen(MqttSettingsPage);
    const field = await screen.findByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, text);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('shows a server-side rejection as its translated message', async () => {
    serveApi({ '/api/mqtt/config': mqtt }, envelope(7001, 'warning', { max: 128 }));
    renderScreen(MqttSettingsPage);
    await screen.findByLabelText('Enable MQTT');
    await save();
    expect(await screen.findByTestId('form-alert')).toHaveTextContent(
      'The server name must be 1 to 128 characters long.',
    );
  });
});

describe('security settings', () => {
  it('says "Passwords are not equal" and sends nothing when they differ', async () => {
    const posted = serveApi({ '/api/security/config': { password: '********', allow_readonly: true } });
    renderScreen(SecuritySettingsPage);
    const password = await screen.findByLabelText('Password');
    await userEvent.clear(password);
    await userEvent.type(password, 'newsecret1');
    await save();
    expect(await screen.findByText('Passwords are not equal')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('checks 8..64 characters with the gateway message', async () => {
    const posted = serveApi({ '/api/security/config': { password: '********', allow_readonly: true } });
    renderScreen(SecuritySettingsPage);
    for (const label of ['Password', 'Repeat password']) {
      const field = await screen.findByLabelText(label);
      await userEvent.clear(field);
      await userEvent.type(field, 'short');
    }
    await save();
    expect(await screen.findByText('The password must be 8 to 64 characters long.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('sends the masked password back unchanged, never showing a secret', async () => {
    const posted = serveApi({ '/api/security/config': { password: '********', allow_readonly: true } });
    renderScreen(SecuritySettingsPage);
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByLabelText('Allow read-only access without password'));
    await save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toEqual({ password: '********', allow_readonly: false, allowed_origins: [] });
  });
});

describe('security settings: allowed origins', () => {
  const answer = {
    password: '********',
    allow_readonly: true,
    allowed_origins: ['https://dash.example:8443'],
  };

  it('shows one origin per line and sends them as a list, blank lines left out', async () => {
    const posted = serveApi({ '/api/security/config': answer });
    renderScreen(SecuritySettingsPage);
    const field = await screen.findByLabelText('Allowed origins');
    expect(field).toHaveValue('https://dash.example:8443');
    await userEvent.type(field, '{enter}{enter} http://192.168.1.9 ');
    await save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({
      allowed_origins: ['https://dash.example:8443', 'http://192.168.1.9'],
    });
  });

  it('refuses an origin with a path with the gateway message and sends nothing', async () => {
    const posted = serveApi({ '/api/security/config': answer });
    renderScreen(SecuritySettingsPage);
    const field = await screen.findByLabelText('Allowed origins');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://dash.example/app');
    await save();
    expect(
      await screen.findByText(
        'Each allowed origin must be http(s)://host[:port] without a path, or a lone *.',
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('warns while * is among them', async () => {
    serveApi({ '/api/security/config': answer });
    renderScreen(SecuritySettingsPage);
    const field = await screen.findByLabelText('Allowed origins');
    expect(screen.queryByTestId('any-origin-warning')).not.toBeInTheDocument();
    await userEvent.type(field, '{enter}*');
    expect(await screen.findByTestId('any-origin-warning')).toHaveTextContent('allows every web site');
  });
});

describe('NTP settings', () => {
  const answers = {
    '/api/ntp/config': {
      ntp_server: 'pool.ntp.org',
      ntp_timezone_descr: 'Europe/Berlin',
      latitude: 51.1,
      longitude: 10.4,
      sunsettype: 1,
    },
    '/zones.json': { 'Europe/Berlin': 'CET-1CEST,M3.5.0,M10.5.0/3', 'Asia/Tokyo': 'JST-9' },
    '/api/ntp/time': { ntp_status: true, year: 2026, month: 3, day: 1, hour: 12, minute: 0, second: 0 },
  };

  it('sets the zone rule with the zone and keeps the rule field read-only', async () => {
    const posted = serveApi(answers);
    renderScreen(NtpSettingsPage);
    const rule = await screen.findByLabelText('Time zone rule');
    expect(rule).toHaveAttribute('readonly');
    expect(rule).toHaveValue('CET-1CEST,M3.5.0,M10.5.0/3');
    await userEvent.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    expect(rule).toHaveValue('JST-9');
    await save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({ ntp_timezone_descr: 'Asia/Tokyo', ntp_timezone: 'JST-9' });
  });

  it.each([
    ['Latitude', '90.5', 'Enter a number from -90 to 90.'],
    ['Longitude', '-181', 'Enter a number from -180 to 180.'],
  ])('keeps the %s in range', async (label, text, message) => {
    const posted = serveApi(answers);
    renderScreen(NtpSettingsPage);
    const field = await screen.findByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, text);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('names the four sunset types with their angles', async () => {
    serveApi(answers);
    renderScreen(NtpSettingsPage);
    const select = await screen.findByLabelText('Sunset type');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Official (90.8°)', 'Nautical (102°)', 'Civil (96°)', 'Astronomical (108°)']);
  });

  it('sends the browser time and reads the device time again', async () => {
    const posted = serveApi(answers, envelope(9010));
    renderScreen(NtpSettingsPage);
    await userEvent.click(
      await screen.findByRole('button', { name: "Synchronise with this browser's time" }),
    );
    await waitFor(() => expect(posted).toHaveLength(1));
    const now = new Date();
    expect(posted[0]).toMatchObject({ path: '/api/ntp/time', data: { year: now.getFullYear() } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url) === '/api/ntp/time').length,
      ).toBeGreaterThanOrEqual(2),
    );
    // The answer stays until dismissed; the next synchronisation shows its own again.
    const alert = await screen.findByTestId('form-alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('form-alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "Synchronise with this browser's time" }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(await screen.findByTestId('form-alert')).toBeInTheDocument();
  });
});

const dtu = dtuConfig({ serial: '199980100001', cmt_enabled: true });

describe('DTU settings', () => {
  it('resets the frequency to the country default and warns outside the legal range', async () => {
    const posted = serveApi({ '/api/dtu/config': dtu });
    renderScreen(DtuSettingsPage);
    const frequency = await screen.findByLabelText('Frequency');
    expect(frequency).toHaveAttribute('min', '860250000');
    expect(frequency).toHaveAttribute('step', '250000');
    expect(screen.queryByTestId('frequency-warning')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Region'), 'North America');
    expect(frequency).toHaveValue('918000000');
    expect(frequency).toHaveAttribute('max', '963500000');
    expect(screen.queryByTestId('frequency-warning')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({ cmt_country: 1, cmt_frequency: 918000000 });
  });

  it('warns about local regulations outside the legal range', async () => {
    serveApi({ '/api/dtu/config': { ...dtu, cmt_frequency: 900000000 } });
    renderScreen(DtuSettingsPage);
    expect(await screen.findByTestId('frequency-warning')).toHaveTextContent('local regulations');
  });

  it.each([
    ['DTU serial number', '0', 'Enter a number from 1 to 199999999999.'],
    ['Poll interval', '86401', 'Enter a number from 1 to 86400.'],
  ])('keeps the %s in range', async (label, text, message) => {
    const posted = serveApi({ '/api/dtu/config': dtu });
    renderScreen(DtuSettingsPage);
    const field = await screen.findByLabelText(label);
    await userEvent.clear(field);
    await userEvent.type(field, text);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says a simulated radio is simulated, not connected', async () => {
    const radios = { nrf_configured: true, nrf_connected: true, cmt_configured: true, cmt_connected: true };
    serveApi({ '/api/dtu/config': dtu, '/api/system/status': { ...radios, radio_simulated: true } });
    renderScreen(DtuSettingsPage);
    expect(await screen.findAllByText('Simulated: no module attached')).toHaveLength(2);
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
  });

  it("shows the modules' state when real radios are attached", async () => {
    const radios = { nrf_configured: true, nrf_connected: true, cmt_configured: true, cmt_connected: false };
    serveApi({ '/api/dtu/config': dtu, '/api/system/status': { ...radios, radio_simulated: false } });
    renderScreen(DtuSettingsPage);
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
  });

  it('shows chips in the chip models as answering models, never as a real connection', async () => {
    const radios = { nrf_configured: true, nrf_connected: true, cmt_configured: true, cmt_connected: true };
    serveApi({
      '/api/dtu/config': dtu,
      '/api/system/status': { ...radios, radio_simulated: false, radio_mode: 'model', radio_problems: [] },
    });
    renderScreen(DtuSettingsPage);
    expect(await screen.findByTestId('radio-state-nrf')).toHaveTextContent('Answers (chip model)');
    expect(screen.getByTestId('radio-state-cmt')).toHaveTextContent('Answers (chip model)');
    expect(screen.getAllByText(/No real radio is attached/)).toHaveLength(2);
    expect(screen.queryByText('Connected')).not.toBeInTheDocument();
  });

  it("says in plain words why a hardware chip is not connected, on that chip's card", async () => {
    const radios = { nrf_configured: true, nrf_connected: true, cmt_configured: true, cmt_connected: false };
    serveApi({
      '/api/dtu/config': dtu,
      '/api/system/status': {
        ...radios,
        radio_simulated: false,
        radio_mode: 'hardware',
        radio_problems: ['CMT2300A: no permission on /dev/spidev0.1: add the user to the spi group'],
      },
    });
    renderScreen(DtuSettingsPage);
    expect(await screen.findByTestId('radio-problem-cmt')).toHaveTextContent(
      'Problem: no permission on /dev/spidev0.1: add the user to the spi group',
    );
    expect(screen.queryByTestId('radio-problem-nrf')).not.toBeInTheDocument();
    expect(screen.getByTestId('radio-state-nrf')).toHaveTextContent('Connected');
    expect(screen.getByTestId('radio-state-cmt')).toHaveTextContent('Not connected');
  });

  it('names the nRF transmit levels with their dBm', async () => {
    serveApi({ '/api/dtu/config': dtu });
    renderScreen(DtuSettingsPage);
    const level = await screen.findByRole('combobox', { name: 'Transmit power' });
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Minimum (-18 dBm)', 'Low (-12 dBm)', 'High (-6 dBm)', 'Maximum (0 dBm)']);
  });
});

const device = deviceConfig({
  curPin: {
    name: 'Default',
    nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 },
    cmt: { clk: -1, cs: -1, fcs: -1, sdio: -1, gpio2: -1, gpio3: -1 },
    w5500: { sclk: -1, mosi: -1, miso: -1, cs: -1, int: -1, rst: -1 },
    display: { type: 0, data: -1, clk: -1, cs: -1, reset: -1 },
    led: { led0: -1, led1: -1 },
  },
  led: [{ brightness: 40 }, { brightness: 40 }],
});

describe('device manager', () => {
  it('lists Default first and the other profiles by name, with the pin overview', async () => {
    serveApi({
      '/api/device/config': device,
      '/api/config/get?file=pin_mapping.json': [
        { name: 'Zeta board', nrf24: { clk: 1 } },
        { name: 'Default', nrf24: { clk: 18 } },
        { name: 'Alpha board', cmt: { clk: 2, sdio: 3 } },
      ],
    });
    renderScreen(DeviceSettingsPage);
    const select = await screen.findByLabelText('Board profile');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Default', 'Alpha board', 'Zeta board']),
    );
    await userEvent.selectOptions(select, 'Alpha board');
    const overview = screen.getByTestId('pin-overview');
    // Each part's name heads its pins once, in a cell across their rows: no row header is empty.
    const headers = within(overview).getAllByRole('rowheader');
    expect(headers.map((header) => header.textContent)).not.toContain('');
    const cmt = within(overview).getByRole('rowheader', { name: 'CMT2300A' }) as HTMLTableCellElement;
    expect(cmt.rowSpan).toBe((cmt.closest('tbody') as HTMLTableSectionElement).rows.length);
    expect(cmt.rowSpan).toBeGreaterThan(1);
  });

  it('treats a missing pin mapping as an empty list and any other failure as a parse error', async () => {
    serveApi({ '/api/device/config': device });
    renderScreen(DeviceSettingsPage);
    const select = await screen.findByLabelText('Board profile');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Default']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    queryClient.clear();
  });

  it('shows a danger alert when the pin mapping cannot be read', async () => {
    serveApi({ '/api/device/config': device, '/api/config/get?file=pin_mapping.json': { not: 'a list' } });
    renderScreen(DeviceSettingsPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('The pin mapping could not be read');
  });

  it('keeps the diagram duration within 600..86400 s', async () => {
    const posted = serveApi({ '/api/device/config': device });
    renderScreen(DeviceSettingsPage);
    await userEvent.click(await screen.findByRole('tab', { name: 'Display' }));
    const duration = screen.getByLabelText('Diagram period');
    await userEvent.clear(duration);
    await userEvent.type(duration, '599');
    await save();
    expect(await screen.findByText('Enter a number from 600 to 86400.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('starts with equal brightness when all LEDs match and sets every LED to the first', async () => {
    const posted = serveApi({
      '/api/device/config': { ...device, led: [{ brightness: 30 }, { brightness: 70 }] },
    });
    renderScreen(DeviceSettingsPage);
    await userEvent.click(await screen.findByRole('tab', { name: 'LEDs' }));
    const equal = screen.getByLabelText('Same brightness for all LEDs');
    expect(equal).not.toBeChecked();
    expect(screen.getByLabelText('Brightness of LED 1')).toHaveValue('70');
    await userEvent.click(equal);
    expect(screen.queryByLabelText('Brightness of LED 1')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({ led: [{ brightness: 30 }, { brightness: 30 }] });
  });

  it('opens with equal brightness on when the LEDs already match', async () => {
    serveApi({ '/api/device/config': device });
    renderScreen(DeviceSettingsPage);
    await userEvent.click(await screen.findByRole('tab', { name: 'LEDs' }));
    expect(screen.getByLabelText('Same brightness for all LEDs')).toBeChecked();
    expect(screen.getByLabelText('Brightness of all LEDs')).toHaveValue('40');
  });
});
