/**
 * The console's own router: the few parts of react-router's declarative API the console uses (static
 * paths, one layout route, links, redirects, search parameters), in 1.3 KB instead of react-router's
 * 14.1 KB (brotli) on every first load (docs/console.md, Router; ARCHITECTURE.md, Dependencies). Paths are
 * matched exactly; `*` matches what nothing else does.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /** The caller has already asked the screen with `confirmLeaving` (it had more to do first). */
  confirmed?: boolean;
}

type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

function parse(to: string): Location {
  const url = new URL(to, 'http://console.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook was used outside <BrowserRouter> or <MemoryRouter>');
  return router;
}

/** The browser's address: pushState/replaceState on navigation, popstate on back and forward. */
function readAddress(): Location {
  return parse(window.location.pathname + window.location.search + window.location.hash);
}

/**
 * Screens that must not be left without asking (a form with unsaved changes). Every way out inside the
 * console passes here: links and redirects through `navigate`, back and forward through popstate.
 */
const blockers = new Set<() => boolean>();

/** Asks every blocking screen whether it may be left; true when none objects. */
export function confirmLeaving(): boolean {
  for (const mayLeaveScreen of blockers) if (!mayLeaveScreen()) return false;
  return true;
}

/** While `active`, leaving the screen inside the console first asks `mayLeave` (false stays). */
export function useNavigationBlocker(active: boolean, mayLeaveScreen: () => boolean): void {
  useEffect(() => {
    if (!active) return;
    blockers.add(mayLeaveScreen);
    return () => {
      blockers.delete(mayLeaveScreen);
    };
  }, [active, mayLeaveScreen]);
}

/** Each history entry of the console carries its index, so a refused back or forward can be undone. */
function entryIndex(state: unknown): number {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readAddress);
  const index = useRef(0);
  useEffect(() => {
    index.current = entryIndex(window.history.state);
    if (window.history.state?.idx === undefined) window.history.replaceState({ idx: 0 }, '');
    let undoing = false;
    const onPop = (event: PopStateEvent) => {
      const next = entryIndex(event.state);
      if (undoing) {
        undoing = false;
        return;
      }
      if (next !== index.current && !confirmLeaving()) {
        // Back or forward was refused: step the other way, to the entry the screen is still showing.
        undoing = true;
        window.history.go(index.current - next);
        return;
      }
      index.current = next;
      setLocation(readAddress());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (!options?.confirmed && !confirmLeaving()) return;
    const next = parse(to);
    const href = next.pathname + next.search + next.hash;
    if (options?.replace) window.history.replaceState({ idx: index.current }, '', href);
    else {
      index.current += 1;
      window.history.pushState({ idx: index.current }, '', href);
    }
    setLocation(next);
  }, []);
  const state = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

/** An address kept in memory (tests): starts at the last of `initialEntries`. */
export function MemoryRouter({
  children,
  initialEntries = ['/'],
}: {
  children: ReactNode;
  initialEntries?: string[];
}) {
  const [location, setLocation] = useState(() => parse(initialEntries.at(-1) ?? '/'));
  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (options?.confirmed || confirmLeaving()) setLocation(parse(to));
  }, []);
  const state = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Only a description for <Routes>, which reads its props; it renders nothing by itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesOf(children: ReactNode): RouteProps[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<RouteProps>(child) ? [child.props] : [],
  );
}

function matches(route: RouteProps, pathname: string): boolean {
  if (route.index) return pathname === '/';
  return route.path === pathname || (route.path !== '/' && route.path === pathname.replace(/\/$/, ''));
}

/** The element of the route matching the current path; a route with children is a layout around them. */
function pick(routes: RouteProps[], pathname: string): ReactNode {
  for (const route of routes) {
    if (route.path === undefined && !route.index && route.children) {
      const inner = pick(routesOf(route.children), pathname);
      if (inner !== undefined) {
        return <OutletContext.Provider value={inner}>{route.element}</OutletContext.Provider>;
      }
    } else if (matches(route, pathname)) return route.element ?? null;
  }
  const fallback = routes.find((route) => route.path === '*');
  return fallback ? (fallback.element ?? null) : undefined;
}

export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <>{pick(routesOf(children), pathname) ?? null}</>;
}

/** Where a layout route shows the matched child route. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A plain click navigates inside the console; modified clicks (new tab, …) stay the browser's. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={to} onClick={follow} />;
}

/** A link marked `active` (and aria-current) on its own page; `end` limits that to the exact path. */
export function NavLink({ className, end, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = parse(rest.to).pathname;
  const active =
    pathname === target ||
    (!end && target !== '/' && pathname.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link
      {...rest}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
