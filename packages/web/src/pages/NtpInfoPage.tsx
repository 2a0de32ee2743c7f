import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type NtpStatus, ntpStatusQuery } from '../api/ntp';
import { InfoCard, StateBadge } from '../components/InfoCard';
import { InfoRow } from '../components/InfoRow';
import { PageFrame } from '../components/PageFrame';
import { MAINTENANCE_NS } from '../i18n';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';

/** /info/ntp: clock synchronisation, local time and the sun times the night rules use. */
function NtpInfoPage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const query = useQuery(ntpStatusQuery);
  return (
    <PageFrame
      title={t('ntpinfo.title')}
      loading={query.isPending || query.isFetching}
      onReload={() => void query.refetch()}
    >
      {query.data && <NtpInfo status={query.data} />}
    </PageFrame>
  );
}

function NtpInfo({ status }: { status: NtpStatus }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const f = useFormat();
  const sunKnown = status.sun_isSunsetAvailable;
  return (
    <div className="row row-cols-1 g-3">
      <InfoCard title={t('ntpinfo.configuration')}>
        <InfoRow label={t('ntpinfo.server')}>{status.ntp_server}</InfoRow>
        <InfoRow label={t('ntpinfo.timezone')}>{status.ntp_timezone}</InfoRow>
        <InfoRow label={t('ntpinfo.timezoneName')}>{status.ntp_timezone_descr}</InfoRow>
      </InfoCard>
      <InfoCard title={t('ntpinfo.state')}>
        <InfoRow label={t('ntpinfo.sync')}>
          <StateBadge ok={status.ntp_status} warn>
            {status.ntp_status ? t('ntpinfo.synced') : t('ntpinfo.notSynced')}
          </StateBadge>
        </InfoRow>
        <InfoRow label={t('ntpinfo.localTime')}>{f.gatewayTime(status.ntp_localtime)}</InfoRow>
        <InfoRow label={t('ntpinfo.sunrise')}>
          {sunKnown ? f.gatewayTime(status.sun_risetime) : t('ntpinfo.sunUnknown')}
        </InfoRow>
        <InfoRow label={t('ntpinfo.sunset')}>
          {sunKnown ? f.gatewayTime(status.sun_settime) : t('ntpinfo.sunUnknown')}
        </InfoRow>
        <InfoRow label={t('ntpinfo.mode')}>
          {sunKnown ? (
            <StateBadge ok={status.sun_isDayPeriod}>
              {status.sun_isDayPeriod ? t('ntpinfo.day') : t('ntpinfo.night')}
            </StateBadge>
          ) : (
            t('ntpinfo.sunUnknown')
          )}
        </InfoRow>
      </InfoCard>
    </div>
  );
}

export default withQuery(NtpInfoPage);
