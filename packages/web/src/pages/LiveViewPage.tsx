import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../api/auth';
import { Alert } from '../components/AlertBox';
import { BatterySection } from '../components/live/BatterySection';
import { HintsBanner } from '../components/live/HintsBanner';
import { HistorySection } from '../components/live/HistorySection';
import { type InverterDialog, InverterPanel } from '../components/live/InverterPanel';
import { InverterPills } from '../components/live/InverterPills';
import { LimiterSection } from '../components/live/LimiterSection';
import { TotalsCards } from '../components/live/TotalsCards';
import type { InverterDialogProps } from '../components/live/types';
import { PageFrame } from '../components/PageFrame';
import { Link } from '../lib/navigation';
import { useLiveData, useLiveDataSource } from '../ws/useLiveData';

/** Dialogs load on first use: a visitor who only watches never downloads them. */
const DIALOGS: Record<InverterDialog, ComponentType<InverterDialogProps>> = {
  limit: lazy(() => import('../components/live/LimitModal')),
  power: lazy(() => import('../components/live/PowerModal')),
  devinfo: lazy(() => import('../components/live/DevInfoModal')),
  gridprofile: lazy(() => import('../components/live/GridProfileModal')),
  eventlog: lazy(() => import('../components/live/EventLogModal')),
};

/** `/`: hints, plant totals and one tab per inverter with its channels. */
export default function LiveViewPage() {
  const { t } = useTranslation();
  const source = useLiveDataSource();
  const live = useLiveData();
  const signedIn = useSignedIn();
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: InverterDialog; serial: string; name: string } | null>(null);
  const inverter = live.inverters.find((known) => known.serial === selected) ?? live.inverters[0];
  const serial = inverter?.serial;
  const needsDetail = inverter !== undefined && inverter.AC === undefined;

  useEffect(() => {
    if (serial && needsDetail) source.loadDetail(serial);
  }, [source, serial, needsDetail]);

  const Open = dialog ? DIALOGS[dialog.kind] : null;
  return (
    <PageFrame title={t('home.title')} online={live.online} loading={live.loading} onReload={source.reload}>
      {live.error && <Alert variant="danger">{t('live.loadError', { message: live.error })}</Alert>}
      {live.hints && <HintsBanner hints={live.hints} />}
      {live.total && <TotalsCards total={live.total} />}
      {inverter ? (
        <>
          {live.inverters.length > 1 && (
            <InverterPills inverters={live.inverters} selected={inverter.serial} onSelect={setSelected} />
          )}
          <InverterPanel
            inverter={inverter}
            signedIn={signedIn}
            onOpen={(kind) =>
              setDialog({ kind, serial: inverter.serial, name: inverter.name || inverter.serial })
            }
          />
          <HistorySection inverters={live.inverters} />
          {/* Last: each shows up once its status has come, after the first paint, and moves nothing. */}
          <LimiterSection inverters={live.inverters} />
          <BatterySection />
        </>
      ) : (
        !live.error && (
          <div className="alert alert-info">
            {t('live.noInverters')} <Link to="/settings/inverter">{t('live.addInverter')}</Link>
          </div>
        )
      )}
      {dialog && Open && (
        <Suspense fallback={null}>
          <Open serial={dialog.serial} name={dialog.name} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
