import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import DevInfoModal from '../../../src/components/live/DevInfoModal';
import { routeApi } from '../../helpers/route-api';

const SERIAL = '116180216880';
const { fetchMock, routes } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

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
