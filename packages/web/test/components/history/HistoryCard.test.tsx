import type { HistoryEnergySeries, HistoryPowerSeries } from '@dtu-console/contract/history/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryCard from '../../../src/components/history/HistoryCard';
import { HistorySection } from '../../../src/components/live/HistorySection';
import { MemoryRouter } from '../../../src/lib/navigation';
import { queryClient } from '../../../src/lib/query';
import type { LiveInverter } from '../../../src/ws/livedata';
import { envelope, fetchMock, serveApi } from '../../helpers/settings-helpers';

const INVERTERS = [
  { serial: '114172220003', name: 'Roof' },
  { serial: '116683554321', name: 'Carport' },
];
const NTP = { ntp_localtime: 'Sunday, June 21 2026 12:00:06', ntp_status: true };
const MIDNIGHT = Date.UTC(2026, 5, 20, 22) / 1000;

function power(date: string, values: Array<number | null>): HistoryPowerSeries {
  const step = 86400 / values.length;
  return {
    from: MIDNIGHT,
    to: MIDNIGHT + 86400,
    step,
    date,
    timezone: 'Europe/Berlin',
    time: values.map((_, i) => MIDNIGHT + i * step),
    plant: values,
    inverters: [
      { serial: '114172220003', name: 'Roof', power: values.map((v) => (v === null ? null : v / 2)) },
      { serial: '116683554321', name: 'Carport', power: values.map((v) => (v === null ? null : v / 2)) },
    ],
  };
}

function energy(
  range: 'month' | 'year',
  date: string,
  periods: string[],
  plant: number[],
): HistoryEnergySeries {
  return { range, date, timezone: 'Europe/Berlin', periods, plant, inverters: [] };
}

/** Paths the card asked for, in order. */
const asked = () =>
  fetchMock.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://dtu.local');
    return url.pathname + url.search;
  });

function show() {
  return render(
    <MemoryRouter>
      <HistoryCard inverters={INVERTERS} />
    </MemoryRouter>,
  );
}

let saved: { name: string; blob: Blob } | null = null;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  saved = null;
  let blob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blob = b;
        return 'blob:csv';
      },
      revokeObjectURL() {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) saved = { name: this.download, blob };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  queryClient.clear();
});

