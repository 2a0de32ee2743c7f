/** /settings/battery: the battery's form and the charge controllers', each saved on its own, with its status. */
import { batteryStatus, solarChargerStatus, solarChargerUnit } from '@dtu-console/contract/battery/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { BATTERY_NS } from '../../src/i18n';
import BatterySettingsPage from '../../src/pages/BatterySettingsPage';
import { batteryConfig, solarChargerConfig } from '../helpers/battery-fixtures';
import { envelope, renderScreen, serveApi, stubApi } from '../helpers/settings-helpers';

stubApi();
beforeAll(async () => {
  await i18n.loadNamespaces(BATTERY_NS);
});

const battery = batteryConfig();
const chargers = solarChargerConfig();
const simulatedStatus = {
  '/api/battery/status': batteryStatus({ source: 'simulated', simulated: true }),
  '/api/solarcharger/status': solarChargerStatus({
    source: 'simulated',
    simulated: true,
    chargers: [solarChargerUnit({ id: 'simulated', product: 'Simulated MPPT', charge_state: 'absorption' })],
  }),
};
const answers = {
  '/api/battery/config': battery,
  '/api/solarcharger/config': chargers,
  ...simulatedStatus,
};

async function forms() {
  renderScreen(BatterySettingsPage);
  return {
    battery: within(await screen.findByTestId('battery-form')),
    chargers: within(await screen.findByTestId('charger-form')),
  };
}

type Form = Awaited<ReturnType<typeof forms>>['battery'];
const setNumber = async (form: Form, label: string, value: string) => {
  const field = form.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
  return field;
};

