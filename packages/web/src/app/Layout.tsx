import { useTranslation } from 'react-i18next';
import { NavBar } from '../components/NavBar';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { dismiss, useAnnouncements } from '../lib/announce';
import { Outlet, useLocation } from '../lib/navigation';
import { SCREENS } from './routes';

export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <NavBar screens={SCREENS} />
      <Announcements />
      <main>
        <ScreenErrorBoundary key={pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </main>
    </>
  );
}

function Announcements() {
  const { t } = useTranslation();
  const items = useAnnouncements();
  return (
    <div className="announcements" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`alert alert-${item.variant} alert-dismissible shadow-sm mb-2`}>
          {item.text}
          <button
            type="button"
            className="btn-close"
            aria-label={t('common.close')}
            onClick={() => dismiss(item.id)}
          />
        </div>
      ))}
    </div>
  );
}
