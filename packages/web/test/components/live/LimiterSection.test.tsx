/** The live view's limiter card: offered only when it applies, loaded when opened. */
import type { PowerLimiterStatus, PowerLimiterTrace } from '@dtu-console/contract/powerlimiter/api';
import { batteryLimiterStatus, gridSignalStatus } from '@dtu-console/contract/powerlimiter/fixtures';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LimiterSection } from '../../../src/components/live/LimiterSection';
import { POWERLIMITER_NS } from '../../../src/i18n';
import type { LiveInverter } from '../../../src/ws/livedata';
import {
  askedPaths,
  failedCardRead,
  heldCardRead,
  renderSection,
  serveCardRead,
  setUpSectionTests,
} from '../../helpers/live-section';
import { serveApi } from '../../helpers/settings-helpers';

const HM = '114172220003';
const INVERTERS = [{ serial: HM, name: 'Roof' }] as unknown as LiveInverter[];
const NOW = Date.UTC(2026, 5, 21, 10);

function status(overrides: Partial<PowerLimiterStatus> = {}): PowerLimiterStatus {
  return {
    enabled: true,
    state: 'regulating',
    grid_power: -12.5,
    grid_power_age_ms: 400,
    target: -20,
    persistent_commands: 0,
    inverters: [
      {
        serial: HM,
        governed: true,
        behind_power_meter: true,
        role: 'solar',
        limit_w: 420,
        output_w: 419.6,
        sun_limited_w: null,
        commands_last_hour: 7,
        failing: false,
        lease_until: null,
      },
    ],
    feed_in: {
      module_power_wp: 2000,
      cap_w: null,
      signal_w: null,
      export_limit_w: null,
      binding: 'zero_export',
      production_cap_w: null,
      grid_signal: gridSignalStatus(),
    },
    battery: null,
    mode: 'normal',
    ...overrides,
  };
}

const trace: PowerLimiterTrace = {
  window_ms: 900_000,
  spacing_ms: 5000,
  points: [0, 5, 10].map((s) => ({ time: NOW + s * 1000, grid_power: -10, production: 800, limit: 820 })),
};
const meter = { enabled: true, source: 'simulated', valid: true, problem: null };

setUpSectionTests(POWERLIMITER_NS);

const show = () => renderSection(<LimiterSection inverters={INVERTERS} />);

