import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLimiterShown } from '../../api/limiter-presence';
import type { LiveInverter } from '../../ws/livedata';
import { LazyCard } from '../LazyCard';

/** The card, its data calls, texts and chart load only when it is opened, as the history card's. */
const LimiterCard = lazy(() => import('../powerlimiter/LimiterCard'));

/**
 * The collapsed power limiter card below the inverters, offered once the limiter is on or a meter gives
 * readings; an opened card stays open on the next visit.
 */
export function LimiterSection({ inverters }: { inverters: readonly LiveInverter[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchLimiterShown(abort.signal).then(setShown, () => {});
    return () => abort.abort();
  }, []);
  if (!shown) return null;
  return (
    <LazyCard title={t('limiteradmin.title')} storageKey="limiterOpen" testId="limiter-section">
      <LimiterCard inverters={inverters} />
    </LazyCard>
  );
}
