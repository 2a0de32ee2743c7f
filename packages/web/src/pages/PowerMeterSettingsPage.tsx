import { powerMeterConfigQuery, savePowerMeterConfig } from '../api/powermeter';
import { SettingsForm, useSettingsForm } from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { useLimiterTranslation } from '../components/powerlimiter/labels';
import { check, toPayload, toValues } from '../components/powermeter/form-values';
import { MeterFields } from '../components/powermeter/MeterFields';
import { POWERLIMITER_NS } from '../i18n';
import { Link } from '../lib/navigation';
import { withQuery } from '../lib/query';

/**
 * /settings/powermeter: the house meter at the grid connection (its source, with "Read now"), which the
 * power limiter steers by and the live view shows (docs/limiter.md).
 */
function PowerMeterSettingsPage() {
  const settings = useSettingsForm({
    query: powerMeterConfigQuery,
    toValues,
    toPayload,
    save: savePowerMeterConfig,
    check,
    namespace: POWERLIMITER_NS,
  });
  const { t } = useLimiterTranslation();
  const { query } = settings;
  return (
    <PageFrame title={t('meteradmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <MeterFields />
          <p className="small">
            <Link to="/settings/powerlimiter">{t('settings.toLimiter')}</Link>
          </p>
        </SettingsForm>
      )}
    </PageFrame>
  );
}

export default withQuery(PowerMeterSettingsPage);
