import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DevInfoModal from '../../../src/components/live/DevInfoModal';
import EventLogModal from '../../../src/components/live/EventLogModal';
import GridProfileModal, { hexLines } from '../../../src/components/live/GridProfileModal';
import LimitModal from '../../../src/components/live/LimitModal';
import PowerModal from '../../../src/components/live/PowerModal';
import { setLanguage } from '../../../src/i18n';
import { routeApi } from '../../helpers/route-api';

const SERIAL = '116180216880';
const { fetchMock, routes, posted } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

describe('dialog frame', () => {
  it('is a labelled dialog that closes by its button and by Escape', async () => {
    routes['/api/devinfo/status'] = {};
    const onClose = vi.fn();
    render(<DevInfoModal {...props(onClose)} />);
    const dialog = screen.getByRole('dialog', { name: 'Device info: Garage' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('gives the focus back to what had it before when it closes', async () => {
    routes['/api/devinfo/status'] = {};
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<DevInfoModal {...props()} />);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('device info', () => {
  it('shows every field, the firmware as major.minor.patch and the production date from the serial', async () => {
    routes['/api/devinfo/status'] = {
      valid_data: true,
      fw_bootloader_version: 104,
      fw_build_version: 10012,
      hw_part_number: 269578497,
      hw_version: '01.00',
      hw_model_name: 'HM-800',
      max_power: 800,
      fw_build_datetime: '2022-04-01 07:45:00',
      pdl_supported: false,
    };
    render(<DevInfoModal {...props()} />);
    const row = async (name: string) =>
      (await screen.findByRole('row', { name: new RegExp(name) })).textContent;
    expect(await row('Model')).toContain('HM-800');
    expect(await row('Serial number')).toContain(SERIAL);
    expect(await row('Rated power')).toContain('800 W');
    expect(await row('Firmware version')).toContain('1.0.12');
    expect(await row('Bootloader version')).toContain('0.1.4');
    expect(await row('Production year')).toContain('2022');
    expect(await row('Production week')).toContain('2');
    expect(await row('Hardware version')).toContain('01.00');
    expect(await row('Part number')).toContain('269578497');
    expect(await row('Firmware build date')).toMatch(/2022/);
    expect(await row('Power distribution logic')).toContain('No');
    expect(screen.queryByText(/not sent its device information/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/devinfo/status?inv=${SERIAL}`);
  });

  it('says so while the inverter has not sent its device info', async () => {
    routes['/api/devinfo/status'] = {
      valid_data: false,
      fw_build_version: 0,
      max_power: 0,
      hw_model_name: '',
    };
    render(<DevInfoModal {...props()} />);
    expect(await screen.findByText(/has not sent its device information yet/)).toBeInTheDocument();
  });
});

describe('grid profile', () => {
  it('shows sections and items, bool as enabled/disabled, and the raw bytes', async () => {
    routes['/api/gridprofile/status'] = {
      name: 'XX - EN 50549-1:2019',
      version: '2.0.1',
      sections: [
        {
          name: 'Voltage (H/LVRT)',
          items: [
            { n: 'Nominal voltage', u: 'V', v: 230 },
            { n: 'Low voltage 1', u: 'V', v: 184.5 },
          ],
        },
        {
          name: 'Active power control',
          items: [
            { n: 'Active power at overfrequency', u: 'bool', v: 1 },
            { n: 'Active power at underfrequency', u: 'bool', v: 0 },
          ],
        },
      ],
    };
    routes['/api/gridprofile/rawdata'] = {
      raw: [10, 0, 32, 1, 0, 12, 8, 252, 7, 163, 0, 0, 0, 0, 0, 0, 255],
    };
    render(<GridProfileModal {...props()} />);
    expect(await screen.findByText('XX - EN 50549-1:2019')).toBeInTheDocument();
    expect(screen.getByText('2.0.1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Voltage (H/LVRT)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Nominal voltage/ })).toHaveTextContent('230 V');
    expect(screen.getByRole('row', { name: /Low voltage 1/ })).toHaveTextContent('184.5 V');
    expect(screen.getByRole('row', { name: /overfrequency/ })).toHaveTextContent('enabled');
    expect(screen.getByRole('row', { name: /underfrequency/ })).toHaveTextContent('disabled');
    expect(screen.getByTestId('gridprofile-raw').textContent).toBe(
      '0A 00 20 01 00 0C 08 FC 07 A3 00 00 00 00 00 00\nFF',
    );
  });

  it('names sections and items in the visitor language; a name it does not know stays as sent', async () => {
    routes['/api/gridprofile/status'] = {
      name: 'DE - DE_VDE4105_2018',
      version: '1.0.0',
      sections: [
        {
          name: 'Voltage (H/LVRT)',
          items: [
            { n: 'Under-voltage 1 max. trip time', u: 's', v: 3 },
            { n: 'A name from a newer gateway', u: 'V', v: 1 },
          ],
        },
      ],
    };
    routes['/api/gridprofile/rawdata'] = { raw: [3, 0, 16, 0, 0, 0, 0, 0] };
    await act(() => setLanguage('de'));
    try {
      render(<GridProfileModal {...props()} />);
      expect(await screen.findByRole('heading', { name: 'Spannung (H/LVRT)' })).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Unterspannung 1, max\. Auslösezeit/ })).toHaveTextContent(
        '3 s',
      );
      expect(screen.getByRole('row', { name: /A name from a newer gateway/ })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('has a German and a French name for every section and item the protocol knows', async () => {
    const table = (await import('../../../../hoymiles/data/grid-profile.json')).default as {
      sections: Record<string, { name: string }>;
      items: Record<string, { name: string } | string>;
      unknownProfileName: string;
    };
    const english = [
      ...Object.values(table.sections).map((section) => section.name),
      ...Object.values(table.items).map((item) => (typeof item === 'string' ? item : item.name)),
    ];
    const locale = async (language: string) =>
      (
        (await import(`../../../src/i18n/locales/extra/${language}.json`)).default as {
          gridprofile: { names: Record<string, string> };
        }
      ).gridprofile.names;
    const [en, de, fr] = await Promise.all(['en', 'de', 'fr'].map(locale));
    for (const name of english) {
      const key = name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
      expect(en?.[key], name).toBe(name);
      expect(de?.[key], name).toBeTruthy();
      expect(fr?.[key], name).toBeTruthy();
      expect(de?.[key], name).not.toBe(name);
      expect(fr?.[key], name).not.toBe(name);
    }
  });

  it('says the profile is empty when all bytes are 0', async () => {
    routes['/api/gridprofile/status'] = { name: 'Unknown', version: '0.0.0', sections: [] };
    routes['/api/gridprofile/rawdata'] = { raw: [0, 0, 0] };
    render(<GridProfileModal {...props()} />);
    expect(await screen.findByText(/grid profile is empty/)).toBeInTheDocument();
    expect(hexLines([])).toEqual([]);
  });
});

describe('event log', () => {
  it('lists start, stop and message, fetched in the console language', async () => {
    routes['/api/eventlog/status'] = {
      count: 2,
      events: [
        { message_id: 1, message: 'Inverter start', start_time: 25862, end_time: 0 },
        { message_id: 4, message: 'Grid overvoltage', start_time: 68411, end_time: 69015 },
      ],
    };
    render(<EventLogModal {...props()} />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('107:11:02activeInverter start');
    expect(rows[2]).toHaveTextContent('419:00:1119:10:15Grid overvoltage');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/eventlog/status?inv=${SERIAL}&locale=en`);
  });

  it('asks for the messages in German when the console is German', async () => {
    routes['/api/eventlog/status'] = { count: 0, events: [] };
    await act(() => setLanguage('de'));
    try {
      render(<EventLogModal {...props()} />);
      expect(
        await screen.findByText('Der Wechselrichter hat keine Ereignisse gespeichert.'),
      ).toBeInTheDocument();
      expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/eventlog/status?inv=${SERIAL}&locale=de`);
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('limit settings', () => {
  beforeEach(() => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: 'Ok' },
    };
  });

  it('shows the current limit and the status badge in its colour', async () => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: 'Failure' },
    };
    render(<LimitModal {...props()} />);
    expect(await screen.findByTestId('limit-current')).toHaveTextContent('75.0 % (600 W)');
    expect(screen.getByText('Failed')).toHaveClass('text-bg-danger');
  });

  it.each([
    ['Pending', 'text-bg-warning'],
    ['Ok', 'text-bg-success'],
    ['Unknown', 'text-bg-secondary'],
  ])('badge %s is %s', async (status, className) => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: status },
    };
    const { container } = render(<LimitModal {...props()} />);
    await screen.findByTestId('limit-current');
    expect(container.ownerDocument.querySelector(`[data-status="${status}"]`)).toHaveClass(className);
  });

  it('relative allows 0..100 %, absolute 0..max power; sends the type as 0..3 and closes on success', async () => {
    routes['/api/limit/config'] = { type: 'success', message: 'Settings saved.', code: 1001 };
    const onClose = vi.fn();
    render(<LimitModal {...props(onClose)} />);
    const input = await screen.findByLabelText('New limit');
    expect(input).toHaveValue(75);
    expect(input).toHaveAttribute('max', '100');
    await userEvent.clear(input);
    await userEvent.type(input, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('The limit must be between 0 and 100 %.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'absolute');
    expect(input).toHaveAttribute('max', '800');
    await waitFor(() => expect(screen.queryByText(/must be between/)).not.toBeInTheDocument());
    await userEvent.clear(input);
    await userEvent.type(input, '801');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('The limit must be between 0 and 800 W.')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, '600');
    await userEvent.selectOptions(screen.getByLabelText('Keep after an inverter restart'), 'persistent');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted).toEqual([
      { path: '/api/limit/config', data: { serial: SERIAL, limit_value: 600, limit_type: 2 } },
    ]);
  });

  it('uses 2250 W as the absolute maximum while the max power is unknown', async () => {
    routes['/api/limit/status'] = { [SERIAL]: { limit_relative: 100, max_power: 0, limit_set_status: 'Ok' } };
    render(<LimitModal {...props()} />);
    await userEvent.selectOptions(await screen.findByLabelText('Kind'), 'absolute');
    expect(screen.getByLabelText('New limit')).toHaveAttribute('max', '2250');
    expect(screen.getByText('From 0 to 2250 W.')).toBeInTheDocument();
  });

  it('checks the contract limit rules too: above what the gateway takes is refused before sending', async () => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 100, max_power: 3000, limit_set_status: 'Ok' },
    };
    render(<LimitModal {...props()} />);
    await userEvent.selectOptions(await screen.findByLabelText('Kind'), 'absolute');
    const input = screen.getByLabelText('New limit');
    expect(input).toHaveAttribute('max', '3000');
    await userEvent.clear(input);
    await userEvent.type(input, '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('The limit must not be above 2250.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('asks for a value when the field is empty', async () => {
    render(<LimitModal {...props()} />);
    const input = await screen.findByLabelText('New limit');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Please enter a limit.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('keeps the dialog open with the translated answer when the gateway refuses', async () => {
    routes['/api/limit/config'] = { type: 'warning', message: 'x', code: 5004 };
    const onClose = vi.fn();
    render(<LimitModal {...props(onClose)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Unknown inverter.')).toHaveClass('alert-warning');
    expect(onClose).not.toHaveBeenCalled();
    expect(posted[0]?.data).toEqual({ serial: SERIAL, limit_value: 75, limit_type: 1 });
    expect(screen.getByText(/follows the change after about 4 minutes/)).toBeInTheDocument();
  });
});

describe('power settings', () => {
  beforeEach(() => {
    routes['/api/power/status'] = { [SERIAL]: { power_set_status: 'Pending' } };
  });

  it('shows the status and turns the inverter off, closing on success', async () => {
    routes['/api/power/config'] = { type: 'success', message: 'Settings saved.', code: 1001 };
    const onClose = vi.fn();
    render(<PowerModal {...props(onClose)} />);
    expect(await screen.findByText('Pending')).toHaveClass('text-bg-warning');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted).toEqual([{ path: '/api/power/config', data: { serial: SERIAL, power: false } }]);
  });

  it('restart sends restart:true; a refusal shows in the dialog', async () => {
    routes['/api/power/config'] = { type: 'warning', message: 'x', code: 11002 };
    const onClose = vi.fn();
    render(<PowerModal {...props(onClose)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Unknown inverter.')).toBeInTheDocument();
    expect(posted).toEqual([{ path: '/api/power/config', data: { serial: SERIAL, restart: true } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.data).toEqual({ serial: SERIAL, power: true });
    expect(onClose).not.toHaveBeenCalled();
  });
});
