import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBatteryShown } from '../../api/battery-presence';
import { LazyCard } from '../LazyCard';

/** The card, its data calls and texts load only when it is opened, as the limiter's card. */
const BatteryCard = lazy(() => import('../battery/BatteryCard'));

/**
 * The collapsed battery card below the inverters, offered once the battery is switched on; an opened card
 * stays open on the next visit.
 */
export function BatterySection() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchBatteryShown(abort.signal).then(setShown, () => {});
    return () => abort.abort();
  }, []);
  if (!shown) return null;
  return (
    <LazyCard title={t('batteryadmin.title')} storageKey="batteryOpen" testId="battery-section">
      <BatteryCard />
    </LazyCard>
  );
}
