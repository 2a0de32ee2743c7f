/** The live view's battery card: offered while the battery is on, loaded when opened, nothing shown as 0. */
import type { BatteryStatus } from '@dtu-console/contract/battery/api';
import { batteryStatus, solarChargerStatus, solarChargerUnit } from '@dtu-console/contract/battery/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BatterySection } from '../../../src/components/live/BatterySection';
import { BATTERY_NS } from '../../../src/i18n';
import {
  askedPaths,
  failedCardRead,
  heldCardRead,
  renderSection,
  serveCardRead,
  setUpSectionTests,
} from '../../helpers/live-section';
import { serveApi } from '../../helpers/settings-helpers';

const chargers = solarChargerStatus({
  chargers: [
    solarChargerUnit(),
    solarChargerUnit({ id: '/dev/ttyUSB2', product: null, solar_power: 310, charge_state: 'float' }),
  ],
});

setUpSectionTests(BATTERY_NS);

const show = () => renderSection(<BatterySection />);

/** The card opened from a stored choice, with these answers. */
async function openCard(status: BatteryStatus, solar: unknown = chargers) {
  localStorage.setItem('batteryOpen', '1');
  serveApi({ '/api/battery/status': status, '/api/solarcharger/status': solar });
  show();
  return within(await screen.findByTestId('battery-card', {}, { timeout: 15_000 }));
}

