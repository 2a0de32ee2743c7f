import { useEffect, useState } from 'react';
import Bell from 'react-bootstrap-icons/dist/icons/bell';
import BellFill from 'react-bootstrap-icons/dist/icons/bell-fill';
import { useTranslation } from 'react-i18next';
import { ALERTS_CHANGED_EVENT, fetchAlertCount } from '../api/alert-count';
import { NavLink } from '../lib/navigation';

/** How often the bell asks for the count. */
const POLL_MS = 60_000;

/** The navigation bar's bell: open alerts nobody has acknowledged, linking to the alert list. */
export function AlertBell({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!signedIn) {
      setCount(0);
      return;
    }
    const controller = new AbortController();
    const ask = () =>
      fetchAlertCount(controller.signal).then(setCount, () => {
        // No count is not worth an error screen: the bell stays as it was.
      });
    void ask();
    const timer = window.setInterval(ask, POLL_MS);
    window.addEventListener(ALERTS_CHANGED_EVENT, ask);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      window.removeEventListener(ALERTS_CHANGED_EVENT, ask);
    };
  }, [signedIn]);

  // Signed out (the gateway's first paint always is), the bell's place is kept empty: the console signing
  // in on hydration then moves nothing in the bar.
  if (!signedIn) {
    return (
      <li className="nav-item nav-bell-spare" aria-hidden>
        <span className="nav-link">
          <Bell />
        </span>
      </li>
    );
  }
  const Icon = count > 0 ? BellFill : Bell;
  return (
    <li className="nav-item">
      <NavLink className="nav-link position-relative" to="/alerts" aria-label={t('nav.alerts', { count })}>
        <Icon aria-hidden />
        {count > 0 && (
          <span className="badge rounded-pill bg-danger ms-1" data-testid="alert-count">
            {count}
          </span>
        )}
        <span className="nav-label ms-1">{t('nav./alerts')}</span>
      </NavLink>
    </li>
  );
}
