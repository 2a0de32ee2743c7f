import { alertsConfig } from '@dtu-console/contract/alerts/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AlertSettingsPage from '../../src/pages/AlertSettingsPage';
import { envelope, renderScreen, serveApi, stubApi } from '../helpers/settings-helpers';

const config = alertsConfig({ ntfy_url: '********' });
const answers = { '/api/alerts/config': config };

stubApi();

/** The card of one rule, found by its title. */
async function card(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  return within(heading.closest('section') as HTMLElement);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('alert settings: the power limiter’s rules', () => {
  it('shows the meter and limiter rules with their switch and minutes', async () => {
    serveApi(answers);
    renderScreen(AlertSettingsPage);
    const meter = await card('Meter without reading');
    expect(meter.getByLabelText('On')).toBeChecked();
    expect(meter.getByLabelText('For longer than')).toHaveValue(5);
    expect(meter.getByText(/gives no valid reading/)).toBeInTheDocument();
    const limiter = await card('Limiter in fallback');
    expect(limiter.getByLabelText('On')).toBeChecked();
    expect(limiter.getByLabelText('For longer than')).toHaveValue(5);
  });

  it('refuses minutes outside the bounds with the contract’s message and sends nothing', async () => {
    const posted = serveApi(answers);
    renderScreen(AlertSettingsPage);
    const field = (await card('Limiter in fallback')).getByLabelText('For longer than');
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await save();
    expect(await screen.findByText('Minutes must be between 1 and 1440.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('sends the switched-off meter rule and new limiter minutes with the rest, the masked URL as it came', async () => {
    const posted = serveApi(answers, envelope(1001));
    renderScreen(AlertSettingsPage);
    const meter = await card('Meter without reading');
    await userEvent.click(meter.getByLabelText('On'));
    const minutes = (await card('Limiter in fallback')).getByLabelText('For longer than');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '12');
    await save();
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/alerts/config',
          data: { ...config, meter_enabled: false, limiter_minutes: 12 },
        },
      ]),
    );
    expect(await screen.findByTestId('form-alert')).toHaveClass('alert-success');
  });
});
