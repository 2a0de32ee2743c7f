import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUser, onAuthChange, setUser } from '../../src/api/auth';
import { MemoryRouter, Route, Routes, useLocation } from '../../src/lib/navigation';
import LoginPage, { safeReturnUrl } from '../../src/pages/LoginPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderLogin(url = '/login?returnUrl=%2Finfo%2Fsystem%3Fx%3D1') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('login page', () => {
  it('requires username and password with their texts and sends nothing', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter the username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('blocks spaces in the username, typed or pasted', async () => {
    renderLogin();
    const username = screen.getByLabelText('Username');
    await userEvent.type(username, 'ad min ');
    expect(username).toHaveValue('admin');
    await userEvent.clear(username);
    await userEvent.click(username);
    await userEvent.paste(' ad\tmin ');
    expect(username).toHaveValue('admin');
  });

  it('signs in with Basic credentials, stores the user, emits logged-in and returns to returnUrl', async () => {
    const events: unknown[] = [];
    const off = onAuthChange((user) => events.push(user ? 'in' : 'out'));
    let release: (() => void) | undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(new Response('{"type":"success","message":"ok","code":10002}'));
        }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'openDTU42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // Loading state while the gateway answers.
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/security/authenticate');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa('admin:openDTU42')}`);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    release?.();
    expect(await screen.findByTestId('where')).toHaveTextContent('/info/system?x=1');
    expect(getUser()).toEqual({ username: 'admin', authdata: btoa('admin:openDTU42') });
    expect(events).toEqual(['in']);
    off();
  });

  it('shows "Invalid credentials" on a 401, clears the user and emits logged-out', async () => {
    setUser({ username: 'admin', authdata: 'old' });
    const events: unknown[] = [];
    const off = onAuthChange((user) => events.push(user ? 'in' : 'out'));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401, statusText: 'Unauthorized' }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('alert')).toHaveClass('alert-danger');
    expect(getUser()).toBeNull();
    expect(events.at(-1)).toBe('out');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    off();
  });

  it('shows the failure message when the gateway cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderLogin('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it('returns to / without returnUrl', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"type":"success","message":"ok","code":10002}'));
    renderLogin('/login');
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'openDTU42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('accepts only paths of this console as returnUrl', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
    expect(safeReturnUrl('/settings/mqtt?a=1#x')).toBe('/settings/mqtt?a=1#x');
    expect(safeReturnUrl('//evil.example/')).toBe('/');
    expect(safeReturnUrl('/\\evil.example/')).toBe('/');
    expect(safeReturnUrl('https://evil.example/')).toBe('/');
  });
});
