import { useWatch } from 'react-hook-form';
import {
  type PowerLimiterSettings,
  powerLimiterSettingsQuery,
  savePowerLimiterConfig,
} from '../api/powerlimiter';
import { Alert } from '../components/AlertBox';
import { FormCard } from '../components/FormCard';
import { SettingsForm, useSettingsForm } from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { BatteryRulesFields } from '../components/powerlimiter/BatteryRulesFields';
import { FeedInSection } from '../components/powerlimiter/FeedInSection';
import {
  check,
  type LimiterFormValues,
  stringsPowerWp,
  toPayload,
  toValues,
} from '../components/powerlimiter/form-values';
import { InverterRows, LimiterFields } from '../components/powerlimiter/LimiterFields';
import { useLimiterTranslation } from '../components/powerlimiter/labels';
import { POWERLIMITER_NS } from '../i18n';
import { Link } from '../lib/navigation';
import { withQuery } from '../lib/query';

/**
 * /settings/powerlimiter: the limiter and the inverters it governs (docs/limiter.md), and which meter it
 * steers by, with the way to that meter's own screen (/settings/powermeter).
 */
function PowerLimiterSettingsPage() {
  const settings = useSettingsForm({
    query: powerLimiterSettingsQuery,
    toValues,
    toPayload,
    save: savePowerLimiterConfig,
    check,
    namespace: POWERLIMITER_NS,
  });
  const { t } = useLimiterTranslation();
  const { query } = settings;
  return (
    <PageFrame title={t('limiteradmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <MeterSummary meter={query.data.meter} />
          <LimiterFields />
          <NoMeterWarning meter={query.data.meter} />
          <FeedInSection
            stringsWp={stringsPowerWp(query.data.inverters)}
            inUse={query.data.limiter.feed_in_cap.enabled || query.data.limiter.grid_signal.enabled}
          />
          <InverterRows />
          <BatteryRulesFields />
        </SettingsForm>
      )}
    </PageFrame>
  );
}

/** The meter the limiter steers by, as saved on its own screen, and the way there. */
function MeterSummary({ meter }: { meter: PowerLimiterSettings['meter'] }) {
  const { t } = useLimiterTranslation();
  return (
    <FormCard title={t('settings.meter')}>
      <p className="form-text mt-0">{t('settings.meterHint')}</p>
      <p className="mb-2" data-testid="limiter-meter-source">
        {t('settings.meterInUse', { source: t(`meter.source.${meter.enabled ? meter.source : 'none'}`) })}
      </p>
      <Link to="/settings/powermeter" className="btn btn-outline-primary btn-sm">
        {t('settings.toMeter')}
      </Link>
    </FormCard>
  );
}

/** A limiter switched on without a meter would only wait: said where it is switched on. */
function NoMeterWarning({ meter }: { meter: PowerLimiterSettings['meter'] }) {
  const { t } = useLimiterTranslation();
  const enabled = useWatch<LimiterFormValues, 'limiter.enabled'>({ name: 'limiter.enabled' });
  if (!enabled || (meter.enabled && meter.source !== 'none')) return null;
  return <Alert variant="warning">{t('settings.noMeter')}</Alert>;
}

export default withQuery(PowerLimiterSettingsPage);
