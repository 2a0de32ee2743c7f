/** Scenario: the maintenance screens (System info, Network info, Firmware upgrade, Config management, Reboot), their display rules, upload refusals and the wait for the gateway after a restart. */
import { formatVersion } from '@dtu-console/contract/common/format';
import type { NetworkStatus } from '@dtu-console/contract/network/api';
import type { SystemStatus } from '@dtu-console/contract/system/api';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { waitForGateway } from '../../src/api/system';
import { uploadOutcome } from '../../src/api/upload';
import { UploadResult } from '../../src/components/UploadStatus';
import { setLanguage } from '../../src/i18n';
import { formatters } from '../../src/i18n/format';
import { MemoryRouter } from '../../src/lib/navigation';
import { queryClient } from '../../src/lib/query';
import ConfigAdminPage from '../../src/pages/ConfigAdminPage';
import FirmwareUpgradePage from '../../src/pages/FirmwareUpgradePage';
import NetworkInfoPage from '../../src/pages/NetworkInfoPage';
import RebootPage from '../../src/pages/RebootPage';
import SystemInfoPage from '../../src/pages/SystemInfoPage';
import { routeApi } from '../helpers/route-api';

const { fetchMock, routes, posted } = routeApi();

const SYSTEM: SystemStatus = {
  hostname: 'gateway',
  sdkversion: 'Node.js',
  cpufreq: 1500,
  cputemp: 48.2,
  heap_total: 200 * 1024,
  heap_used: 120 * 1024,
  heap_max_block: 60 * 1024,
  heap_min_free: 50 * 1024,
  psram_total: 0,
  psram_used: 0,
  sketch_total: 0,
  sketch_used: 0,
  littlefs_total: 4096 * 1024,
  littlefs_used: 1024 * 1024,
  chiprevision: 0,
  chipmodel: 'ARM',
  chipcores: 4,
  flashsize: 1024 * 1024 * 1024,
  task_details: [],
  resetreason_0: 'Power on',
  resetreason_1: 'Power on',
  cfgsavecount: 3,
  config_version: '1.0.0',
  git_hash: 'v1.2.0-5-gabc1234',
  git_branch: 'main',
  pioenv: 'linux-x64',
  uptime: 90061,
  nrf_configured: true,
  nrf_connected: true,
  nrf_pvariant: true,
  cmt_configured: false,
  cmt_connected: false,
};