describe('limiter section of the live view', () => {
  it('is not offered while the limiter is off and no meter gives readings', async () => {
    serveApi({ '/api/powerlimiter/status': status({ enabled: false, state: 'off', grid_power: null }) });
    show();
    await waitFor(() => expect(askedPaths()).toEqual(['/api/powerlimiter/status']));
    expect(screen.queryByRole('button', { name: 'Power limiter' })).not.toBeInTheDocument();
  });

  it('is offered closed, asks only the status, and shows the card with its chart when opened', async () => {
    serveApi({
      '/api/powerlimiter/status': status(),
      '/api/powermeter/status': meter,
      '/api/powerlimiter/trace': trace,
    });
    show();
    const toggle = await screen.findByRole('button', { name: 'Power limiter' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(askedPaths()).toEqual(['/api/powerlimiter/status']);
    await userEvent.click(toggle);
    expect(await screen.findByTestId('limiter-state', {}, { timeout: 15_000 })).toHaveTextContent(
      'Regulating',
    );
    expect(screen.getByTestId('limiter-grid')).toHaveTextContent('-12.5 W');
    expect(screen.getByRole('row', { name: /Roof/ })).toHaveTextContent('420 W');
    expect(await screen.findByRole('img', { name: /last 15 minutes/ })).toBeInTheDocument();
    expect(localStorage.getItem('limiterOpen')).toBe('1');
    // The meter's counters are shown only where its source reports them: the simulated meter does not.
    expect(screen.queryByTestId('limiter-energy-import')).not.toBeInTheDocument();
    expect(screen.queryByTestId('limiter-energy-export')).not.toBeInTheDocument();
    // The first import of the card and chart modules is slow in a cold test run.
  }, 30_000);

  it("shows the meter's own counters where its source reports them", async () => {
    localStorage.setItem('limiterOpen', '1');
    serveApi({
      '/api/powerlimiter/status': status(),
      '/api/powermeter/status': {
        ...meter,
        source: 'sml',
        energy_import_wh: 1_234_567,
        energy_export_wh: 89_012,
      },
      '/api/powerlimiter/trace': trace,
    });
    show();
    expect(await screen.findByTestId('limiter-energy-import', {}, { timeout: 15_000 })).toHaveTextContent(
      '1,234.6 kWh',
    );
    expect(screen.getByTestId('limiter-energy-export')).toHaveTextContent('89.0 kWh');
    expect(screen.getByText('Drawn, meter total')).toBeInTheDocument();
  }, 30_000);

  it("shows today's energy the gateway counted, and asks for it only once the card is open", async () => {
    serveApi({
      '/api/powerlimiter/status': status(),
      '/api/powermeter/status': meter,
      '/api/powerlimiter/trace': trace,
      '/api/powerlimiter/energy': {
        date: '2026-06-21',
        grid: { in_wh: 812, out_wh: 2345.6, since: NOW / 1000 - 3600, counted_s: 3600, method: 'power' },
        battery: null,
      },
    });
    show();
    const toggle = await screen.findByRole('button', { name: 'Power limiter' });
    expect(askedPaths()).not.toContain('/api/powerlimiter/energy');
    await userEvent.click(toggle);
    expect(await screen.findByTestId('limiter-energy-drawn', {}, { timeout: 15_000 })).toHaveTextContent(
      '0.81 kWh',
    );
    expect(screen.getByTestId('limiter-energy-fed-in')).toHaveTextContent('2.35 kWh');
  }, 30_000);

  it('shows a spinner, never an empty card, while the opened card waits for its first answer', async () => {
    localStorage.setItem('limiterOpen', '1');
    const card = heldCardRead();
    const calls = serveCardRead({
      path: '/api/powerlimiter/status',
      status: status(),
      cardRead: card.read,
      others: (path) => (path === '/api/powermeter/status' ? meter : trace),
    });
    const { container } = show();
    await waitFor(() => expect(calls()).toBe(2), { timeout: 15_000 });
    const section = screen.getByTestId('limiter-section');
    expect(section.querySelector('.spinner-border')).not.toBeNull();
    expect(screen.queryByTestId('limiter-card')).not.toBeInTheDocument();
    card.answer(status());
    expect(await screen.findByTestId('limiter-state')).toHaveTextContent('Regulating');
    expect(container.querySelector('.spinner-border')).toBeNull();
  }, 30_000);

  it('says why when the opened card cannot read the limiter', async () => {
    localStorage.setItem('limiterOpen', '1');
    serveCardRead({
      path: '/api/powerlimiter/status',
      status: status(),
      cardRead: failedCardRead,
      others: (path) => (path === '/api/powermeter/status' ? meter : trace),
    });
    show();
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      "The power limiter's state could not be read",
    );
    expect(screen.getByTestId('limiter-section').querySelector('.spinner-border')).toBeNull();
  }, 30_000);

  it('names the battery rule in force with the figures the battery reports, and marks battery-fed rows', async () => {
    localStorage.setItem('limiterOpen', '1');
    const fed = status().inverters.map((inv) => ({ ...inv, role: 'battery' as const }));
    serveApi({
      '/api/powerlimiter/status': status({
        inverters: fed,
        battery: batteryLimiterStatus({
          soc: 72,
          voltage: null,
          corrected_voltage: null,
          solar_power: null,
          cap_w: null,
        }),
      }),
      '/api/powermeter/status': meter,
      '/api/powerlimiter/trace': trace,
    });
    show();
    expect(await screen.findByTestId('limiter-battery-rule', {}, { timeout: 15_000 })).toHaveTextContent(
      'Discharging',
    );
    const summary = screen.getByTestId('limiter-battery');
    expect(summary).toHaveTextContent('72 %');
    expect(summary).toHaveTextContent('no cap');
    // Not reported: no solar power figure, never a 0.
    expect(summary).not.toHaveTextContent('Solar power');
    expect(summary).not.toHaveTextContent(/\b0 W/);
    expect(screen.getByRole('row', { name: /Roof/ })).toHaveTextContent('fed from the battery');
  }, 30_000);

  it('shows no battery rule while no inverter is battery-fed', async () => {
    localStorage.setItem('limiterOpen', '1');
    serveApi({
      '/api/powerlimiter/status': status(),
      '/api/powermeter/status': meter,
      '/api/powerlimiter/trace': trace,
    });
    show();
    await screen.findByTestId('limiter-state', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('limiter-battery')).not.toBeInTheDocument();
  }, 30_000);
});
