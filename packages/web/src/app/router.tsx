import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../api/auth';
import { setApiFailureHandlers } from '../api/client';
import { FramePage } from '../components/FramePage';
import { PageFrame } from '../components/PageFrame';
import { Navigate, Route, Routes, useLocation, useNavigate } from '../lib/navigation';
import { Layout } from './Layout';
import { SCREENS, type ScreenRoute } from './routes';

/**
 * Declarative routes on the console's own router (navigation.tsx). Each screen is its own lazily loaded
 * chunk.
 */
function screenElement(screen: ScreenRoute) {
  const element = screenContent(screen);
  return screen.requiresLogin ? <RequireLogin>{element}</RequireLogin> : element;
}

function screenContent(screen: ScreenRoute) {
  if (screen.component) return <screen.component />;
  if (!screen.load) return <FramePage titleKey={screen.titleKey} />;
  const Screen: ComponentType = lazy(screen.load);
  return (
    <Suspense fallback={<ScreenLoading titleKey={screen.titleKey} />}>
      <Screen />
    </Suspense>
  );
}

/** Sends a visitor who is not signed in to the login with the full path to come back to. */
function RequireLogin({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const { pathname, search, hash } = useLocation();
  if (signedIn) return children;
  return <Navigate replace to={`/login?returnUrl=${encodeURIComponent(pathname + search + hash)}`} />;
}

/** While a screen's chunk loads: its frame, title and spinner already. */
function ScreenLoading({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageFrame title={t(titleKey)} loading />;
}

const ELEMENTS = SCREENS.map((screen) => ({ path: screen.path, element: screenElement(screen) }));

export function AppRoutes() {
  return (
    <>
      <ApiNavigation />
      <Routes>
        <Route element={<Layout />}>
          {ELEMENTS.map(({ path, element }) =>
            path === '/' ? (
              <Route index element={element} key={path} />
            ) : (
              <Route path={path} element={element} key={path} />
            ),
          )}
          <Route path="*" element={<FramePage titleKey="notfound.title" />} />
        </Route>
      </Routes>
    </>
  );
}

/** The full path of the current page, what the login returns to. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname + search + hash;
}

/** A 401 anywhere leads to the login with the full path to return to; other failures to /error. */
function ApiNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setApiFailureHandlers({
      unauthorized() {
        if (window.location.pathname === '/login') return;
        void navigate(`/login?returnUrl=${encodeURIComponent(currentPath())}`);
      },
      failure(error) {
        const params = new URLSearchParams({ status: String(error.status), message: error.message });
        void navigate(`/error?${params}`);
      },
    });
  }, [navigate]);
  return null;
}
