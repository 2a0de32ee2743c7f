/** The dialog frame every live-view dialog shares, shown through the device info dialog. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import DevInfoModal from '../../src/components/live/DevInfoModal';
import { routeApi } from '../helpers/route-api';

const SERIAL = '116180216880';
const { routes } = routeApi();

const props = (onClose = vi.fn()) => ({ serial: SERIAL, name: 'Garage', onClose });

describe('dialog frame', () => {
  it('is a labelled dialog that closes by its button and by Escape', async () => {
    routes['/api/devinfo/status'] = {};
    const onClose = vi.fn();
    render(<DevInfoModal {...props(onClose)} />);
    const dialog = screen.getByRole('dialog', { name: 'Device info: Garage' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('gives the focus back to what had it before when it closes', async () => {
    routes['/api/devinfo/status'] = {};
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<DevInfoModal {...props()} />);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
