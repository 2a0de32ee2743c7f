/** Scenario: the console shell as a whole (App): every screen's route and title, the login redirects, 401 and failures, the navigation bar and the About screen. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBasic, getUser, onAuthChange, setUser } from '../../src/api/auth';
import { apiGet } from '../../src/api/client';
import { App } from '../../src/app/App';
import { IDLE_LIVE, staticLiveSource } from '../helpers/render';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.useRealTimers();
});

function open(path: string) {
  window.history.pushState(null, '', path);
  return render(<App liveSource={staticLiveSource(IDLE_LIVE)} />);
}

const path = () => window.location.pathname + window.location.search;

describe('routes', () => {
  it('every screen of the console has its route with its title', async () => {
    const titles: Record<string, string> = {
      '/settings/network': 'Network settings',
      '/settings/ntp': 'Time settings',
      '/settings/mqtt': 'MQTT settings',
      '/settings/inverter': 'Inverter settings',
      '/settings/security': 'Security settings',
      '/settings/dtu': 'DTU radio settings',
      '/settings/device': 'Device manager',
      '/settings/config': 'Config management',
      '/info/network': 'Network info',
      '/info/ntp': 'Time info',
      '/info/mqtt': 'MQTT info',
      '/info/console': 'Console',
      '/about': 'About dtu-console',
      '/login': 'Sign in',
      '/error': 'Oops!',
      '/': 'Live view',
    };
    for (const [route, title] of Object.entries(titles)) {
      const { unmount } = open(route);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      unmount();
    }
  });
});

describe('screens that need a login', () => {
  it.each([
    ['/firmware/upgrade', 'Firmware upgrade'],
    ['/maintenance/reboot', 'Reboot the gateway'],
  ])('%s sends visitors to the login and shows itself when signed in', async (route, title) => {
    const first = open(`${route}?x=1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(path()).toBe(`/login?returnUrl=${encodeURIComponent(`${route}?x=1`)}`);
    first.unmount();
    setUser({ username: 'admin', authdata: encodeBasic('admin', 'secret99') });
    open(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('401 and failures', () => {
  it('a 401 anywhere clears the user and leads to the login with the full path to return to', async () => {
    setUser({ username: 'admin', authdata: encodeBasic('admin', 'old-password') });
    open('/settings/mqtt?tab=2#lwt');
    await screen.findByRole('heading', { level: 1, name: 'MQTT settings' });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await act(async () => {
      await apiGet('/api/mqtt/config').catch(() => undefined);
    });
    await waitFor(() =>
      expect(path()).toBe(`/login?returnUrl=${encodeURIComponent('/settings/mqtt?tab=2#lwt')}`),
    );
    expect(getUser()).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('other failures lead to the Error screen with status and message', async () => {
    open('/info/network');
    await screen.findByRole('heading', { level: 1, name: 'Network info' });
    fetchMock.mockResolvedValueOnce(new Response('{"message":"disk full"}', { status: 500 }));
    await act(async () => {
      await apiGet('/api/network/status').catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(await screen.findByTestId('error-status')).toHaveTextContent('500');
    expect(screen.getByTestId('error-message')).toHaveTextContent('disk full');
  });
});

describe('navigation bar', () => {
  it('has the live view, both menus with every entry, and About', async () => {
    open('/about');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Live view' })).toHaveAttribute('href', '/');
    const settingsToggle = within(nav).getByRole('button', { name: 'Settings' });
    await userEvent.click(settingsToggle);
    expect(settingsToggle).toHaveAttribute('aria-expanded', 'true');
    const settings = within(settingsToggle.closest('li')!);
    for (const name of [
      'Network',
      'Time (NTP)',
      'MQTT',
      'Inverters',
      'Security',
      'DTU radio',
      'Device manager',
      'Config management',
      'Firmware upgrade',
      'Reboot',
    ]) {
      expect(settings.getByRole('link', { name })).toBeInTheDocument();
    }
    const infoToggle = within(nav).getByRole('button', { name: 'Info' });
    await userEvent.click(infoToggle);
    // One menu open at a time: the click elsewhere closed Settings.
    expect(settingsToggle).toHaveAttribute('aria-expanded', 'false');
    const info = within(infoToggle.closest('li')!);
    for (const name of ['System', 'Network', 'Time (NTP)', 'MQTT', 'Console']) {
      expect(info.getByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(info.getByRole('link', { name: 'Console' }));
    expect(infoToggle).toHaveAttribute('aria-expanded', 'false');
    expect(path()).toBe('/info/console');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });

  it('offers Login when signed out, carrying the current page as returnUrl', async () => {
    open('/info/ntp');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent('/info/ntp')}`,
    );
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('Logout clears the login, announces it and goes to /', async () => {
    setUser({ username: 'admin', authdata: encodeBasic('admin', 'secret99') });
    const events: string[] = [];
    const off = onAuthChange((user) => events.push(user ? 'in' : 'out'));
    open('/info/mqtt');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(getUser()).toBeNull();
    expect(events).toEqual(['out']);
    expect(path()).toBe('/');
    expect(screen.getByText('You are signed out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    off();
  });

  it('re-evaluates the brand icon every 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2025, 11, 23, 23, 59, 55));
    open('/about');
    const brand = () => screen.getByRole('link', { name: 'dtu-console' }).querySelector('[data-icon]');
    expect(brand()).toHaveAttribute('data-icon', 'sun');
    await act(async () => {
      vi.advanceTimersByTime(9_000);
    });
    expect(brand()).toHaveAttribute('data-icon', 'sun');
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(brand()).toHaveAttribute('data-icon', 'tree');
  });

  it('switches the language through its menu', async () => {
    open('/about');
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'À propos de dtu-console' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Langue/ }));
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About dtu-console' })).toBeInTheDocument();
  });
});

describe('about page', () => {
  it('has the five sections with Documentation open', async () => {
    open('/about');
    // The About screen is a lazy chunk: the navigation bar's own buttons are there before it.
    const documentation = await screen.findByRole('button', { name: 'Documentation' });
    const buttons = screen.getAllByRole('button', { expanded: false });
    expect(documentation).toHaveAttribute('aria-expanded', 'true');
    expect(buttons.map((button) => button.textContent)).toEqual(
      expect.arrayContaining(['Project origin', 'News and updates', 'Error reporting', 'Discussion']),
    );
    expect(screen.getByText(/gateway and web console for Hoymiles/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Error reporting' }));
    expect(screen.getByRole('button', { name: 'Error reporting' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/issue tracker/)).toBeInTheDocument();
  });
});
