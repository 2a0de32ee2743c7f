import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigationBlocker,
  useSearchParams,
} from '../../src/lib/navigation';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function Query() {
  const [params] = useSearchParams();
  return <p data-testid="query">{params.get('q')}</p>;
}

function Shell() {
  return (
    <div data-testid="layout">
      <NavLink to="/" end className="nav-link">
        home
      </NavLink>
      <NavLink to="/info" className="nav-link">
        info
      </NavLink>
      <Link to="/info/system?q=1">system</Link>
      <Outlet />
      <Where />
    </div>
  );
}

function app() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<p>home page</p>} />
        <Route path="/info/system" element={<Query />} />
        <Route path="/old" element={<Navigate replace to="/info/system?q=moved" />} />
        <Route path="*" element={<p>not found</p>} />
      </Route>
    </Routes>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the console router', () => {
  it('renders the index route inside the layout and marks the exact link active', () => {
    render(<MemoryRouter>{app()}</MemoryRouter>);
    expect(screen.getByTestId('layout')).toContainElement(screen.getByText('home page'));
    expect(screen.getByRole('link', { name: 'home' })).toHaveClass('nav-link', 'active');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'info' })).not.toHaveClass('active');
  });

  it('follows a link, reads search parameters and marks the parent link active', async () => {
    render(<MemoryRouter>{app()}</MemoryRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'system' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/info/system?q=1');
    expect(screen.getByTestId('query')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'info' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'home' })).not.toHaveClass('active');
  });

  it('shows the catch-all route for an unknown path and redirects with Navigate', () => {
    const { unmount } = render(<MemoryRouter initialEntries={['/nowhere']}>{app()}</MemoryRouter>);
    expect(screen.getByText('not found')).toBeInTheDocument();
    unmount();
    render(<MemoryRouter initialEntries={['/old']}>{app()}</MemoryRouter>);
    expect(screen.getByTestId('query')).toHaveTextContent('moved');
  });

  it('keeps the browser address in step: push on click, back with popstate', async () => {
    render(<BrowserRouter>{app()}</BrowserRouter>);
    await userEvent.click(screen.getByRole('link', { name: 'system' }));
    expect(window.location.pathname + window.location.search).toBe('/info/system?q=1');
    window.history.back();
    await screen.findByText('home page');
  });
});

describe('leaving a screen that blocks', () => {
  function Guarded({ ask }: { ask: () => boolean }) {
    useNavigationBlocker(true, ask);
    return <p>form</p>;
  }
  function GuardedApp({ ask }: { ask: () => boolean }) {
    return (
      <BrowserRouter>
        <Link to="/other">other</Link>
        <Routes>
          <Route path="/form" element={<Guarded ask={ask} />} />
          <Route path="/other" element={<p>other page</p>} />
        </Routes>
        <Where />
      </BrowserRouter>
    );
  }

  it('asks before a link leaves, and stays when the answer is no', async () => {
    window.history.replaceState(null, '', '/form');
    const ask = vi.fn(() => false);
    render(<GuardedApp ask={ask} />);
    await userEvent.click(screen.getByText('other'));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/form');
    expect(window.location.pathname).toBe('/form');
  });

  it('undoes a refused back step, and lets it through once allowed', async () => {
    window.history.replaceState(null, '', '/other');
    let allow = true;
    const ask = vi.fn(() => allow);
    render(<GuardedApp ask={ask} />);
    act(() => {
      window.history.pushState({ idx: 1 }, '', '/form');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }));
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/form');
    allow = false;
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => {});
    act(() => {
      window.history.replaceState({ idx: 0 }, '', '/other');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    });
    expect(ask).toHaveBeenCalled();
    expect(go).toHaveBeenCalledWith(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/form');
    go.mockRestore();
  });
});
