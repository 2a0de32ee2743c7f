/** The limiter card's energy of today: what the gateway counted, and nothing where it read nothing. */
import type { PowerLimiterEnergy, PowerLimiterEnergyFlow } from '@dtu-console/contract/powerlimiter/api';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LimiterEnergy } from '../../../src/components/powerlimiter/LimiterEnergy';
import { POWERLIMITER_NS } from '../../../src/i18n';
import { formatters } from '../../../src/i18n/format';

const f = formatters('en');
const SINCE = Date.UTC(2026, 5, 21, 4, 30) / 1000;
const clock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const flow = (patch: Partial<PowerLimiterEnergyFlow> = {}): PowerLimiterEnergyFlow => ({
  in_wh: 1234.5,
  out_wh: 6789,
  since: SINCE,
  counted_s: 5 * 3600 + 7 * 60,
  method: 'power',
  ...patch,
});
const energy = (patch: Partial<PowerLimiterEnergy> = {}): PowerLimiterEnergy => ({
  date: '2026-06-21',
  grid: flow(),
  battery: null,
  ...patch,
});

beforeAll(async () => {
  await i18n.loadNamespaces(POWERLIMITER_NS);
});

describe('LimiterEnergy', () => {
  it("shows today's energy drawn and fed in, and how the gateway counted it", () => {
    render(<LimiterEnergy energy={energy()} f={f} />);
    expect(screen.getByText("Today's energy")).toBeInTheDocument();
    expect(screen.getByTestId('limiter-energy-drawn')).toHaveTextContent('1.23 kWh');
    expect(screen.getByTestId('limiter-energy-fed-in')).toHaveTextContent('6.79 kWh');
    expect(screen.getByTestId('limiter-energy-basis')).toHaveTextContent(
      `Grid: the meter's power, counted by the gateway since ${clock.format(SINCE * 1000)} over 5 h 07 min with a fresh reading.`,
    );
    // No battery reading today: no battery figures at all, not zeros.
    expect(screen.queryByTestId('limiter-energy-charged')).not.toBeInTheDocument();
    expect(screen.queryByTestId('limiter-energy-discharged')).not.toBeInTheDocument();
  });

  it("names the meter's own registers where the figures come from them", () => {
    render(<LimiterEnergy energy={energy({ grid: flow({ method: 'counters' }) })} f={f} />);
    expect(screen.getByTestId('limiter-energy-basis')).toHaveTextContent(
      `Grid: the rise of the meter's own registers since ${clock.format(SINCE * 1000)}.`,
    );
  });

  it("shows the battery's charge and discharge beside the grid's", () => {
    render(<LimiterEnergy energy={energy({ battery: flow({ in_wh: 2500, out_wh: 0 }) })} f={f} />);
    expect(screen.getByTestId('limiter-energy-charged')).toHaveTextContent('2.50 kWh');
    expect(screen.getByTestId('limiter-energy-discharged')).toHaveTextContent('0.00 kWh');
    expect(screen.getByTestId('limiter-energy-basis')).toHaveTextContent('Battery: its reported power');
  });

  it('says so when neither the meter nor the battery was read today, instead of showing zeros', () => {
    render(<LimiterEnergy energy={energy({ grid: null })} f={f} />);
    expect(screen.getByTestId('limiter-energy-none')).toHaveTextContent(
      'Nothing counted today yet: neither the meter nor the battery has given a reading.',
    );
    expect(screen.queryByText(/kWh/)).not.toBeInTheDocument();
  });
});