describe('System info', () => {
  it('shows memory in kB, heap fragmentation (1 − largest block / free) and max usage (total − min free)', async () => {
    routes['/api/system/status'] = SYSTEM;
    render(<SystemInfoPage />);
    // Free heap 80 kB, largest block 60 kB → 25.0 %; max usage 200 − 50 = 150 kB.
    expect(await screen.findByTestId('fragmentation')).toHaveTextContent('25.0%');
    expect(screen.getByTestId('max-usage')).toHaveTextContent('150 kB');
    expect(screen.getByRole('row', { name: /Largest free block/ })).toHaveTextContent('60 kB');
    expect(screen.getByTestId('uptime')).toHaveTextContent('1 day, 01:01:01');
    expect(screen.getByRole('row', { name: /nRF24L01\+/ })).toHaveTextContent('Connected: Yes');
    expect(screen.getByRole('row', { name: /CMT2300A/ })).toHaveTextContent('Configured: No');
  });

  it('says plainly when the radio is simulated instead of claiming connected modules', async () => {
    routes['/api/system/status'] = { ...SYSTEM, radio_simulated: true, nrf_pvariant: false };
    render(<SystemInfoPage />);
    expect(await screen.findByTestId('radio-simulated')).toHaveTextContent(/No radio module is attached/);
    const nrf = screen.getByRole('row', { name: /nRF24L01/ });
    expect(nrf).toHaveTextContent('Simulated');
    expect(nrf).not.toHaveTextContent('Connected');
  });

  it("names the chip models' mode and each chip's own counts in the radio card", async () => {
    routes['/api/system/status'] = {
      ...SYSTEM,
      radio_mode: 'model',
      radio_simulated: false,
      radio_problems: [],
      radio_chips: {
        nrf: { sent: 12, acked: 10, not_acked: 2, received: 30, rx_fifo_full: 0, io_errors: 0 },
        cmt: { sent: 7, received: 21, fifo_overruns: 1, crc_errors: 0, io_errors: 0 },
        loop_delay_ms: { p99: 3.2, max: 1065.77 },
      },
    };
    render(<SystemInfoPage />);
    expect(await screen.findByTestId('radio-mode')).toHaveTextContent(
      /Chip models.*No real radio is attached/,
    );
    expect(screen.getByTestId('radio-chip-nrf')).toHaveTextContent(
      'sent 12 · acknowledged 10 · not acknowledged 2 · received 30 · RX FIFO full 0 · I/O errors 0',
    );
    expect(screen.getByTestId('radio-chip-cmt')).toHaveTextContent('sent 7 · received 21 · FIFO overruns 1');
    expect(screen.getByTestId('radio-loop-delay')).toHaveTextContent('p99 3 ms, worst 1,066 ms');
    // The Radio card says the chip answers in the model, not that a module is connected.
    const nrf = screen.getByRole('row', { name: /nRF24L01/ });
    expect(nrf).toHaveTextContent('Answers (chip model)');
    expect(nrf).not.toHaveTextContent('Connected');
  });

  it("shows each HMS/HMT's frequency recovery in the radio card", async () => {
    const inverter = {
      name: '',
      frames_sent: 10,
      answers: 8,
      fragments_rerequested: 0,
      no_answer: 2,
      other_dtu: 0,
      rssi: -70,
    };
    routes['/api/system/status'] = {
      ...SYSTEM,
      radio_mode: 'model',
      radio_inverters: [
        { ...inverter, serial: '114172220003', rssi: -127 },
        {
          ...inverter,
          serial: '116683554321',
          frequency: { state: 'found', found_hz: 869_500_000, tried_hz: null, next_search_at: null },
        },
        {
          ...inverter,
          serial: '116483554322',
          frequency: { state: 'searching', found_hz: null, tried_hz: 864_750_000, next_search_at: null },
        },
      ],
    };
    render(<SystemInfoPage />);
    expect(await screen.findByTestId('radio-frequency-116683554321')).toHaveTextContent(
      'Found at 869.50 MHz, moved back',
    );
    expect(screen.getByTestId('radio-frequency-116483554322')).toHaveTextContent(
      'Searching the band (at 864.75 MHz)',
    );
    expect(screen.getByTestId('radio-frequency-114172220003')).toHaveTextContent('');
    // No other DTU was heard: the column is not shown.
    expect(screen.queryByRole('columnheader', { name: 'For another DTU' })).toBeNull();
  });

  it("counts an inverter's answers to another DTU in their own column once there are any", async () => {
    const inverter = {
      name: '',
      frames_sent: 10,
      answers: 8,
      fragments_rerequested: 0,
      no_answer: 2,
      rssi: -80,
    };
    routes['/api/system/status'] = {
      ...SYSTEM,
      radio_mode: 'hardware',
      radio_inverters: [
        { ...inverter, serial: '114172220003', other_dtu: 14 },
        { ...inverter, serial: '116183069759', other_dtu: 0 },
      ],
    };
    render(<SystemInfoPage />);
    const header = await screen.findByRole('columnheader', { name: 'For another DTU' });
    expect(header).toHaveAttribute('title', expect.stringContaining('another DTU nearby'));
    expect(screen.getByTestId('radio-other-dtu-114172220003')).toHaveTextContent('14');
    expect(screen.getByTestId('radio-other-dtu-116183069759')).toHaveTextContent('0');
  });

  it('shows the Wi-Fi devices in their own section with what the gateway counts about them', async () => {
    routes['/api/system/status'] = { ...SYSTEM, radio_mode: 'hardware', radio_inverters: [] };
    routes['/api/wifi/status'] = {
      devices: [
        {
          name: 'Balcony',
          host: '192.168.1.50',
          port: 10081,
          state: 'online',
          model: '',
          serial: '114312345678',
          firmware: 'V01.00.11',
          encrypted: false,
          inverters: ['114312345678'],
          last_answer: 0,
          last_error: '',
          last_problem: '',
          bad_frames: 3,
          polls: 1234,
          failed_polls: 17,
          signal: null,
          limit_wait_s: 0,
        },
      ],
    };
    routes['/api/wifi/curve'] = {
      devices: [{ name: 'Balcony', curve: { start: 1782021600, step_s: 300, power_w: [0, 120, 340, 512] } }],
    };
    render(<SystemInfoPage />);
    const [row] = await screen.findAllByTestId('wifi-diagnostics-device');
    // The day's curve the device keeps itself, drawn with the history's chart.
    const curve = await screen.findByTestId('wifi-curve');
    expect(curve).toHaveTextContent('Power today of Balcony, as the device recorded it');
    expect(within(curve).getByRole('img', { name: /Power today of Balcony/ })).toBeInTheDocument();
    expect(row).toHaveTextContent('Balcony');
    expect(row).toHaveTextContent('HMS-xxxW (inverter with Wi-Fi) · 114312345678 · V01.00.11');
    expect(row).toHaveTextContent('Online');
    expect(row).toHaveTextContent('never');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .at(-2),
    ).toHaveTextContent('3');
    expect(within(row as HTMLElement).getByTestId('wifi-diagnostics-polls')).toHaveTextContent('1,234');
    expect(within(row as HTMLElement).getByTestId('wifi-diagnostics-failed')).toHaveTextContent('17');
    // A device that sends no signal figure: said so, not shown as 0.
    expect(within(row as HTMLElement).getByTestId('wifi-diagnostics-signal')).toHaveTextContent(
      'not reported',
    );
    expect(screen.getByRole('heading', { name: 'Wi-Fi devices' })).toBeInTheDocument();
  });

  it('shows no Wi-Fi section without Wi-Fi devices', async () => {
    routes['/api/system/status'] = SYSTEM;
    routes['/api/wifi/status'] = { devices: [] };
    render(<SystemInfoPage />);
    await screen.findByTestId('radio-mode');
    expect(screen.queryByTestId('wifi-diagnostics')).toBeNull();
    expect(screen.queryByTestId('wifi-curve')).toBeNull();
  });

  it('says a replay is a captured log, names the file and never shows a connected module', async () => {
    routes['/api/system/status'] = {
      ...SYSTEM,
      radio_mode: 'replay',
      radio_simulated: false,
      nrf_configured: true,
      nrf_connected: true,
      cmt_configured: false,
      cmt_connected: false,
      radio_problems: ['Replay of issue.log: capture line 12: CRC8 does not match'],
      radio_replay: {
        file: 'issue.log',
        exchanges: 4,
        inverters: ['82345678', '83010203'],
        problems: ['capture line 12: CRC8 does not match'],
      },
    };
    render(<SystemInfoPage />);
    expect(await screen.findByTestId('radio-mode')).toHaveTextContent(
      /Replay: the answers come from a captured log.*No real radio is attached/,
    );
    expect(screen.getByTestId('radio-replay-file')).toHaveTextContent('issue.log');
    expect(screen.getByTestId('radio-replay-contents')).toHaveTextContent(
      '4 requests · inverter addresses 82345678, 83010203',
    );
    expect(screen.getByTestId('radio-problem')).toHaveTextContent('capture line 12: CRC8 does not match');
    const nrf = screen.getByRole('row', { name: /nRF24L01/ });
    expect(nrf).toHaveTextContent('Answers from the capture');
    expect(nrf).not.toHaveTextContent('Connected');
  });

  it("names the gateway's own start reasons in the console language, and others as reported", async () => {
    routes['/api/system/status'] = { ...SYSTEM, resetreason_0: 'Software reset' };
    const { unmount } = render(<SystemInfoPage />);
    expect(await screen.findByRole('row', { name: /Start reason/ })).toHaveTextContent(
      'Restarted by the gateway',
    );
    unmount();
    queryClient.clear();
    routes['/api/system/status'] = { ...SYSTEM, resetreason_0: 'Brownout reset' };
    render(<SystemInfoPage />);
    expect(await screen.findByRole('row', { name: /Start reason/ })).toHaveTextContent('Brownout reset');
  });

  it('shows the release in use and the fallback release', async () => {
    routes['/api/system/status'] = {
      ...SYSTEM,
      release: { current: 'dtu-console-0.2.0', previous: 'dtu-console-0.1.0' },
    };
    render(<SystemInfoPage />);
    expect(await screen.findByTestId('release-current')).toHaveTextContent('dtu-console-0.2.0');
    expect(screen.getByTestId('release-previous')).toHaveTextContent('dtu-console-0.1.0');
  });

  it('shows whether HTTPS is on and the certificate fingerprint to compare with the browser', async () => {
    const fingerprint =
      'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';
    routes['/api/system/status'] = {
      ...SYSTEM,
      tls: { source: 'self-signed', fingerprint_sha256: fingerprint, valid_to: '2029-03-01T12:00:00.000Z' },
    };
    const { unmount } = render(<SystemInfoPage />);
    expect(await screen.findByTestId('https-mode')).toHaveTextContent('On, self-signed certificate');
    expect(screen.getByTestId('tls-fingerprint')).toHaveTextContent(fingerprint);
    expect(screen.getByRole('row', { name: /Certificate valid until/ })).toHaveTextContent('2029');
    unmount();
    queryClient.clear();
    routes['/api/system/status'] = { ...SYSTEM, tls: null };
    render(<SystemInfoPage />);
    expect(await screen.findByTestId('https-mode')).toHaveTextContent('Off (plain HTTP)');
    expect(screen.queryByTestId('tls-fingerprint')).toBeNull();
  });
});