describe('history card', () => {
  it("opens on the gateway's today with the plant's curve, its energy and peak, and a line per inverter", async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 1000, 3000, null]),
    });
    show();
    const chart = await screen.findByRole('img', { name: 'Power of Plant on 06/21/2026' });
    expect(chart.querySelectorAll('path.history-line')).toHaveLength(3);
    // Each series' values run over two steps, then a gap: lines, no lone dots.
    expect(chart.querySelectorAll('circle')).toHaveLength(0);
    // Without a stored day, 6-hour steps: (1000 + 3000) W × 6 h = 24 kWh; the null step adds nothing.
    expect(screen.getByTestId('history-total')).toHaveTextContent('Energy: 24.00 kWh · Peak: 3,000 W');
    expect(screen.getByLabelText('Choose a day')).toHaveValue('2026-06-21');
    expect(screen.getByRole('button', { name: 'Later' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
  });

  it("gives a day's energy from the stored daily energy (the inverters' counters), not the curve", async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 1000, 3000, null]),
      '/api/v2/history/energy?range=month&date=2026-06': energy(
        'month',
        '2026-06',
        ['2026-06-20', '2026-06-21'],
        [5000, 40],
      ),
    });
    show();
    await screen.findByRole('img', { name: 'Power of Plant on 06/21/2026' });
    await waitFor(() =>
      expect(screen.getByTestId('history-total')).toHaveTextContent('Energy: 0.040 kWh · Peak: 3,000 W'),
    );
  });

  it('walks to earlier days and back, and never past today', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 100]),
      '/api/v2/history/power?date=2026-06-20': power('2026-06-20', [0, 200]),
      '/api/v2/history/power?date=2026-06-19': power('2026-06-19', [0, 300]),
    });
    show();
    await screen.findByRole('img', { name: /06\/21\/2026/ });
    await userEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    await screen.findByRole('img', { name: /06\/19\/2026/ });
    expect(screen.getByRole('button', { name: 'Later' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByRole('img', { name: /06\/21\/2026/ });
    expect([...new Set(asked().filter((path) => path.startsWith('/api/v2/history/power')))]).toEqual([
      '/api/v2/history/power?date=2026-06-21',
      '/api/v2/history/power?date=2026-06-20',
      '/api/v2/history/power?date=2026-06-19',
    ]);
    // The month of those days once, for their stored energy.
    expect(asked().filter((path) => path.startsWith('/api/v2/history/energy'))).toContain(
      '/api/v2/history/energy?range=month&date=2026-06',
    );
  });

  it('asks for one inverter by serial and shows its strings', async () => {
    const single = power('2026-06-21', [0, 400]);
    single.inverters = [
      {
        serial: '116683554321',
        name: 'Carport',
        power: [0, 400],
        strings: [
          { channel: 0, name: '', power: [0, 250] },
          { channel: 1, name: 'West', power: [0, 150] },
        ],
      },
    ];
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 100]),
      '/api/v2/history/power?date=2026-06-21&serial=116683554321': single,
    });
    show();
    await screen.findByRole('img', { name: /Plant/ });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Carport');
    await screen.findByRole('img', { name: 'Power of Carport on 06/21/2026' });
    expect(screen.getByText('String 1')).toBeInTheDocument();
    expect(screen.getByText('West')).toBeInTheDocument();
  });

  it('draws a dot for a point without neighbours (the first minutes of a day)', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [null, null, 2277, null]),
    });
    show();
    const chart = await screen.findByRole('img', { name: /Plant/ });
    // The plant and both inverters each have one lone point.
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    // A pointer a little off the lone point still reads it.
    chart.getBoundingClientRect = () => ({ left: 0, top: 0, width: 640, height: 240 }) as DOMRect;
    const lone = Number(chart.querySelector('circle')?.getAttribute('cx'));
    await userEvent.pointer({ target: chart, coords: { clientX: lone + 10, clientY: 100 } });
    expect(within(screen.getByTestId('history-readout')).getByText('2,277 W')).toBeInTheDocument();
  });

  it('says so when a day has no data, and offers no CSV', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [null, null, null]),
    });
    show();
    expect(await screen.findByText('No power was recorded on this day.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
  });

  it('shows a refused query as its translated code', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/history/')
        ? new Response(JSON.stringify(envelope(13007, 'warning')), { status: 400, statusText: 'Bad Request' })
        : new Response(JSON.stringify(NTP)),
    );
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The history could not be loaded: Unknown inverter.',
    );
  });

  it('shows the month as daily bars with its total, and the year as monthly bars', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 100]),
      '/api/v2/history/energy?range=month&date=2026-06': energy(
        'month',
        '2026-06',
        ['2026-06-01', '2026-06-21'],
        [4500, 1250],
      ),
      '/api/v2/history/energy?range=month&date=2026-05': energy('month', '2026-05', [], []),
      '/api/v2/history/energy?range=year&date=2026': energy(
        'year',
        '2026',
        ['2026-05', '2026-06'],
        [150_000, 90_500],
      ),
    });
    show();
    await screen.findByRole('img', { name: /Plant/ });
    await userEvent.click(screen.getByRole('tab', { name: 'Month' }));
    const month = await screen.findByRole('img', { name: 'Energy of Plant in June 2026' });
    expect(month.querySelectorAll('rect.history-bar')).toHaveLength(2);
    expect(screen.getByTestId('history-total')).toHaveTextContent('Total: 5.75 kWh');
    expect(screen.getByLabelText('Choose a month')).toHaveValue('2026-06');

    await userEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    expect(await screen.findByText('No energy was recorded in this period.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Year' }));
    const year = await screen.findByRole('img', { name: 'Energy of Plant in 2026' });
    expect(year.querySelectorAll('rect.history-bar')).toHaveLength(2);
    expect(screen.getByTestId('history-total')).toHaveTextContent('Total: 240.50 kWh');
    expect(screen.getByRole('button', { name: 'Later' })).toBeDisabled();
  });

  it('downloads the shown day as CSV, one column per series', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 1000.25, null, 0]),
    });
    show();
    await screen.findByRole('img', { name: /Plant/ });
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved?.name).toBe('history-day-2026-06-21.csv');
    const text = await saved?.blob.text();
    expect(text?.split('\r\n')).toEqual([
      'time,Plant (W),Roof (W),Carport (W)',
      '2026-06-21T00:00+02:00,0.0,0.0,0.0',
      '2026-06-21T06:00+02:00,1000.3,500.1,500.1',
      '2026-06-21T12:00+02:00,,,',
      '2026-06-21T18:00+02:00,0.0,0.0,0.0',
      '',
    ]);
  });

  it('shows the battery under the power chart when the day has it, and adds it to the CSV', async () => {
    const withBattery = power('2026-06-21', [0, 1000, 3000, null]);
    withBattery.battery = { soc: [52, 48.5, 75, null], power: [-350, -120.5, 1800, null] };
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': withBattery,
      '/api/v2/history/power?date=2026-06-20': power('2026-06-20', [0, 200]),
    });
    show();
    const powerChart = await screen.findByRole('img', { name: 'Power of Plant on 06/21/2026' });
    const section = screen.getByRole('region', { name: 'Battery' });
    const chart = within(section).getByRole('img', {
      name: 'Battery power and state of charge on 06/21/2026',
    });
    // Under the power chart, in document order.
    expect(powerChart.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(chart.querySelectorAll('path.history-line')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(saved).not.toBeNull());
    const text = await saved?.blob.text();
    expect(text?.split('\r\n').slice(0, 3)).toEqual([
      'time,Plant (W),Roof (W),Carport (W),Battery power (W),State of charge (%)',
      '2026-06-21T00:00+02:00,0.0,0.0,0.0,-350.0,52.0',
      '2026-06-21T06:00+02:00,1000.0,500.0,500.0,-120.5,48.5',
    ]);

    // A day without battery data has no battery chart.
    await userEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    await screen.findByRole('img', { name: 'Power of Plant on 06/20/2026' });
    expect(screen.queryByRole('region', { name: 'Battery' })).not.toBeInTheDocument();
  });

  it('shows the values of the point under the pointer, or of the nearest one with data', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 1000, 3000, null]),
    });
    show();
    const chart = await screen.findByRole('img', { name: /Plant/ });
    const readout = () => within(screen.getByTestId('history-readout'));
    // jsdom lays nothing out: the box is 0 wide, so the chart reads the pointer against its own width.
    chart.getBoundingClientRect = () => ({ left: 0, top: 0, width: 640, height: 240 }) as DOMRect;
    await userEvent.pointer({ target: chart, coords: { clientX: 620, clientY: 100 } });
    // The last step has no data: the readout takes the nearest step that has.
    expect(readout().getByText('12:00–18:00')).toBeInTheDocument();
    expect(readout().getByText('3,000 W')).toBeInTheDocument();
    expect(readout().getAllByText('1,500 W')).toHaveLength(2);
  });
});

