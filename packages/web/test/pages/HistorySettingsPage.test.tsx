import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayTodayQuery } from '../../src/api/history';
import { queryClient } from '../../src/lib/query';
import HistorySettingsPage from '../../src/pages/HistorySettingsPage';
import { envelope, fetchMock, renderScreen, serveApi, stubApi } from '../helpers/settings-helpers';

const config = { enabled: true, minute_days: 31, quarter_days: 730, daily_days: 0 };
const status = {
  enabled: true,
  database_bytes: 2_048_000,
  oldest_minute: '2026-05-22',
  oldest_quarter: null,
  oldest_day: '2024-04-17',
  serials: ['114172220003'],
};
const answers = {
  '/api/v2/history/config': config,
  '/api/v2/history/status': status,
  '/api/ntp/status': { ntp_localtime: 'Sunday, June 21 2026 12:00:06' },
};

stubApi();

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function setDays(label: string, value: string) {
  const field = await screen.findByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

/**
 * The blob URLs a download makes, which jsdom lacks, on a subclass of URL put in its place for the test:
 * the real URL is left as it is for the files that share this worker (unstubbed after each test).
 */
function stubObjectUrls(made: (blob: Blob) => void = () => {}) {
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(object: Blob | MediaSource): string {
        made(object as Blob);
        return 'blob:x';
      }
      static override revokeObjectURL(): void {}
    },
  );
}

describe('history settings', () => {
  it('shows the settings and what the store holds', async () => {
    serveApi(answers);
    renderScreen(HistorySettingsPage);
    expect(await screen.findByLabelText('Record power and energy')).toBeChecked();
    expect(screen.getByLabelText('1-minute power values')).toHaveValue(31);
    expect(screen.getByLabelText('Daily energy')).toHaveValue(0);
    const held = await screen.findByTestId('history-status');
    expect(held).toHaveTextContent('Database size2,000 kB');
    expect(held).toHaveTextContent('Oldest 1-minute day05/22/2026');
    expect(held).toHaveTextContent('Oldest 15-minute daynone');
    expect(held).toHaveTextContent('114172220003');
  });

  it.each([
    ['1-minute power values', '0', 'Minute values must be kept between 1 and 366 days.'],
    ['15-minute power values', '30', 'Quarter-hour values must be kept between 31 and 3650 days.'],
    ['Daily energy', '365', 'Daily energy is kept for good (0) or between 366 and 36500 days.'],
    ['Daily energy', '', 'This value is not valid.'],
  ])('refuses %s = "%s" with the contract’s message and sends nothing', async (label, value, message) => {
    const posted = serveApi(answers);
    renderScreen(HistorySettingsPage);
    await setDays(label, value);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('sends valid settings as the data field and shows the answer', async () => {
    const posted = serveApi(answers, envelope(1001));
    renderScreen(HistorySettingsPage);
    await setDays('Daily energy', '3650');
    await userEvent.click(screen.getByLabelText('Record power and energy'));
    await save();
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/v2/history/config',
          data: { enabled: false, minute_days: 31, quarter_days: 730, daily_days: 3650 },
        },
      ]),
    );
    expect(await screen.findByTestId('form-alert')).toHaveClass('alert-success');
  });

  it('downloads the export as bytes under a dated name', async () => {
    serveApi(answers);
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://dtu.local').pathname;
      if (path === '/api/v2/history/export') return new Response(new Uint8Array([0x1f, 0x8b, 8, 0]));
      return new Response(JSON.stringify(answers[path as keyof typeof answers]));
    });
    let blob: Blob | null = null;
    let name = '';
    stubObjectUrls((b) => {
      blob = b;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      name = this.download;
    });
    renderScreen(HistorySettingsPage);
    await screen.findByTestId('history-status');
    // The name takes the gateway's date, a query the card starts in an effect once the page has loaded:
    // the status can show before the date is known, and a click then would name the file without one.
    await waitFor(() => expect(queryClient.getQueryData(gatewayTodayQuery.queryKey)).toBe('2026-06-21'));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(name).toBe('dtu-console-history-2026-06-21.json.gz'));
    const bytes = new Uint8Array(await (blob as unknown as Blob).arrayBuffer());
    expect([...bytes]).toEqual([0x1f, 0x8b, 8, 0]);
  });

  it('says why an export failed, and forgets it once a download works', async () => {
    serveApi(answers);
    let fail = true;
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://dtu.local').pathname;
      if (path === '/api/v2/history/export') {
        return fail
          ? new Response('', { status: 503, statusText: 'Service Unavailable' })
          : new Response(new Uint8Array([0x1f, 0x8b, 8, 0]));
      }
      return new Response(JSON.stringify(answers[path as keyof typeof answers]));
    });
    stubObjectUrls();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(HistorySettingsPage);
    await screen.findByTestId('history-status');
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/503|Service Unavailable/);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  describe('import', () => {
    let answer: { status: number; statusText: string; body: string };
    let sent: FormData | null;
    class FakeRequest {
      status = 0;
      statusText = '';
      responseText = '';
      upload = { addEventListener() {} };
      private listeners: Record<string, () => void> = {};
      open() {}
      setRequestHeader() {}
      addEventListener(type: string, listener: () => void) {
        this.listeners[type] = listener;
      }
      send(form: FormData) {
        sent = form;
        Object.assign(this, { ...answer, responseText: answer.body });
        queueMicrotask(() => this.listeners.load?.());
      }
    }
    beforeEach(() => {
      sent = null;
      vi.stubGlobal('XMLHttpRequest', FakeRequest);
    });

    async function upload() {
      renderScreen(HistorySettingsPage);
      const file = new File([new Uint8Array([0x1f, 0x8b])], 'history.json.gz', { type: 'application/gzip' });
      await userEvent.upload(await screen.findByLabelText('History file'), file);
      await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    }

    it('asks for a file first', async () => {
      serveApi(answers);
      renderScreen(HistorySettingsPage);
      await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
      expect(await screen.findByText('Choose a file first.')).toBeInTheDocument();
      expect(sent).toBeNull();
    });

    it('sends the file as the part "file" and shows the merged answer', async () => {
      serveApi(answers);
      answer = { status: 200, statusText: 'OK', body: JSON.stringify(envelope(13010)) };
      await upload();
      expect(await screen.findByText('History imported.')).toBeInTheDocument();
      const part = sent?.get('file');
      expect(part).toBeInstanceOf(File);
      expect((part as File).name).toBe('history.json.gz');
    });

    it('shows a refused file as its translated code', async () => {
      serveApi(answers);
      answer = { status: 400, statusText: 'Bad Request', body: JSON.stringify(envelope(13009, 'danger')) };
      await upload();
      expect(
        await screen.findByText('This is not a valid history file; nothing was changed.'),
      ).toBeInTheDocument();
    });

    it('reports an answer without an envelope by its status', async () => {
      serveApi(answers);
      answer = { status: 413, statusText: 'Payload Too Large', body: '' };
      await upload();
      expect(await screen.findByText('[HTTP ERROR] Payload Too Large')).toBeInTheDocument();
    });
  });
});
