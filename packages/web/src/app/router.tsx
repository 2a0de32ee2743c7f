import { createBrowserRouter, type RouteObject } from 'react-router';
import { setApiFailureHandlers } from '../api/client';
import { FramePage } from '../components/FramePage';
import { Layout } from './Layout';
import { SCREENS } from './routes';

const children: RouteObject[] = SCREENS.map((screen) => {
  const route: RouteObject = screen.path === '/' ? { index: true } : { path: screen.path.slice(1) };
  if (screen.load) {
    const load = screen.load;
    // One chunk per screen: a visitor of the live view never downloads the settings pages.
    route.lazy = async () => ({ Component: (await load()).default });
  } else {
    route.element = <FramePage titleKey={screen.titleKey} />;
  }
  return route;
});

children.push({ path: '*', element: <FramePage titleKey="notfound.title" /> });

export const router = createBrowserRouter([{ path: '/', element: <Layout />, children }]);

// Spec §7: a 401 anywhere leads to the login with the full path to return to; other failures to /error.
setApiFailureHandlers({
  unauthorized() {
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate(`/login?returnUrl=${encodeURIComponent(pathname + search + hash)}`);
  },
  failure(error) {
    const params = new URLSearchParams({ status: String(error.status), message: error.message });
    void router.navigate(`/error?${params}`);
  },
});