const NETWORK: NetworkStatus = {
  sta_status: true,
  sta_ssid: 'home',
  sta_bssid: 'AA:BB:CC:DD:EE:FF',
  sta_rssi: -70,
  network_hostname: 'dtu',
  network_ip: '192.168.1.2',
  network_netmask: '255.255.255.0',
  network_gateway: '192.168.1.1',
  network_dns1: '192.168.1.1',
  network_dns2: '0.0.0.0',
  network_mac: '02:00:00:00:00:01',
  network_mode: 'Station',
  ap_status: false,
  ap_ssid: 'dtu-ap',
  ap_ip: '192.168.4.1',
  ap_mac: '02:00:00:00:00:02',
  ap_stationnum: 0,
};

describe('Network info', () => {
  it.each([
    [-70, '60%'],
    [-40, '100%'],
    [-100, '0%'],
    [-120, '0%'],
  ])('shows Wi-Fi quality 2 × (rssi + 100) clamped: %i dBm → %s', async (rssi, quality) => {
    routes['/api/network/status'] = { ...NETWORK, sta_rssi: rssi };
    render(<NetworkInfoPage />);
    expect(await screen.findByTestId('wifi-quality')).toHaveTextContent(quality);
  });

  it('shows no quality while the station is not connected', async () => {
    routes['/api/network/status'] = { ...NETWORK, sta_status: false, sta_rssi: 0 };
    render(<NetworkInfoPage />);
    expect(await screen.findByTestId('wifi-quality')).toHaveTextContent('–');
  });
});

