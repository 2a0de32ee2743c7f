import { useWatch } from 'react-hook-form';
import { powerLimiterSettingsQuery, savePowerLimiterSettings } from '../api/powerlimiter';
import { Alert } from '../components/AlertBox';
import { SettingsForm, useSettingsForm } from '../components/form';
import { PageFrame } from '../components/PageFrame';
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
import { MeterFields } from '../components/powermeter/MeterFields';
import { POWERLIMITER_NS } from '../i18n';
import { withQuery } from '../lib/query';

/**
 * /settings/powerlimiter: the house meter the limiter steers by (with "Read now"), the limiter and the
 * inverters it governs (docs/limiter.md). One form, one save: the meter first, then the limiter.
 */
function PowerLimiterSettingsPage() {
  const settings = useSettingsForm({
    query: powerLimiterSettingsQuery,
    toValues,
    toPayload,
    save: savePowerLimiterSettings,
    check,
    namespace: POWERLIMITER_NS,
  });
  const { t } = useLimiterTranslation();
  const { query } = settings;
  return (
    <PageFrame title={t('limiteradmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <MeterFields />
          <LimiterFields />
          <NoMeterWarning />
          <FeedInSection
            stringsWp={stringsPowerWp(query.data.inverters)}
            inUse={query.data.limiter.feed_in_cap.enabled || query.data.limiter.grid_signal.enabled}
          />
          <InverterRows />
        </SettingsForm>
      )}
    </PageFrame>
  );
}

/** A limiter switched on without a meter would only wait: said where it is switched on. */
function NoMeterWarning() {
  const { t } = useLimiterTranslation();
  const [enabled, source] = useWatch<LimiterFormValues, ['limiter.enabled', 'meter.source']>({
    name: ['limiter.enabled', 'meter.source'],
  });
  if (!enabled || source !== 'none') return null;
  return <Alert variant="warning">{t('settings.noMeter')}</Alert>;
}

export default withQuery(PowerLimiterSettingsPage);
