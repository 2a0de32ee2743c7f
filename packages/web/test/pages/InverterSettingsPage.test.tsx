import type { InverterConfig } from '@dtu-console/contract/inverter/api';
import { inverterConfig } from '@dtu-console/contract/inverter/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import formats from '../../../contract/data/serial-formats.json';
import { queryClient } from '../../src/lib/query';
import InverterSettingsPage from '../../src/pages/InverterSettingsPage';
import { envelope, fetchMock, renderScreen, serveApi } from '../helpers/settings-helpers';

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  queryClient.clear();
});

const inverter = (id: number, order: number, patch: Partial<InverterConfig> = {}) =>
  inverterConfig(id, { order, ...patch });

const list = {
  inverter: [
    inverter(0, 1),
    inverter(1, 0, { poll_enable_night: false, command_enable: false, command_enable_night: false }),
  ],
};

const HINTS: Record<string, RegExp> = {
  hoymiles: /^Hoymiles serial number\.$/,
  converted: /^Serial number in converted \(hex\) form\.$/,
  'herf-valid': /^Valid HERF serial number; it is stored as (\w+)\.$/,
  'herf-invalid-checksum': /^HERF serial number with a wrong checksum/,
  'unknown-format': /^Unknown serial number format\.$/,
};

describe('serial input', () => {
  it.each(formats.testVectors)('$input: upper-cased, hint for $result', async (vector) => {
    serveApi({ '/api/inverter/list': { inverter: [] } });
    renderScreen(InverterSettingsPage);
    const serial = await screen.findByLabelText('Serial number');
    if (vector.input === '') {
      expect(screen.queryByTestId('serial-hint')).not.toBeInTheDocument();
      return;
    }
    await userEvent.type(serial, vector.input);
    expect(serial).toHaveValue(vector.input.toUpperCase());
    const hint = screen.getByTestId('serial-hint');
    expect(hint.textContent).toMatch(HINTS[vector.result] as RegExp);
    if (vector.result === 'herf-valid') expect(hint.textContent).toContain(vector.stored);
  });

  it('adds an inverter with the converted HERF serial and reads the list again', async () => {
    const posted = serveApi({ '/api/inverter/list': { inverter: [] } }, envelope(4004));
    renderScreen(InverterSettingsPage);
    await userEvent.type(await screen.findByLabelText('Serial number'), 'A21H3K7PR-1G1');
    await userEvent.type(screen.getByLabelText('Name'), 'Balcony');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/api/inverter/add',
      data: { serial: '284122399ef8', name: 'Balcony' },
    });
    expect(await screen.findByTestId('form-alert')).toHaveTextContent('Inverter added.');
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/inverter/list')).toHaveLength(2),
    );
  });

  it('refuses a wrong checksum, an unknown form and a long name without sending', async () => {
    const posted = serveApi({ '/api/inverter/list': { inverter: [] } });
    renderScreen(InverterSettingsPage);
    await userEvent.type(await screen.findByLabelText('Serial number'), 'A21H3K7PR-1G2');
    await userEvent.type(screen.getByLabelText('Name'), 'x'.repeat(31));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/wrong checksum/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '31');
    expect(posted).toEqual([]);
  });
});

describe('inverter list', () => {
  it('is sorted by order with day/night status badges', async () => {
    serveApi({ '/api/inverter/list': list });
    renderScreen(InverterSettingsPage);
    const rows = await screen.findAllByTestId('inverter-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      '114172220001',
      '114172220000',
    ]);
    // The badges sit in their own column on wide screens and under the name on narrow ones.
    expect(within(rows[0] as HTMLElement).getAllByText('Receives data during the day only')).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getAllByText('Sends no commands')).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getAllByText('Receives data day and night')).toHaveLength(2);
  });

  it('moves a row with the keyboard and saves the ids in row order', async () => {
    const posted = serveApi({ '/api/inverter/list': list }, envelope(4009));
    renderScreen(InverterSettingsPage);
    const saveOrder = await screen.findByRole('button', { name: 'Save order' });
    expect(saveOrder).toBeDisabled();
    screen.getByRole('button', { name: 'Move Inverter 0' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(saveOrder).toBeEnabled();
    await userEvent.click(saveOrder);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ path: '/api/inverter/order', data: { order: [0, 1] } });
    expect(await screen.findByTestId('form-alert')).toHaveTextContent('Inverter order saved.');
  });

  it('edits an inverter over three tabs and sends the whole object', async () => {
    const posted = serveApi({ '/api/inverter/list': list }, envelope(4007));
    renderScreen(InverterSettingsPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Inverter 0' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Roof');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Strings' }));
    const power = within(dialog).getAllByLabelText('Module peak power')[1] as HTMLElement;
    await userEvent.clear(power);
    await userEvent.type(power, '450');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Advanced' }));
    const threshold = within(dialog).getByLabelText('Reachable threshold');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a number from 1 to 100.')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '5');
    await userEvent.click(within(dialog).getByLabelText('Poll data at night'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.path).toBe('/api/inverter/edit');
    expect(posted[0]?.data).toMatchObject({
      id: 0,
      name: 'Roof',
      serial: '114172220000',
      reachable_threshold: 5,
      poll_enable_night: false,
      channel: [
        { name: 'East', max_power: 400 },
        { name: 'West', max_power: 450 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('form-alert')).toHaveTextContent('Inverter changed.');
  });

  it('names the MI type under the serial, and offers an MI alone the limiter opt-in', async () => {
    const mi = inverter(2, 2, {
      name: 'Garage MI',
      serial: '104161200002',
      type: 'MI-500/600/700',
      limiter_opt_in: false,
    });
    const posted = serveApi({ '/api/inverter/list': { inverter: [inverter(0, 0), mi] } }, envelope(4007));
    renderScreen(InverterSettingsPage);
    await userEvent.type(await screen.findByLabelText('Serial number'), '106161200003');
    expect(screen.getByTestId('serial-hint')).toHaveTextContent(
      'Hoymiles serial number. First-generation MI inverter (MI-1000/1200/1500)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Inverter 0' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Advanced' }));
    expect(within(dialog).queryByLabelText('Let the power limiter govern it')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Garage MI' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Advanced' }));
    await userEvent.click(within(dialog).getByLabelText('Let the power limiter govern it'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.data).toMatchObject({ id: 2, limiter_opt_in: true });
  });

  it('asks before deleting and sends the id', async () => {
    const posted = serveApi({ '/api/inverter/list': list }, envelope(4008));
    renderScreen(InverterSettingsPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Inverter 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Inverter 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Inverter 1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(posted).toEqual([{ path: '/api/inverter/del', data: { id: 1 } }]));
    expect(await screen.findByTestId('form-alert')).toHaveTextContent('Inverter deleted.');
  });
});