describe('Firmware upgrade: version check', () => {
  const compareUrl = (hash: string) =>
    `https://api.github.com/repos/dtu-console/dtu-console/compare/${hash}...HEAD`;

  it.each([
    ['v1.2.0-5-gabc1234', 'abc1234'],
    ['gdeadbee', 'deadbee'],
    ['v26.3.30', 'v26.3.30'],
  ])('compares git_hash %s as %s', async (gitHash, compared) => {
    localStorage.setItem('allowVersionInfo', '1');
    routes['/api/system/status'] = { ...SYSTEM, git_hash: gitHash };
    routes[compareUrl(compared)] = { total_commits: 0, html_url: 'https://example.invalid/compare' };
    render(<FirmwareUpgradePage />);
    expect(await screen.findByTestId('version-badge')).toHaveTextContent('Up to date');
    expect(screen.getByTestId('version-badge')).toHaveClass('text-bg-success');
  });

  it('shows a red badge linking to newer commits, and a grey one with the message on failure', async () => {
    localStorage.setItem('allowVersionInfo', '1');
    routes['/api/system/status'] = SYSTEM;
    routes[compareUrl('abc1234')] = { total_commits: 3, html_url: 'https://example.invalid/compare' };
    const { unmount } = render(<FirmwareUpgradePage />);
    const badge = await screen.findByTestId('version-badge');
    expect(badge).toHaveTextContent('3 newer changes available');
    expect(badge).toHaveClass('text-bg-danger');
    expect(badge).toHaveAttribute('href', 'https://example.invalid/compare');
    unmount();
    queryClient.clear();
    routes[compareUrl('abc1234')] = new Response('', { status: 403, statusText: 'Forbidden' });
    render(<FirmwareUpgradePage />);
    const grey = await screen.findByTestId('version-badge');
    expect(grey).toHaveClass('text-bg-secondary');
    expect(grey).toHaveTextContent('403 Forbidden');
  });

  it('is off by default and saves the toggle as allowVersionInfo', async () => {
    render(<FirmwareUpgradePage />);
    const toggle = screen.getByRole('switch', { name: /Compare the installed version/ });
    expect(toggle).not.toBeChecked();
    expect(fetchMock).not.toHaveBeenCalled();
    routes['/api/system/status'] = SYSTEM;
    await userEvent.click(toggle);
    expect(localStorage.getItem('allowVersionInfo')).toBe('1');
    await userEvent.click(toggle);
    expect(localStorage.getItem('allowVersionInfo')).toBe('0');
  });
});

