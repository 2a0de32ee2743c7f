import { wifiQuality } from '@dtu-console/contract/common/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type NetworkStatus, networkStatusQuery } from '../api/network';
import { InfoCard, StateBadge } from '../components/InfoCard';
import { InfoRow } from '../components/InfoRow';
import { PageFrame } from '../components/PageFrame';
import { MAINTENANCE_NS } from '../i18n';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';

/** /info/network: station, access point and interface. */
function NetworkInfoPage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const query = useQuery(networkStatusQuery);
  return (
    <PageFrame
      title={t('networkinfo.title')}
      loading={query.isPending || query.isFetching}
      onReload={() => void query.refetch()}
    >
      {query.data && <NetworkInfo status={query.data} />}
    </PageFrame>
  );
}

function NetworkInfo({ status }: { status: NetworkStatus }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const f = useFormat();
  const onOff = (on: boolean) => (
    <StateBadge ok={on}>{on ? t('networkinfo.enabled') : t('networkinfo.disabled')}</StateBadge>
  );
  return (
    <div className="row row-cols-1 row-cols-lg-2 g-3">
      <InfoCard title={t('networkinfo.station')}>
        <InfoRow label={t('networkinfo.status')}>{onOff(status.sta_status)}</InfoRow>
        <InfoRow label={t('networkinfo.ssid')}>{status.sta_ssid}</InfoRow>
        <InfoRow label={t('networkinfo.bssid')}>{status.sta_bssid}</InfoRow>
        <InfoRow label={t('networkinfo.quality')}>
          <span data-testid="wifi-quality">
            {status.sta_status ? f.percent(wifiQuality(status.sta_rssi) / 100, 0) : '–'}
          </span>
        </InfoRow>
        <InfoRow label={t('networkinfo.rssi')}>
          {status.sta_status ? f.unit(status.sta_rssi, 'dBm') : '–'}
        </InfoRow>
      </InfoCard>
      <InfoCard title={t('networkinfo.accessPoint')}>
        <InfoRow label={t('networkinfo.status')}>{onOff(status.ap_status)}</InfoRow>
        <InfoRow label={t('networkinfo.ssid')}>{status.ap_ssid}</InfoRow>
        <InfoRow label={t('networkinfo.ip')}>{status.ap_ip}</InfoRow>
        <InfoRow label={t('networkinfo.mac')}>{status.ap_mac}</InfoRow>
        <InfoRow label={t('networkinfo.stations')}>{f.number(status.ap_stationnum)}</InfoRow>
      </InfoCard>
      <InfoCard title={t('networkinfo.interface')}>
        <InfoRow label={t('networkinfo.mode')}>
          {status.network_mode === 'Ethernet' ? t('networkinfo.modeEthernet') : t('networkinfo.modeStation')}
        </InfoRow>
        <InfoRow label={t('networkinfo.hostname')}>{status.network_hostname}</InfoRow>
        <InfoRow label={t('networkinfo.ip')}>{status.network_ip}</InfoRow>
        <InfoRow label={t('networkinfo.netmask')}>{status.network_netmask}</InfoRow>
        <InfoRow label={t('networkinfo.gateway')}>{status.network_gateway}</InfoRow>
        <InfoRow label={t('networkinfo.dns1')}>{status.network_dns1}</InfoRow>
        <InfoRow label={t('networkinfo.dns2')}>{status.network_dns2}</InfoRow>
        <InfoRow label={t('networkinfo.mac')}>{status.network_mac}</InfoRow>
      </InfoCard>
    </div>
  );
}

export default withQuery(NetworkInfoPage);