describe('battery section of the live view', () => {
  it('is not offered while the battery is switched off', async () => {
    serveApi({ '/api/battery/status': batteryStatus({ enabled: false, problem: null }) });
    show();
    await waitFor(() => expect(askedPaths()).toEqual(['/api/battery/status']));
    expect(screen.queryByRole('button', { name: 'Battery' })).not.toBeInTheDocument();
  });

  it('is offered closed, asks only the status, and shows the battery and its chargers when opened', async () => {
    serveApi({ '/api/battery/status': batteryStatus(), '/api/solarcharger/status': chargers });
    show();
    const toggle = await screen.findByRole('button', { name: 'Battery' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(askedPaths()).toEqual(['/api/battery/status']);
    await userEvent.click(toggle);
    const card = within(await screen.findByTestId('battery-card', {}, { timeout: 15_000 }));
    expect(localStorage.getItem('batteryOpen')).toBe('1');
    expect(card.getByTestId('battery-soc')).toHaveTextContent('81 %');
    expect(card.getByRole('progressbar', { name: 'State of charge' })).toHaveAttribute('aria-valuenow', '81');
    expect(card.getByTestId('battery-power')).toHaveTextContent('643 W');
    expect(card.getByTestId('battery-direction')).toHaveTextContent('discharging');
    expect(card.getByTestId('battery-voltage')).toHaveTextContent('52.31 V');
    expect(card.getByTestId('battery-current')).toHaveTextContent('-12.3 A');
    expect(card.getByTestId('battery-temperature')).toHaveTextContent('24.5 °C');
    expect(card.getByTestId('battery-limits')).toHaveTextContent(/Charge current up to\s*50 A/);
    expect(card.getByTestId('battery-limits')).toHaveTextContent(/Discharge current up to\s*100 A/);
    expect(card.getByTestId('battery-age')).toHaveTextContent('Data age: 1.0 s');
    expect(card.queryByTestId('battery-simulated')).not.toBeInTheDocument();
    expect(card.queryByTestId('battery-alarms')).not.toBeInTheDocument();
    // The charge controllers: their solar power together, each one's state.
    expect(card.getByTestId('battery-solar-total')).toHaveTextContent('1,155 W');
    expect(card.getAllByTestId('battery-charger').map((row) => row.textContent)).toEqual([
      'SmartSolar MPPT 150|70 · Bulk · 845 W',
      'Charge controller 2 · Float · 310 W',
    ]);
  }, 30_000);

  it('says the direction in words and marks the simulated battery plainly', async () => {
    const card = await openCard(
      batteryStatus({ simulated: true, source: 'simulated', power: 812, current: 15.5 }),
    );
    expect(card.getByTestId('battery-simulated')).toHaveTextContent('Simulated');
    expect(card.getByTestId('battery-power')).toHaveTextContent('812 W');
    expect(card.getByTestId('battery-direction')).toHaveTextContent('charging');
  }, 30_000);

  it('shows a value the source does not report as "not reported", never as 0', async () => {
    const card = await openCard(
      batteryStatus({
        soc: null,
        power: null,
        current: null,
        temperature: null,
        charge_current_limit: null,
        discharge_current_limit: null,
        data_age: null,
      }),
      solarChargerStatus({
        total_solar_power: null,
        chargers: [solarChargerUnit({ solar_power: null, charge_state: null })],
      }),
    );
    expect(card.getByTestId('battery-soc')).toHaveTextContent('not reported');
    expect(card.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(card.getByTestId('battery-power')).toHaveTextContent('not reported');
    expect(card.queryByTestId('battery-direction')).not.toBeInTheDocument();
    expect(card.getByTestId('battery-current')).toHaveTextContent('not reported');
    // Said in plain text, not as a figure.
    expect(card.getByTestId('battery-current')).toHaveClass('text-body-secondary');
    expect(card.getByTestId('battery-voltage')).toHaveClass('fs-5');
    expect(card.getByTestId('battery-temperature')).toHaveTextContent('not reported');
    expect(card.queryByTestId('battery-limits')).not.toBeInTheDocument();
    expect(card.queryByTestId('battery-age')).not.toBeInTheDocument();
    expect(card.getByTestId('battery-solar-total')).toHaveTextContent('not reported');
    expect(card.getByTestId('battery-charger')).toHaveTextContent('not reported · not reported');
    expect(screen.getByTestId('battery-card').textContent).not.toMatch(
      /(?:^|[^\d.,])0(?:[.,]0+)?\s?(?:%|W\b|A\b|°C)/,
    );
  }, 30_000);

  it('shows the alarms in red and the warnings in yellow, translated, an unknown key as it came', async () => {
    const card = await openCard(
      batteryStatus({
        alarms: ['cell_undervoltage', 'protection_309_a'],
        warnings: ['low_soc', 'stop_charge'],
      }),
    );
    const alarms = card.getAllByTestId('battery-alarm');
    expect(alarms.map((badge) => badge.textContent)).toEqual([
      'Alarm: Cell undervoltage',
      'Alarm: protection_309_a',
    ]);
    for (const badge of alarms) expect(badge).toHaveClass('text-bg-danger');
    const warnings = card.getAllByTestId('battery-warning');
    expect(warnings.map((badge) => badge.textContent)).toEqual([
      'Warning: Low state of charge',
      'Warning: The BMS stops charging',
    ]);
    for (const badge of warnings) expect(badge).toHaveClass('text-bg-warning');
  }, 30_000);

  it('says why the battery gives no reading', async () => {
    const card = await openCard(
      batteryStatus({ stale: true, problem: { code: 'stale', detail: 'last reading 45 s ago' } }),
    );
    expect(card.getByTestId('battery-problem')).toHaveTextContent('The last reading is too old.');
  }, 30_000);

  it('shows a spinner, never an empty card, while the opened card waits for its first answer', async () => {
    localStorage.setItem('batteryOpen', '1');
    const card = heldCardRead();
    const calls = serveCardRead({
      path: '/api/battery/status',
      status: batteryStatus(),
      cardRead: card.read,
      others: () => chargers,
    });
    const { container } = show();
    await waitFor(() => expect(calls()).toBe(2), { timeout: 15_000 });
    const section = screen.getByTestId('battery-section');
    expect(section.querySelector('.spinner-border')).not.toBeNull();
    expect(screen.queryByTestId('battery-card')).not.toBeInTheDocument();
    card.answer(batteryStatus());
    expect(await screen.findByTestId('battery-soc')).toHaveTextContent('81 %');
    expect(container.querySelector('.spinner-border')).toBeNull();
  }, 30_000);

  it('says why when the opened card cannot read the battery', async () => {
    localStorage.setItem('batteryOpen', '1');
    serveCardRead({
      path: '/api/battery/status',
      status: batteryStatus(),
      cardRead: failedCardRead,
      others: () => chargers,
    });
    show();
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      "The battery's state could not be read: Service Unavailable",
    );
    expect(screen.getByTestId('battery-section').querySelector('.spinner-border')).toBeNull();
  }, 30_000);
});
