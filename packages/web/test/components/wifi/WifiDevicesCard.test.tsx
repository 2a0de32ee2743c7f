import { WifiProblems } from '@dtu-console/contract/wifi/limits';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../src/i18n';
import de from '../../../src/i18n/locales/wifi/de.json';
import en from '../../../src/i18n/locales/wifi/en.json';
import fr from '../../../src/i18n/locales/wifi/fr.json';
import InverterSettingsPage from '../../../src/pages/InverterSettingsPage';
import { envelope, renderScreen, serveApi, stubApi } from '../../helpers/settings-helpers';

stubApi();

const device = { name: 'Balcony', host: '192.168.1.50', port: 10081, enabled: true, poll_interval: 35 };
const online = {
  ...device,
  state: 'online',
  model: 'DTU-Pro',
  serial: '10F734733125',
  firmware: 'V01.02.10',
  encrypted: false,
  inverters: ['114457636895', '114409535046'],
  last_answer: 1_750_000_000,
  last_error: '',
  last_problem: '',
  bad_frames: 0,
  polls: 3,
  failed_polls: 0,
  signal: 26,
  limit_wait_s: 0,
};

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('Wi-Fi devices card', () => {
  it('has the same texts in en, de and fr', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    // Every problem the gateway reports has its sentence.
    expect(Object.keys(en.wifi.problems).sort()).toEqual([...WifiProblems].sort());
  });

  it("says a device's problem in the reader's language, the technical detail beside it", async () => {
    serveApi({
      '/api/inverter/list': { inverter: [] },
      '/api/wifi/config': { devices: [device], limit_interval_min: 5 },
      '/api/wifi/status': {
        devices: [
          {
            ...online,
            state: 'unreachable',
            last_error: 'frame starts with 0x48 0x54, not "HM"',
            last_problem: 'bad-magic',
          },
        ],
      },
    });
    await act(() => setLanguage('de'));
    try {
      renderScreen(InverterSettingsPage);
      const problem = await screen.findByTestId('wifi-problem');
      expect(problem).toHaveTextContent(
        'Geantwortet hat etwas, das nicht das Hoymiles-Protokoll spricht. Ist es der richtige Port?',
      );
      expect(problem).toHaveAttribute('title', 'Technisches Detail: frame starts with 0x48 0x54, not "HM"');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it("names an inverter with Wi-Fi, and a device of unknown model, in the reader's language", async () => {
    const hms = { ...online, model: '', serial: '114312345678', inverters: ['114312345678'] };
    const second = { ...device, name: 'Other', host: '192.168.1.51' };
    const other = {
      ...online,
      ...second,
      model: '',
      serial: '99AA12345678',
      inverters: ['114457636895', '114409535046'],
    };
    serveApi({
      '/api/inverter/list': { inverter: [] },
      '/api/wifi/config': { devices: [device, second], limit_interval_min: 5 },
      '/api/wifi/status': { devices: [hms, other] },
    });
    await act(() => setLanguage('de'));
    try {
      renderScreen(InverterSettingsPage);
      await screen.findByText('WLAN-Gerät mit 2 Wechselrichtern');
      expect(screen.getAllByTestId('wifi-model').map((m) => m.textContent)).toEqual([
        'HMS-xxxW (Wechselrichter mit WLAN)',
        'WLAN-Gerät mit 2 Wechselrichtern',
      ]);
      expect(screen.queryByText(/inverter with Wi-Fi/)).toBeNull();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('lists the devices with their state and serials, adds one and saves the list', async () => {
    const posted = serveApi({
      '/api/inverter/list': { inverter: [] },
      '/api/wifi/config': { devices: [device], limit_interval_min: 5 },
      '/api/wifi/status': { devices: [online] },
    });
    renderScreen(InverterSettingsPage);
    const table = await screen.findByTestId('wifi-devices');
    expect(await within(table).findByText('Online')).toBeInTheDocument();
    expect(table).toHaveTextContent('114457636895, 114409535046');
    expect(table).toHaveTextContent('DTU-Pro');

    await userEvent.click(within(table).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    const editor = screen.getByTestId('wifi-editor');
    await userEvent.type(within(editor).getByLabelText('Name'), 'Garage');
    await userEvent.type(within(editor).getByLabelText('Host'), 'hms.local');
    await userEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // A device's restart names it by its place in the saved list: not offered while the list is changed.
    expect(within(table).queryByRole('button', { name: 'Restart' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save devices' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(posted).toEqual([
      { path: '/api/wifi/reboot', data: { index: 0 } },
      {
        path: '/api/wifi/config',
        data: {
          devices: [
            device,
            { name: 'Garage', host: 'hms.local', port: 10081, enabled: true, poll_interval: 35 },
          ],
          limit_interval_min: 5,
        },
      },
    ]);
  });

  it('checks the list with the contract before sending it, and keeps the edits', async () => {
    const posted = serveApi({
      '/api/inverter/list': { inverter: [] },
      '/api/wifi/config': { devices: [], limit_interval_min: 5 },
      '/api/wifi/status': { devices: [] },
    });
    renderScreen(InverterSettingsPage);
    expect(await screen.findByTestId('wifi-none')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    await userEvent.type(within(screen.getByTestId('wifi-editor')).getByLabelText('Name'), 'Garage');
    await userEvent.type(within(screen.getByTestId('wifi-editor')).getByLabelText('Host'), 'not a host');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save devices' }));
    expect(await screen.findByTestId('wifi-list-error')).toHaveTextContent(
      'Host must be an IP address or a host name.',
    );
    expect(screen.getByTestId('wifi-devices')).toHaveTextContent('not a host');
    expect(posted).toEqual([]);

    // Mended in the editor, the same list goes out.
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(within(screen.getByTestId('wifi-editor')).getByLabelText('Host'));
    await userEvent.type(within(screen.getByTestId('wifi-editor')).getByLabelText('Host'), '192.168.1.60');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save devices' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        path: '/api/wifi/config',
        data: {
          devices: [{ name: 'Garage', host: '192.168.1.60', port: 10081, enabled: true, poll_interval: 35 }],
          limit_interval_min: 5,
        },
      },
    ]);
  });

  it("shows the gateway's refusal in words and keeps the edits", async () => {
    serveApi(
      {
        '/api/inverter/list': { inverter: [] },
        '/api/wifi/config': { devices: [device], limit_interval_min: 5 },
        '/api/wifi/status': { devices: [] },
      },
      envelope(33003, 'warning'),
    );
    renderScreen(InverterSettingsPage);
    const table = await screen.findByTestId('wifi-devices');
    await userEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(within(screen.getByTestId('wifi-editor')).getByLabelText('Name'));
    await userEvent.type(within(screen.getByTestId('wifi-editor')).getByLabelText('Name'), 'Roof');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save devices' }));
    expect(await screen.findByText('Host must be an IP address or a host name.')).toBeInTheDocument();
    expect(table).toHaveTextContent('Roof');
  });

  it('cancel takes a new row away and gives an edited one back its values', async () => {
    serveApi({
      '/api/inverter/list': { inverter: [] },
      '/api/wifi/config': { devices: [device], limit_interval_min: 5 },
      '/api/wifi/status': { devices: [] },
    });
    renderScreen(InverterSettingsPage);
    const table = await screen.findByTestId('wifi-devices');
    await userEvent.click(screen.getByRole('button', { name: 'Add device' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    await userEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(within(screen.getByTestId('wifi-editor')).getByLabelText('Name'));
    await userEvent.type(within(screen.getByTestId('wifi-editor')).getByLabelText('Name'), 'Shed');
    expect(table).toHaveTextContent('Shed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(table).toHaveTextContent('Balcony');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});
