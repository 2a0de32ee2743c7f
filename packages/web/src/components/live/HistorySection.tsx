import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveInverter } from '../../ws/livedata';
import { LazyCard } from '../LazyCard';

/** The chart, its data calls and its texts load only when the card is opened (docs/console.md, History). */
const HistoryCard = lazy(() => import('../history/HistoryCard'));

/** The collapsed history card below the inverters; an opened card stays open on the next visit. */
export function HistorySection({ inverters }: { inverters: readonly LiveInverter[] }) {
  const { t } = useTranslation();
  return (
    <LazyCard title={t('live.history')} storageKey="historyOpen">
      <HistoryCard inverters={inverters} />
    </LazyCard>
  );
}