describe("a Wi-Fi inverter's day: the curve its device keeps itself", () => {
  const BALCONY = '116412345678';
  const wifiInverters = [...INVERTERS, { serial: BALCONY, name: 'Balcony', connection: 'wifi' as const }];
  const day = (serial: string) => {
    const answer = power('2026-06-21', [0, 1000, null, null]);
    answer.inverters = [{ serial, name: 'Balcony', power: [0, 1000, null, null] }];
    return answer;
  };
  /** The device's own curve: 5-minute points over the first twelve hours of the day. */
  const deviceCurve = (power_w: number[]) => ({
    devices: [
      {
        name: 'Balcony HMS',
        serial: BALCONY,
        inverters: [BALCONY],
        curve: power_w.length ? { start: MIDNIGHT, step_s: 300, power_w, serial: BALCONY } : null,
      },
    ],
  });
  const open = async (curve: unknown) => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 100]),
      [`/api/v2/history/power?date=2026-06-21&serial=${BALCONY}`]: day(BALCONY),
      [`/api/v2/history/power?date=2026-06-20&serial=${BALCONY}`]: day(BALCONY),
      '/api/wifi/curve': curve,
    });
    render(
      <MemoryRouter>
        <HistoryCard inverters={wifiInverters} />
      </MemoryRouter>,
    );
    await screen.findByRole('img', { name: /Plant/ });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Balcony');
    await screen.findByRole('img', { name: 'Power of Balcony on 06/21/2026' });
  };

  it("draws the device's curve under the gateway's, on the day's steps", async () => {
    await open(deviceCurve([...Array(72).fill(200), ...Array(72).fill(600)]));
    const chart = await screen.findByRole('img', { name: 'Power curve kept by Balcony HMS on 06/21/2026' });
    // Two steps with data, two gaps after them: one line, no zeros drawn for the afternoon.
    expect(chart.querySelectorAll('path.history-line')).toHaveLength(1);
    expect(screen.getByTestId('history-device-curve')).toHaveTextContent('records this curve itself');
    expect(screen.queryByTestId('history-device-curve-none')).not.toBeInTheDocument();
    expect(asked()).toContain('/api/wifi/curve');
  });

  it('says so plainly when the device has sent no curve, and draws nothing for it', async () => {
    await open(deviceCurve([]));
    expect(await screen.findByTestId('history-device-curve-none')).toHaveTextContent(
      'Balcony HMS has not reported a power curve of its own for this inverter yet.',
    );
    expect(screen.queryByRole('img', { name: /kept by/ })).not.toBeInTheDocument();
  });

  it('says the device keeps only the current day on an earlier day, without asking for it', async () => {
    await open(deviceCurve([200]));
    await screen.findByTestId('history-device-curve');
    fetchMock.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    expect(await screen.findByTestId('history-device-curve-none')).toHaveTextContent(
      'keeps its own power curve for the current day only',
    );
    expect(asked()).not.toContain('/api/wifi/curve');
  });

  it('asks nothing of the Wi-Fi devices for a radio inverter', async () => {
    await open(deviceCurve([200]));
    fetchMock.mockClear();
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Roof');
    await waitFor(() => expect(screen.queryByTestId('history-device-curve')).not.toBeInTheDocument());
    expect(screen.queryByTestId('history-device-curve-none')).not.toBeInTheDocument();
    expect(asked()).not.toContain('/api/wifi/curve');
  });
});

describe('history section of the live view', () => {
  it('stays closed and asks nothing until opened, then loads the card and remembers it is open', async () => {
    serveApi({
      '/api/ntp/status': NTP,
      '/api/v2/history/power?date=2026-06-21': power('2026-06-21', [0, 100]),
    });
    const { unmount } = render(
      <MemoryRouter>
        <HistorySection inverters={INVERTERS as unknown as LiveInverter[]} />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    expect(await screen.findByRole('img', { name: /Power of Plant/ })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    unmount();
    render(
      <MemoryRouter>
        <HistorySection inverters={INVERTERS as unknown as LiveInverter[]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'History' })).toHaveAttribute('aria-expanded', 'true');
  });
});
