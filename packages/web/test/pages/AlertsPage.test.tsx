import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AlertsPage from '../../src/pages/AlertsPage';
import { renderScreen, serveApi, stubApi } from '../helpers/settings-helpers';

stubApi();

describe('alert list: the power limiter’s alerts', () => {
  it('lists a plant-wide meter alert by its rule, without notes for a meter or limiter not set up', async () => {
    serveApi({
      '/api/alerts/status?locale=en': {
        open: [
          {
            id: 7,
            rule: 'meter',
            serial: '',
            name: '',
            channel: null,
            message: 'Electricity meter: no valid reading (connection refused)',
            started: 1_750_500_000,
            ended: null,
            acknowledged: false,
          },
        ],
        recent: [],
        unacknowledged: 1,
        rules: [
          { rule: 'string', enabled: true, applicable: false, reason: 'strings' },
          { rule: 'meter', enabled: true, applicable: true },
          { rule: 'limiter', enabled: true, applicable: false, reason: 'limiter' },
        ],
      },
    });
    renderScreen(AlertsPage);
    expect(
      await screen.findByText('Electricity meter: no valid reading (connection refused)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Meter without reading')).toBeInTheDocument();
    const notes = screen.getAllByRole('status');
    expect(notes.map((note) => note.textContent)).toEqual([
      'String underperforming: Needs at least two strings with a max power (inverter settings).',
    ]);
  });
});
