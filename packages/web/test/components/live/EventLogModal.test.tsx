import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import EventLogModal from '../../../src/components/live/EventLogModal';
import { setLanguage } from '../../../src/i18n';
import { routeApi } from '../../helpers/route-api';

const SERIAL = '116180216880';
const { fetchMock, routes } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

describe('event log', () => {
  it('lists start, stop and message, fetched in the console language', async () => {
    routes['/api/eventlog/status'] = {
      count: 2,
      events: [
        { message_id: 1, message: 'Inverter start', start_time: 25862, end_time: 0 },
        { message_id: 4, message: 'Grid overvoltage', start_time: 68411, end_time: 69015 },
      ],
    };
    render(<EventLogModal {...props()} />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('107:11:02activeInverter start');
    expect(rows[2]).toHaveTextContent('419:00:1119:10:15Grid overvoltage');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/eventlog/status?inv=${SERIAL}&locale=en`);
  });

  it('asks for the messages in German when the console is German', async () => {
    routes['/api/eventlog/status'] = { count: 0, events: [] };
    await act(() => setLanguage('de'));
    try {
      render(<EventLogModal {...props()} />);
      expect(
        await screen.findByText('Der Wechselrichter hat keine Ereignisse gespeichert.'),
      ).toBeInTheDocument();
      expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/eventlog/status?inv=${SERIAL}&locale=de`);
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
