/** The battery chart of the day view: power up while charging and down while discharging, charge on its own axis. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { BatteryChart } from '../../../src/components/history/BatteryChart';
import { type BatteryView, batteryView, type PowerView } from '../../../src/components/history/view';

const MIDNIGHT = Date.UTC(2026, 5, 20, 22) / 1000;
const STEP = 6 * 3600;

const view: PowerView = {
  from: MIDNIGHT,
  to: MIDNIGHT + 86400,
  step: STEP,
  timezone: 'Europe/Berlin',
  time: [0, 1, 2, 3].map((i) => MIDNIGHT + i * STEP),
  series: [{ key: 'plant', label: 'Plant', values: [0, 1500, 2500, 0] }],
};

const battery = batteryView(
  {
    ...view,
    plant: [],
    inverters: [],
    battery: { soc: [60, 45, 80, null], power: [-400, -300, 1000, null] },
  },
  { power: 'Battery power', soc: 'State of charge' },
) as BatteryView;

function show() {
  return render(
    <BatteryChart
      view={view}
      battery={battery}
      xTicks={[{ at: MIDNIGHT, label: '00:00' }]}
      pointLabel={(i) => `step ${i}`}
      dayLabel="06/21/2026"
    />,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('battery chart', () => {
  it('draws the power around zero and the charge on a 0–100 % axis, named and explained', () => {
    show();
    const section = screen.getByRole('region', { name: 'Battery' });
    const chart = within(section).getByRole('img', {
      name: 'Battery power and state of charge on 06/21/2026',
    });
    // The left axis reaches below zero for the discharge; the right one is the whole 0–100 %.
    const leftLabels = [...chart.querySelectorAll('.history-grid text[text-anchor="end"]')].map(
      (text) => text.textContent,
    );
    expect(leftLabels[0]).toMatch(/^-\d/);
    expect([...chart.querySelectorAll('text.history-right')].map((text) => text.textContent)).toEqual([
      '0 %',
      '25 %',
      '50 %',
      '75 %',
      '100 %',
    ]);
    // The zero line: discharge is drawn below it, charge above (SVG y grows downwards).
    const axis = Number(chart.querySelector('line.history-axis')?.getAttribute('y1'));
    const [power, soc] = [...chart.querySelectorAll('path.history-line')].map((path) =>
      (path.getAttribute('d') ?? '')
        .split(/[ML]/)
        .filter(Boolean)
        .map((pair) => Number(pair.split(' ')[1])),
    );
    expect(power?.[0]).toBeGreaterThan(axis);
    expect(power?.[2]).toBeLessThan(axis);
    // 80 % is higher up than 45 %, and the charge stops where it was not recorded.
    expect(soc?.[2]).toBeLessThan(soc?.[1] ?? 0);
    expect(soc).toHaveLength(3);
    expect(within(section).getByText('Battery power')).toBeInTheDocument();
    expect(within(section).getByText('State of charge')).toBeInTheDocument();
    expect(within(section).getByText('Above zero: charging, below zero: discharging.')).toBeInTheDocument();
  });

  it('reads out the power in W and the charge in % of the point under the pointer', async () => {
    show();
    const chart = screen.getByRole('img', { name: /Battery power and state of charge/ });
    chart.getBoundingClientRect = () => ({ left: 0, top: 0, width: 640, height: 240 }) as DOMRect;
    // The third step: charging at 1,000 W, 80 %.
    await userEvent.pointer({ target: chart, coords: { clientX: 430, clientY: 100 } });
    const readout = within(screen.getByTestId('history-readout'));
    expect(readout.getByText('step 2')).toBeInTheDocument();
    expect(readout.getByText('1,000 W')).toBeInTheDocument();
    expect(readout.getByText('80.0 %')).toBeInTheDocument();
  });

  it('speaks German and French', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = show();
    expect(screen.getByRole('region', { name: 'Batterie' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Batterieleistung und Ladezustand am 06/21/2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Über null: Laden, unter null: Entladen.')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('fr');
    show();
    expect(
      screen.getByRole('img', { name: 'Puissance et état de charge de la batterie le 06/21/2026' }),
    ).toBeInTheDocument();
  });
});
