import { detail, hints, summary, value } from '@dtu-console/contract/livedata/fixtures';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBasic, setUser } from '../../src/api/auth';
import { MemoryRouter } from '../../src/lib/navigation';
import LiveViewPage from '../../src/pages/LiveViewPage';
import type { LiveInverter, LiveSnapshot } from '../../src/ws/livedata';
import { renderWithProviders, staticLiveSource } from '../helpers/render';

/** What the page asks of its live-data source. */
const live = { reload: vi.fn(), loadDetail: vi.fn() };

/** Renders the page with a live-data source that holds this snapshot. */
function show(inverters: LiveInverter[], patch: Partial<LiveSnapshot> = {}) {
  const snapshot: LiveSnapshot = {
    loading: false,
    online: true,
    error: null,
    total: {
      Power: value(512.3, 'W'),
      YieldDay: value(2717, 'Wh', 0),
      YieldTotal: value(1962.975, 'kWh', 3),
    },
    hints,
    inverters,
    ...patch,
  };
  const liveSource = { ...staticLiveSource(snapshot), reload: live.reload, loadDetail: live.loadDetail };
  return renderWithProviders(
    <MemoryRouter>
      <LiveViewPage />
    </MemoryRouter>,
    { liveSource },
  );
}

beforeEach(() => {
  live.reload.mockReset();
  live.loadDetail.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('live view', () => {
  it('shows totals, name, serial, limit in W and %, data age, and no pills for one inverter', () => {
    show([detail('116180216880', { name: 'Garage', data_age: 3, limit_absolute: 800, limit_relative: 100 })]);
    expect(screen.getByTestId('total-yieldTotal')).toHaveTextContent('1,962.975 kWh');
    expect(screen.getByTestId('total-yieldDay')).toHaveTextContent('2,717 Wh');
    expect(screen.getByTestId('total-power')).toHaveTextContent('512.3 W');
    expect(screen.getByRole('heading', { level: 2, name: 'Garage' })).toBeInTheDocument();
    expect(screen.getByText('Serial number: 116180216880')).toBeInTheDocument();
    expect(screen.getByTestId('inverter-limit')).toHaveTextContent('Current limit: 800 W (100.0 %)');
    expect(screen.getByTestId('inverter-age')).toHaveTextContent('Data age: 3 s');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows only the percentage while the absolute limit is unknown', () => {
    show([detail('116180216880', { limit_absolute: -1, limit_relative: 55.5 })]);
    expect(screen.getByTestId('inverter-limit')).toHaveTextContent('Current limit: 55.5 %');
  });

  it('lists several inverters as pills with their state icon and switches between them', async () => {
    show([
      detail('111', { name: 'East', order: 0, reachable: false, producing: false }),
      detail('222', { name: 'West', order: 1, reachable: true, producing: false }),
      detail('333', { name: 'South', order: 2 }),
    ]);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['East', 'West', 'South']);
    expect(tabs.map((tab) => tab.querySelector('[data-icon]')?.getAttribute('data-icon'))).toEqual([
      'cross',
      'exclamation',
      'check',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { level: 2 })).toHaveTextContent('East');
    await userEvent.click(tabs[2]!);
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { level: 2 })).toHaveTextContent(
      'South',
    );
    expect(within(screen.getByRole('tablist')).getAllByRole('tab')[2]).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The history card closes the page, closed: its chart is not loaded until it is opened.
    expect(screen.getByRole('button', { name: 'History' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    [{ poll_enabled: false, reachable: false, producing: false }, 'tertiary', 'bg-body-tertiary'],
    [{ poll_enabled: true, reachable: false, producing: false }, 'danger', 'text-bg-danger'],
    [{ poll_enabled: true, reachable: true, producing: false }, 'warning', 'text-bg-warning'],
    [{ poll_enabled: true, reachable: true, producing: true }, 'primary', 'text-bg-primary'],
  ])('colours the header for %o as %s', (state, variant, className) => {
    const { container } = show([detail('111', state)]);
    const header = container.querySelector('.inverter-header');
    expect(header).toHaveAttribute('data-variant', variant);
    expect(header).toHaveClass(className);
  });

  it('disables limit and power while signed out and enables them when signed in', () => {
    show([detail('111')]);
    expect(screen.getByRole('button', { name: 'Limit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Power' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Device info' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Grid profile' })).toBeEnabled();
    act(() => setUser({ username: 'admin', authdata: encodeBasic('admin', 'secret99') }));
    expect(screen.getByRole('button', { name: 'Limit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Power' })).toBeEnabled();
  });

  it('offers no grid profile for an inverter read through a Wi-Fi device, which does not report one', () => {
    show([detail('111', { connection: 'wifi' })]);
    expect(screen.getByRole('button', { name: 'Device info' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grid profile' })).toBeNull();
  });

  it('says an MI does not report its limit, with the reason, instead of 0 W (0.0 %)', () => {
    // 1061… is an MI-1500 of generation 2 (the serial names the type).
    show([detail('106112345678', { limit_absolute: 0, limit_relative: 0 })]);
    const limit = screen.getByTestId('inverter-limit');
    expect(limit).toHaveTextContent(/^Current limit: not reported/);
    expect(limit).not.toHaveTextContent('0 W');
    expect(limit).toHaveAttribute('title', expect.stringMatching(/does not report its limit/));
    expect(screen.getByTestId('inverter-limit-reason')).toHaveTextContent(/An MI inverter does not report/);
  });

  it('offers no grid profile for an MI, which has none', () => {
    show([detail('106112345678')]);
    expect(screen.getByRole('button', { name: 'Device info' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grid profile' })).toBeNull();
  });

  it('offers the event log only when the count is 0 or more, with the count as a badge', () => {
    const { unmount } = show([detail('111', { events: 3 })]);
    expect(screen.getByRole('button', { name: /Event log/ })).toBeInTheDocument();
    expect(screen.getByTestId('event-count')).toHaveTextContent('3');
    unmount();
    const second = show([detail('111', { events: 0 })]);
    expect(screen.getByTestId('event-count')).toHaveTextContent('0');
    second.unmount();
    show([detail('111', { events: -1 })]);
    expect(screen.queryByRole('button', { name: /Event log/ })).not.toBeInTheDocument();
  });

  it('shows INV, AC and DC cards, names strings from name.u, hides strings without irradiation', () => {
    show([
      detail('111', {
        AC: { '0': { Power: value(500, 'W') } },
        DC: {
          '0': {
            name: { u: 'South' },
            Power: value(260, 'W'),
            Irradiation: { v: 65.463, u: '%', d: 3, max: 410 },
          },
          '1': { name: { u: 'Shade' }, Power: value(10, 'W') },
          '2': { name: { u: '' }, Power: value(240, 'W'), Irradiation: { v: 60, u: '%', d: 3, max: 400 } },
        },
      }),
    ]);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Inverter', 'Phase 1', 'South', 'String 3']);
    expect(screen.getByText('65.463 %')).toBeInTheDocument();
    expect(screen.getByText('of 410 Wp')).toBeInTheDocument();
    expect(screen.getByText('Temperature')).toBeInTheDocument();
    expect(screen.getByText('38.4 °C')).toBeInTheDocument();
  });

  it('waits for channel data (up to 10 s) and asks for the inverter in detail', () => {
    show([summary('111')]);
    expect(screen.getByText(/Waiting for data.*10 seconds/)).toBeInTheDocument();
    expect(live.loadDetail).toHaveBeenCalledWith('111');
  });

  it('shows the hints with links to the NTP and security settings', () => {
    show([detail('111')], {
      hints: { time_sync: true, radio_problem: true, default_password: true, pin_mapping_issue: false },
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('radio module cannot be reached');
    expect(alert).toHaveTextContent('clock is not set');
    expect(alert).toHaveTextContent('longer than a minute');
    expect(within(alert).getByRole('link', { name: 'Check the time settings' })).toHaveAttribute(
      'href',
      '/settings/ntp',
    );
    expect(within(alert).getByRole('link', { name: 'Change the password' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
  });

  it('notes a simulated radio quietly, without a warning', () => {
    show([detail('111')], { hints: { ...hints, radio_simulated: true } });
    expect(screen.getByRole('note')).toHaveTextContent('the inverters shown here are simulated');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no hints banner when nothing is wrong, and the online marker', () => {
    show([detail('111')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Live connection active' })).toHaveClass('live-marker-online');
  });

  it('shows the spinner instead of the content while loading, and reloads by the button', async () => {
    show([], { loading: true, total: null, hints: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText(/No inverters/)).not.toBeInTheDocument();
  });

  it('says when no inverter is configured', async () => {
    show([]);
    expect(screen.getByText('No inverters are configured yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an inverter' })).toHaveAttribute(
      'href',
      '/settings/inverter',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(live.reload).toHaveBeenCalledOnce();
  });
});
