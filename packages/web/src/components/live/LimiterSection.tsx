import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLimiterShown } from '../../api/limiter-presence';
import type { LiveInverter } from '../../ws/livedata';

/** The card, its data calls, texts and chart load only when it is opened, as the history card's. */
const LimiterCard = lazy(() => import('../limiter/LimiterCard'));
const OPEN_KEY = 'limiterOpen';

/**
 * The collapsed power limiter card below the inverters, offered once the limiter is on or a meter gives
 * readings; an opened card stays open on the next visit.
 */
export function LimiterSection({ inverters }: { inverters: readonly LiveInverter[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(OPEN_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    const abort = new AbortController();
    fetchLimiterShown(abort.signal).then(setShown, () => {});
    return () => abort.abort();
  }, []);
  if (!shown) return null;
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(OPEN_KEY, open ? '0' : '1');
    } catch {
      // Private mode: the card starts closed next time.
    }
  };
  return (
    <section className="card history-card mt-3" data-testid="limiter-section">
      <h2 className="card-header h6 p-0 m-0">
        <button
          type="button"
          className={`btn w-100 text-start fw-semibold history-toggle${open ? ' history-open' : ''}`}
          aria-expanded={open}
          onClick={toggle}
        >
          {t('limiteradmin.title')}
        </button>
      </h2>
      {open && (
        <Suspense fallback={null}>
          <LimiterCard inverters={inverters} />
        </Suspense>
      )}
    </section>
  );
}
