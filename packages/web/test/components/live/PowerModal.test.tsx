import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PowerModal from '../../../src/components/live/PowerModal';
import { routeApi } from '../../helpers/route-api';

const SERIAL = '116180216880';
const { routes, posted } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

describe('power settings', () => {
  beforeEach(() => {
    routes['/api/power/status'] = { [SERIAL]: { power_set_status: 'Pending' } };
  });

  it('shows the status and turns the inverter off, closing on success', async () => {
    routes['/api/power/config'] = { type: 'success', message: 'Settings saved.', code: 1001 };
    const onClose = vi.fn();
    render(<PowerModal {...props(onClose)} />);
    expect(await screen.findByText('Pending')).toHaveClass('text-bg-warning');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted).toEqual([{ path: '/api/power/config', data: { serial: SERIAL, power: false } }]);
  });

  it('restart sends restart:true; a refusal shows in the dialog', async () => {
    routes['/api/power/config'] = { type: 'warning', message: 'x', code: 11002 };
    const onClose = vi.fn();
    render(<PowerModal {...props(onClose)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Unknown inverter.')).toBeInTheDocument();
    expect(posted).toEqual([{ path: '/api/power/config', data: { serial: SERIAL, restart: true } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]?.data).toEqual({ serial: SERIAL, power: true });
    expect(onClose).not.toHaveBeenCalled();
  });
});