describe('Config management', () => {
  it('says "no file selected" when Restore is pressed without a file', async () => {
    routes['/api/file/list'] = [{ name: 'config.json', size: 100 }];
    render(<ConfigAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No file selected');
  });

  it('factory reset asks first, then posts {delete:true} and shows the answer', async () => {
    routes['/api/file/list'] = [{ name: 'config.json', size: 100 }];
    routes['/api/file/delete_all'] = { type: 'success', code: 3002, message: '', param: {} };
    render(<ConfigAdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Factory reset…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete all settings?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete and restart' }));
    await waitFor(() => expect(posted).toEqual([{ path: '/api/file/delete_all', data: { delete: true } }]));
    expect(await screen.findByRole('alert')).toHaveClass('alert-success');
  });
});

describe('Reboot', () => {
  it('opens a confirmation with Cancel and Restart; Cancel sends nothing, Restart posts {reboot:true}', async () => {
    routes['/api/maintenance/reboot'] = { type: 'success', code: 6001, message: '', param: {} };
    render(
      <MemoryRouter>
        <RebootPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/A manual restart is normally not needed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart…' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Restart…' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restart' }));
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/api/maintenance/reboot', data: { reboot: true } }]),
    );
    expect(await screen.findByText(/waiting for it to answer/)).toBeInTheDocument();
  });
});

describe('display rules', () => {
  it('formats memory in kB of 1024 bytes, per locale', () => {
    expect(formatters('en').kilobytes(2048)).toBe('2 kB');
    expect(formatters('en').kilobytes(1536)).toBe('2 kB');
    expect(formatters('de').kilobytes(1_536_000)).toBe('1.500 kB');
  });

  it('formats firmware versions as major.minor.patch', () => {
    expect(formatVersion(10_006)).toBe('1.0.6');
    expect(formatVersion(20_512)).toBe('2.5.12');
  });

  it('maps upload answers: 200 success, 500 the body, others "[HTTP ERROR] <status text>"', () => {
    expect(uploadOutcome(200, 'OK', 'OK')).toEqual({ ok: true });
    expect(uploadOutcome(500, 'Internal Server Error', 'Invalid config.json: x')).toEqual({
      ok: false,
      message: 'Invalid config.json: x',
    });
    expect(uploadOutcome(400, 'Bad Request', 'MD5 mismatch')).toEqual({
      ok: false,
      message: '[HTTP ERROR] Bad Request',
    });
  });
});

describe('upload refusals', () => {
  const result = (message: string) => (
    <UploadResult state={{ phase: 'error', message }} successText="done" onBack={() => {}} />
  );

  it('shows a refusal of the gateway in the console language, with its values', async () => {
    const { rerender } = render(result('Checksum mismatch: packages/web/dist/index.html'));
    expect(screen.getByTestId('upload-error')).toHaveTextContent(
      'A file of the release is damaged: packages/web/dist/index.html',
    );
    await act(() => setLanguage('de'));
    try {
      rerender(result('Invalid config.json: cfg.dtu.serial: Expected number'));
      expect(screen.getByTestId('upload-error')).toHaveTextContent(
        'Das ist keine gültige config.json: cfg.dtu.serial: Expected number',
      );
      await act(() => setLanguage('fr'));
      rerender(result('Image too large'));
      expect(screen.getByTestId('upload-error')).toHaveTextContent(
        'Le fichier de version est trop volumineux.',
      );
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('shows any other text as received', () => {
    render(result('[HTTP ERROR] Bad Gateway'));
    expect(screen.getByTestId('upload-error')).toHaveTextContent('[HTTP ERROR] Bad Gateway');
  });
});

describe('waiting for the gateway after a restart', () => {
  it('does not take the answer of the gateway that is about to restart', async () => {
    const answers: (() => Response)[] = [
      () => new Response(JSON.stringify({ ...SYSTEM, uptime: 5000 })),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response(JSON.stringify({ ...SYSTEM, uptime: 0 })),
    ];
    let calls = 0;
    fetchMock.mockImplementation(async () => (answers[calls++] as () => Response)());
    await waitForGateway(new AbortController().signal, 5);
    expect(calls).toBe(3);
  });

  it('takes an answer from a gateway that started after the wait began, even if no call failed', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async () => {
      calls++;
      return new Response(JSON.stringify({ ...SYSTEM, uptime: calls === 1 ? 5000 : 0 }));
    });
    await waitForGateway(new AbortController().signal, 5);
    expect(calls).toBe(2);
  });
});
