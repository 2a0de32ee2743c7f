import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type MqttStatus, mqttStatusQuery } from '../api/mqtt';
import { InfoCard, StateBadge } from '../components/InfoCard';
import { InfoRow } from '../components/InfoRow';
import { PageFrame } from '../components/PageFrame';
import { MAINTENANCE_NS } from '../i18n';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';

/** /info/mqtt: connection state, a summary of the settings and the certificates in use. */
function MqttInfoPage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const query = useQuery(mqttStatusQuery);
  return (
    <PageFrame
      title={t('mqttinfo.title')}
      loading={query.isPending || query.isFetching}
      onReload={() => void query.refetch()}
    >
      {query.data && <MqttInfo status={query.data} />}
    </PageFrame>
  );
}

function MqttInfo({ status }: { status: MqttStatus }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const f = useFormat();
  const onOff = (on: boolean) => (
    <StateBadge ok={on}>{on ? t('mqttinfo.enabled') : t('mqttinfo.disabled')}</StateBadge>
  );
  const yesNo = (on: boolean) => (on ? t('common.yes') : t('common.no'));
  return (
    <div className="row row-cols-1 g-3">
      <InfoCard title={t('mqttinfo.configuration')}>
        <InfoRow label={t('mqttinfo.status')}>{onOff(status.mqtt_enabled)}</InfoRow>
        <InfoRow label={t('mqttinfo.server')}>{status.mqtt_hostname}</InfoRow>
        <InfoRow label={t('mqttinfo.port')}>{status.mqtt_port}</InfoRow>
        <InfoRow label={t('mqttinfo.clientId')}>{status.mqtt_clientid}</InfoRow>
        <InfoRow label={t('mqttinfo.username')}>{status.mqtt_username}</InfoRow>
        <InfoRow label={t('mqttinfo.baseTopic')}>{status.mqtt_topic}</InfoRow>
        <InfoRow label={t('mqttinfo.publishInterval')}>
          {t('mqttinfo.seconds', { value: f.number(status.mqtt_publish_interval) })}
        </InfoRow>
        <InfoRow label={t('mqttinfo.cleanSession')}>{yesNo(status.mqtt_clean_session)}</InfoRow>
        <InfoRow label={t('mqttinfo.retain')}>{yesNo(status.mqtt_retain)}</InfoRow>
        <InfoRow label={t('mqttinfo.tls')}>{onOff(status.mqtt_tls)}</InfoRow>
        {status.mqtt_tls && (
          <InfoRow label={t('mqttinfo.rootCa')}>
            <Certificate info={status.mqtt_root_ca_cert_info} />
          </InfoRow>
        )}
        <InfoRow label={t('mqttinfo.certLogin')}>{onOff(status.mqtt_tls_cert_login)}</InfoRow>
        {status.mqtt_tls_cert_login && (
          <InfoRow label={t('mqttinfo.clientCert')}>
            <Certificate info={status.mqtt_client_cert_info} />
          </InfoRow>
        )}
      </InfoCard>
      <InfoCard title={t('mqttinfo.hass')}>
        <InfoRow label={t('mqttinfo.status')}>{onOff(status.mqtt_hass_enabled)}</InfoRow>
        <InfoRow label={t('mqttinfo.hassTopic')}>{status.mqtt_hass_topic}</InfoRow>
        <InfoRow label={t('mqttinfo.retain')}>{yesNo(status.mqtt_hass_retain)}</InfoRow>
        <InfoRow label={t('mqttinfo.hassExpire')}>{yesNo(status.mqtt_hass_expire)}</InfoRow>
        <InfoRow label={t('mqttinfo.hassPanels')}>{yesNo(status.mqtt_hass_individualpanels)}</InfoRow>
      </InfoCard>
      <InfoCard title={t('mqttinfo.runtime')}>
        <InfoRow label={t('mqttinfo.connection')}>
          <StateBadge ok={status.mqtt_connected}>
            {status.mqtt_connected ? t('mqttinfo.connected') : t('mqttinfo.disconnected')}
          </StateBadge>
        </InfoRow>
        <InfoRow label={t('mqttinfo.lwtTopic')}>{status.mqtt_lwt_topic}</InfoRow>
      </InfoCard>
    </div>
  );
}

/** The gateway's multi-line certificate description, or a note when it could not read the certificate. */
function Certificate({ info }: { info: string }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  if (!info) return <span className="text-body-secondary">{t('mqttinfo.certUnreadable')}</span>;
  return <pre className="mb-0 small text-wrap">{info}</pre>;
}

export default withQuery(MqttInfoPage);