describe('battery settings', () => {
  it('saves the battery alone, exactly its settings with the change', async () => {
    const posted = serveApi(answers);
    const { battery: form } = await forms();
    await setNumber(form, 'A reading counts for', '45');
    await userEvent.click(form.getByRole('button', { name: 'Save battery' }));
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/api/battery/config', data: { ...battery, stale_after_s: 45 } }]),
    );
    expect(await form.findByTestId('form-alert')).toHaveClass('alert-success');
  });

  it("refuses a value out of the contract's bounds with its translated code, and sends nothing", async () => {
    const posted = serveApi(answers);
    const { battery: form } = await forms();
    const field = await setNumber(form, 'A reading counts for', '2');
    await userEvent.click(form.getByRole('button', { name: 'Save battery' }));
    expect(
      await form.findByText('The time a reading counts for must be between 5 and 3600 seconds.'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await setNumber(form, 'A reading counts for', '');
    await userEvent.click(form.getByRole('button', { name: 'Save battery' }));
    expect(await form.findByText('Enter a number from 5 to 3600.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("shows only the chosen source's fields", async () => {
    serveApi(answers);
    const { battery: form } = await forms();
    const source = form.getByLabelText('Source');
    expect(form.getByTestId('battery-simulated-hint')).toHaveTextContent('a 5 kWh LFP battery at 51.2 V');
    expect(form.queryByLabelText('Serial device')).not.toBeInTheDocument();

    await userEvent.selectOptions(source, 'vedirect');
    expect(form.getByLabelText('Serial device')).toHaveValue('/dev/ttyUSB0');
    expect(form.queryByLabelText('Connection')).not.toBeInTheDocument();
    expect(form.queryByTestId('battery-simulated-hint')).not.toBeInTheDocument();

    await userEvent.selectOptions(source, 'jkbms');
    expect(form.getByLabelText('Serial device')).toHaveValue('/dev/ttyUSB1');
    expect(form.getByLabelText('Connection')).toHaveValue('uart');

    await userEvent.selectOptions(source, 'pylontech_can');
    expect(form.queryByLabelText('Serial device')).not.toBeInTheDocument();
    expect(form.getByLabelText('CAN interface')).toHaveValue('can0');
    expect(form.getByTestId('battery-can-needs')).toHaveTextContent(
      'needs a CAN interface (SocketCAN) on the host',
    );
    expect(form.getByTestId('battery-can-needs')).toHaveTextContent(
      'ip link set can0 up type can bitrate 500000',
    );

    await userEvent.selectOptions(source, 'mqtt');
    expect(form.queryByLabelText('CAN interface')).not.toBeInTheDocument();
    expect(form.getAllByLabelText('Topic')).toHaveLength(6);
    expect(form.getAllByLabelText('Unit').map((select) => (select as HTMLSelectElement).value)).toEqual([
      '2',
      '0',
    ]);
    expect(form.getByRole('group', { name: 'State of charge (%)' })).toBeInTheDocument();
  });

  it('marks the refused field of the chosen source with its translated code', async () => {
    const posted = serveApi(answers);
    const { battery: form } = await forms();
    await userEvent.selectOptions(form.getByLabelText('Source'), 'mqtt');
    const power = within(form.getByRole('group', { name: 'Power (W, positive while charging)' }));
    await userEvent.type(power.getByLabelText('Topic'), 'bms/#');
    await userEvent.click(form.getByRole('button', { name: 'Save battery' }));
    expect(
      await power.findByText('A topic must be 1 to 256 characters long, without spaces or wildcards.'),
    ).toBeInTheDocument();
    expect(power.getByLabelText('Topic')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('shows what the saved source reports: simulated plainly, values, frames', async () => {
    serveApi(answers);
    await forms();
    const status = within(await screen.findByTestId('battery-status'));
    expect(await status.findByTestId('status-simulated')).toHaveTextContent('Simulated');
    expect(status.getByText('Saved source: Simulated battery')).toBeInTheDocument();
    expect(status.getByRole('row', { name: /State of charge/ })).toHaveTextContent('81 %');
    expect(status.getByRole('row', { name: /Power/ })).toHaveTextContent('643 W (discharging)');
    expect(status.getByRole('row', { name: /Frames/ })).toHaveTextContent('120 decoded, 1 refused');
    const units = within(await screen.findByTestId('charger-status'));
    expect(units.getByRole('row', { name: /Charge state/ })).toHaveTextContent('Absorption');
    // The simulation's own product name is no device's: not shown.
    expect(units.queryByText('Simulated MPPT')).not.toBeInTheDocument();
  });

  it('says why a source gives no reading, and does not show what it does not report as 0', async () => {
    serveApi({
      ...answers,
      '/api/battery/status': batteryStatus({
        source: 'vedirect',
        soc: null,
        temperature: null,
        data_age: null,
        problem: { code: 'device-missing', detail: 'ENOENT /dev/ttyUSB0' },
      }),
    });
    await forms();
    const status = within(await screen.findByTestId('battery-status'));
    expect(await status.findByTestId('status-problem')).toHaveTextContent(/^Device not found/);
    expect(status.queryByTestId('status-simulated')).not.toBeInTheDocument();
    expect(status.getByRole('row', { name: /State of charge/ })).toHaveTextContent('not reported');
    expect(status.getByRole('row', { name: /Temperature/ })).toHaveTextContent('not reported');
    expect(status.getByRole('row', { name: /Data age/ })).toHaveTextContent('not reported');
  });
});

describe('charge controller settings', () => {
  it('lists 1 to 3 VE.Direct devices, added and removed, and saves them alone', async () => {
    const posted = serveApi(answers, envelope(1001));
    const { chargers: form } = await forms();
    await userEvent.selectOptions(form.getByLabelText('Source'), 'vedirect');
    expect(form.queryByTestId('charger-simulated-hint')).not.toBeInTheDocument();
    const add = form.getByRole('button', { name: 'Add a charge controller' });
    // One row, which cannot be removed.
    expect(form.getByLabelText('Charge controller 1')).toHaveValue('');
    expect(form.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await userEvent.click(add);
    await userEvent.click(add);
    expect(add).toBeDisabled();
    await userEvent.type(form.getByLabelText('Charge controller 1'), '/dev/ttyUSB1');
    await userEvent.type(form.getByLabelText('Charge controller 2'), '/dev/ttyUSB9');
    await userEvent.type(form.getByLabelText('Charge controller 3'), '/dev/ttyUSB2');
    await userEvent.click(form.getByRole('button', { name: 'Remove Charge controller 2' }));
    expect(add).toBeEnabled();
    expect(form.getByLabelText('Charge controller 2')).toHaveValue('/dev/ttyUSB2');
    await userEvent.click(form.getByRole('button', { name: 'Save charge controllers' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/solarcharger/config',
          data: { ...chargers, source: 'vedirect', vedirect: { devices: ['/dev/ttyUSB1', '/dev/ttyUSB2'] } },
        },
      ]),
    );
  });

  it('refuses a device that is no path on its row, translated, and sends nothing', async () => {
    const posted = serveApi(answers);
    const { chargers: form } = await forms();
    await userEvent.selectOptions(form.getByLabelText('Source'), 'vedirect');
    await userEvent.type(form.getByLabelText('Charge controller 1'), 'ttyUSB1');
    await userEvent.click(form.getByRole('button', { name: 'Save charge controllers' }));
    expect(
      await form.findByText(
        'A serial device must be a path such as /dev/ttyUSB0 (at most 128 characters), each named once.',
      ),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Charge controller 1')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('shows the MQTT topics of the solar power and the battery voltage with their units only for MQTT', async () => {
    serveApi(answers);
    const { chargers: form } = await forms();
    expect(form.queryByLabelText('Topic')).not.toBeInTheDocument();
    await userEvent.selectOptions(form.getByLabelText('Source'), 'mqtt');
    expect(form.getAllByLabelText('Topic')).toHaveLength(2);
    const power = within(form.getByRole('group', { name: 'Solar power' }));
    expect(
      within(power.getByLabelText('Unit'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['W', 'kW']);
    expect(form.queryByRole('button', { name: 'Add a charge controller' })).not.toBeInTheDocument();
  });
});
