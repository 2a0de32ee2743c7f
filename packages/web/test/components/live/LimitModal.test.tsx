import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LimitModal from '../../../src/components/live/LimitModal';
import { routeApi } from '../../helpers/route-api';

const SERIAL = '116180216880';
const { routes, posted } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

describe('limit settings', () => {
  beforeEach(() => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: 'Ok' },
    };
  });

  it('shows the current limit and the status badge in its colour', async () => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: 'Failure' },
    };
    render(<LimitModal {...props()} />);
    expect(await screen.findByTestId('limit-current')).toHaveTextContent('75.0 % (600 W)');
    expect(screen.getByText('Failed')).toHaveClass('text-bg-danger');
  });

  it.each([
    ['Pending', 'text-bg-warning'],
    ['Ok', 'text-bg-success'],
    ['Unknown', 'text-bg-secondary'],
  ])('badge %s is %s', async (status, className) => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 75, max_power: 800, limit_set_status: status },
    };
    const { container } = render(<LimitModal {...props()} />);
    await screen.findByTestId('limit-current');
    expect(container.ownerDocument.querySelector(`[data-status="${status}"]`)).toHaveClass(className);
  });

  it('relative allows 0..100 %, absolute 0..max power; sends the type as 0..3 and closes on success', async () => {
    routes['/api/limit/config'] = { type: 'success', message: 'Settings saved.', code: 1001 };
    const onClose = vi.fn();
    render(<LimitModal {...props(onClose)} />);
    const input = await screen.findByLabelText('New limit');
    expect(input).toHaveValue(75);
    expect(input).toHaveAttribute('max', '100');
    await userEvent.clear(input);
    await userEvent.type(input, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('The limit must be between 0 and 100 %.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'absolute');
    expect(input).toHaveAttribute('max', '800');
    await waitFor(() => expect(screen.queryByText(/must be between/)).not.toBeInTheDocument());
    await userEvent.clear(input);
    await userEvent.type(input, '801');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('The limit must be between 0 and 800 W.')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, '600');
    await userEvent.selectOptions(screen.getByLabelText('Keep after an inverter restart'), 'persistent');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(posted).toEqual([
      { path: '/api/limit/config', data: { serial: SERIAL, limit_value: 600, limit_type: 2 } },
    ]);
  });

  it('uses 2250 W as the absolute maximum while the max power is unknown', async () => {
    routes['/api/limit/status'] = { [SERIAL]: { limit_relative: 100, max_power: 0, limit_set_status: 'Ok' } };
    render(<LimitModal {...props()} />);
    await userEvent.selectOptions(await screen.findByLabelText('Kind'), 'absolute');
    expect(screen.getByLabelText('New limit')).toHaveAttribute('max', '2250');
    expect(screen.getByText('From 0 to 2250 W.')).toBeInTheDocument();
  });

  it('checks the contract limit rules too: above what the gateway takes is refused before sending', async () => {
    routes['/api/limit/status'] = {
      [SERIAL]: { limit_relative: 100, max_power: 3000, limit_set_status: 'Ok' },
    };
    render(<LimitModal {...props()} />);
    await userEvent.selectOptions(await screen.findByLabelText('Kind'), 'absolute');
    const input = screen.getByLabelText('New limit');
    expect(input).toHaveAttribute('max', '3000');
    await userEvent.clear(input);
    await userEvent.type(input, '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('The limit must not be above 2250.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('asks for a value when the field is empty', async () => {
    render(<LimitModal {...props()} />);
    const input = await screen.findByLabelText('New limit');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Please enter a limit.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('keeps the dialog open with the translated answer when the gateway refuses', async () => {
    routes['/api/limit/config'] = { type: 'warning', message: 'x', code: 5004 };
    const onClose = vi.fn();
    render(<LimitModal {...props(onClose)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set limit' }));
    expect(await screen.findByText('Unknown inverter.')).toHaveClass('alert-warning');
    expect(onClose).not.toHaveBeenCalled();
    expect(posted[0]?.data).toEqual({ serial: SERIAL, limit_value: 75, limit_type: 1 });
    expect(screen.getByText(/follows the change after about 4 minutes/)).toBeInTheDocument();
  });
});
