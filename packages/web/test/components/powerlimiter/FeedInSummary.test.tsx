/** The limiter card's feed-in part: the active step of the grid operator's signal, the cap, a lost source. */
import type { FeedInStatus } from '@dtu-console/contract/powerlimiter/api';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { FeedInSummary } from '../../../src/components/powerlimiter/FeedInSummary';
import { POWERLIMITER_NS } from '../../../src/i18n';
import { formatters } from '../../../src/i18n/format';

const signal: FeedInStatus['grid_signal'] = {
  enabled: true,
  source: 'gpio',
  known: true,
  percent: 30,
  contact: 3,
  lost: false,
  problem: null,
  since: 0,
};
const feedIn = (more: Partial<FeedInStatus> = {}): FeedInStatus => ({
  module_power_wp: 2000,
  cap_w: 1200,
  signal_w: 600,
  export_limit_w: 600,
  binding: 'grid_signal',
  production_cap_w: null,
  grid_signal: signal,
  ...more,
});

beforeAll(async () => {
  await i18n.loadNamespaces(POWERLIMITER_NS);
});

describe('feed-in summary', () => {
  const f = formatters('en');
  it('shows the active step with its contact, the cap and the export allowed', () => {
    render(<FeedInSummary feedIn={feedIn()} f={f} />);
    expect(screen.getByTestId('grid-signal-step')).toHaveTextContent('30 % (K3)');
    expect(screen.getByTestId('export-limit')).toHaveTextContent('600 W');
    expect(screen.getByTestId('feed-in-summary')).toHaveTextContent('1,200 W');
  });

  it('says when the source is lost, when no step is known yet, and the production cap without a meter', () => {
    render(
      <FeedInSummary
        feedIn={feedIn({
          production_cap_w: 600,
          grid_signal: { ...signal, lost: true, problem: 'No signal for 5 minutes' },
        })}
        f={f}
      />,
    );
    expect(screen.getByTestId('grid-signal-step')).toHaveTextContent('30 % (K3)source lost');
    expect(screen.getByText(/at most 600 W/)).toBeInTheDocument();
  });

  it('shows nothing while neither cap nor signal is on', () => {
    const { container } = render(
      <FeedInSummary
        feedIn={feedIn({ cap_w: null, export_limit_w: null, grid_signal: { ...signal, enabled: false } })}
        f={f}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
