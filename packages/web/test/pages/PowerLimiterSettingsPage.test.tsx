/** /settings/powerlimiter: each inverter's role, and the battery rules once one is fed from the battery. */
import type { InverterConfig } from '@dtu-console/contract/inverter/api';
import { batteryLimiterConfig, powerLimiterConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { POWERLIMITER_NS } from '../../src/i18n';
import PowerLimiterSettingsPage from '../../src/pages/PowerLimiterSettingsPage';
import { switchedOffMeter } from '../helpers/powermeter-fixtures';
import { renderScreen, serveApi, stubApi } from '../helpers/settings-helpers';

stubApi();
beforeAll(async () => {
  await i18n.loadNamespaces(POWERLIMITER_NS);
});

const HMS = '116683554321';
const limiter = powerLimiterConfig({
  enabled: true,
  inverters: [
    {
      serial: HMS,
      governed: true,
      behind_power_meter: true,
      lower_power_limit: 0,
      upper_power_limit: 0,
      role: 'solar',
    },
  ],
});
const answers = {
  '/api/powermeter/config': switchedOffMeter,
  '/api/powerlimiter/config': limiter,
  '/api/inverter/list': {
    inverter: [{ serial: HMS, name: 'Garage', order: 0, channel: [] } as unknown as InverterConfig],
  },
  '/api/wifi/status': { devices: [] },
};

describe('power limiter settings with a battery', () => {
  it('offers the battery rules once an inverter is fed from the battery, and saves both', async () => {
    const posted = serveApi(answers);
    renderScreen(PowerLimiterSettingsPage);
    expect(await screen.findByTestId('limiter-battery-hint')).toHaveTextContent('fed from the battery');
    expect(screen.queryByTestId('limiter-battery-rules')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Fed by: Garage'), 'battery');
    expect(await screen.findByTestId('limiter-battery-rules')).toBeInTheDocument();
    // Passthrough's own fields show only while it is on.
    expect(screen.queryByLabelText('Kept for the battery')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Solar passthrough'));
    const margin = screen.getByLabelText('Kept for the battery');
    await userEvent.clear(margin);
    await userEvent.type(margin, '50');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({
      inverters: [{ serial: HMS, role: 'battery' }],
      battery: { ...batteryLimiterConfig(), passthrough: { enabled: true, margin_w: 50, full_soc: 100 } },
    });
  });

  it('refuses a stop threshold above the start with the translated code on its field, and posts nothing', async () => {
    const posted = serveApi({
      ...answers,
      '/api/powerlimiter/config': { ...limiter, inverters: [{ ...limiter.inverters[0]!, role: 'battery' }] },
    });
    renderScreen(PowerLimiterSettingsPage);
    const stop = await screen.findByLabelText('Stop discharging at');
    await userEvent.clear(stop);
    await userEvent.type(stop, '90');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(/stop below the start/)).toBeInTheDocument();
    expect(screen.getByLabelText('Stop discharging at')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Start discharging at')).not.toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('loads a config from an older gateway without battery rules or roles: fed by its panels, the defaults offered', async () => {
    const { battery: _battery, ...older } = limiter;
    const posted = serveApi({
      ...answers,
      '/api/powerlimiter/config': {
        ...older,
        inverters: older.inverters.map(({ role: _role, ...inv }) => inv),
      },
    });
    renderScreen(PowerLimiterSettingsPage);
    const role = await screen.findByLabelText('Fed by: Garage');
    expect(role).toHaveValue('solar');
    await userEvent.selectOptions(role, 'battery');
    expect(await screen.findByLabelText('Start discharging at')).toHaveValue(80);
    expect(screen.getByLabelText('Stop discharging at')).toHaveValue(20);
    expect(screen.getByLabelText('Start at voltage')).toHaveValue(0);
    expect(screen.getByTestId('limiter-battery-rules')).toHaveTextContent('0 = not used');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({ battery: batteryLimiterConfig() });
  });
});
