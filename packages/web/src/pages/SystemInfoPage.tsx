import { heapFragmentation, maxUsage, nrfModuleName } from '@dtu-console/contract/common/format';
import { resetReasonKey } from '@dtu-console/contract/system/reset-reasons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type SystemStatus, systemStatusQuery } from '../api/system';
import { InfoCard, StateBadge } from '../components/InfoCard';
import { InfoRow } from '../components/InfoRow';
import { PageFrame } from '../components/PageFrame';
import { RadioDiagnostics } from '../components/system/RadioDiagnostics';
import { WifiDiagnostics } from '../components/system/WifiDiagnostics';
import { MAINTENANCE_NS } from '../i18n';
import { useFormat } from '../i18n/format';
import { withQuery } from '../lib/query';
import '../styles/progress.scss';

/** /info/system: read-only facts about the gateway host, with a reload button. */
function SystemInfoPage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const query = useQuery(systemStatusQuery);
  return (
    <PageFrame
      title={t('systeminfo.title')}
      loading={query.isPending || query.isFetching}
      onReload={() => void query.refetch()}
    >
      {query.data && <SystemInfo status={query.data} />}
    </PageFrame>
  );
}

function SystemInfo({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  // This gateway's own reasons in the console's language; OpenDTU's chip reasons as reported.
  const resetReasonText = (reason: string) => {
    const key = resetReasonKey(reason);
    return key ? t(`systeminfo.resetReasons.${key}`) : reason;
  };
  const f = useFormat();
  const heapFree = status.heap_total - status.heap_used;
  return (
    <div className="row row-cols-1 row-cols-lg-2 g-3">
      <InfoCard title={t('systeminfo.firmware')}>
        <InfoRow label={t('systeminfo.hostname')}>{status.hostname}</InfoRow>
        <InfoRow label={t('systeminfo.version')}>{status.git_hash}</InfoRow>
        {status.release && (
          <>
            <InfoRow label={t('systeminfo.releaseCurrent')}>
              <span data-testid="release-current">
                {status.release.current ?? t('systeminfo.releaseCheckout')}
              </span>
            </InfoRow>
            <InfoRow label={t('systeminfo.releasePrevious')}>
              <span data-testid="release-previous">
                {status.release.previous ??
                  (status.release.current ? t('systeminfo.releaseCheckout') : t('systeminfo.releaseNone'))}
              </span>
            </InfoRow>
          </>
        )}
        <InfoRow label={t('systeminfo.platform')}>{status.sdkversion}</InfoRow>
        <InfoRow label={t('systeminfo.configVersion')}>{status.config_version}</InfoRow>
        <InfoRow label={t('systeminfo.resetReason')}>{resetReasonText(status.resetreason_0)}</InfoRow>
        <InfoRow label={t('systeminfo.configSaves')}>{f.number(status.cfgsavecount)}</InfoRow>
        <InfoRow label={t('systeminfo.uptime')}>
          <span data-testid="uptime">{formatUptime(status.uptime, t)}</span>
        </InfoRow>
        {status.tls !== undefined && <HttpsRows tls={status.tls} />}
      </InfoCard>
      <InfoCard title={t('systeminfo.hardware')}>
        <InfoRow label={t('systeminfo.cpu')}>{status.chipmodel}</InfoRow>
        <InfoRow label={t('systeminfo.cores')}>{f.number(status.chipcores)}</InfoRow>
        <InfoRow label={t('systeminfo.cpuFrequency')}>
          {status.cpufreq > 0 ? f.unit(status.cpufreq, 'MHz') : t('common.unknown')}
        </InfoRow>
        <InfoRow label={t('systeminfo.cpuTemperature')}>
          {status.cputemp === null ? t('common.unknown') : f.unit(status.cputemp, '°C', 1)}
        </InfoRow>
        <InfoRow label={t('systeminfo.memoryTotal')}>{f.kilobytes(status.flashsize)}</InfoRow>
      </InfoCard>
      <InfoCard title={t('systeminfo.memory')}>
        <Usage label={t('systeminfo.heap')} used={status.heap_used} total={status.heap_total} />
        <Usage label={t('systeminfo.storage')} used={status.littlefs_used} total={status.littlefs_total} />
      </InfoCard>
      <InfoCard title={t('systeminfo.heapDetails')}>
        <InfoRow label={t('systeminfo.heapTotal')}>{f.kilobytes(status.heap_total)}</InfoRow>
        <InfoRow label={t('systeminfo.heapUsed')}>{f.kilobytes(status.heap_used)}</InfoRow>
        <InfoRow label={t('systeminfo.heapMinFree')}>{f.kilobytes(status.heap_min_free)}</InfoRow>
        <InfoRow label={t('systeminfo.heapMaxBlock')}>{f.kilobytes(status.heap_max_block)}</InfoRow>
        <InfoRow label={t('systeminfo.fragmentation')}>
          <span data-testid="fragmentation">
            {heapFree > 0 ? f.percent(Math.max(0, heapFragmentation(status.heap_max_block, heapFree))) : '–'}
          </span>
        </InfoRow>
        <InfoRow label={t('systeminfo.maxUsage')}>
          <span data-testid="max-usage">
            {f.kilobytes(maxUsage(status.heap_total, status.heap_min_free))}
          </span>
        </InfoRow>
      </InfoCard>
      <InfoCard title={t('systeminfo.radio')}>
        {status.radio_simulated && (
          <tr>
            <td colSpan={2} className="text-body-secondary" data-testid="radio-simulated">
              {t('systeminfo.radioSimulated')}
            </td>
          </tr>
        )}
        <RadioRow
          name={nrfModuleName(status.nrf_pvariant)}
          configured={status.nrf_configured}
          connected={status.nrf_connected}
          simulated={status.radio_simulated === true}
          model={status.radio_mode === 'model'}
          replay={status.radio_mode === 'replay'}
        />
        <RadioRow
          name="CMT2300A"
          configured={status.cmt_configured}
          connected={status.cmt_connected}
          simulated={status.radio_simulated === true}
          model={status.radio_mode === 'model'}
          replay={status.radio_mode === 'replay'}
        />
      </InfoCard>
      <RadioDiagnostics status={status} />
      <WifiDiagnostics />
    </div>
  );
}

/** Whether the gateway serves HTTPS, and the certificate's fingerprint to compare with the browser's. */
function HttpsRows({ tls }: { tls: SystemStatus['tls'] }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const f = useFormat();
  return (
    <>
      <InfoRow label={t('systeminfo.https')}>
        <span data-testid="https-mode">
          {tls
            ? t(tls.source === 'self-signed' ? 'systeminfo.httpsSelfSigned' : 'systeminfo.httpsFiles')
            : t('systeminfo.httpsOff')}
        </span>
      </InfoRow>
      {tls && (
        <>
          <InfoRow label={t('systeminfo.tlsFingerprint')}>
            <code className="text-body" data-testid="tls-fingerprint">
              {tls.fingerprint_sha256}
            </code>
          </InfoRow>
          <InfoRow label={t('systeminfo.tlsValidTo')}>{f.dateTime(new Date(tls.valid_to))}</InfoRow>
        </>
      )}
    </>
  );
}

function Usage({ label, used, total }: { label: string; used: number; total: number }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const f = useFormat();
  const ratio = total > 0 ? used / total : 0;
  return (
    <InfoRow label={label}>
      <div
        className="progress mb-1"
        role="progressbar"
        aria-label={label}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        {/* The figure goes below the bar: inside, a short bar at 375 px cut it. */}
        <div className="progress-bar" style={{ width: `${ratio * 100}%` }} />
      </div>
      <small>
        {f.percent(ratio, 0)} ·{' '}
        {t('systeminfo.usage', { used: f.kilobytes(used), total: f.kilobytes(total) })}
      </small>
    </InfoRow>
  );
}

interface RadioRowProps {
  name: string;
  configured: boolean;
  connected: boolean;
  simulated: boolean;
  /** In the chip models (--radio model) a chip answers, but nothing real is connected. */
  model: boolean;
  /** Replaying a captured log (--radio replay): the answers come from a file, nothing real is connected. */
  replay: boolean;
}

function RadioRow(props: RadioRowProps) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  return (
    <InfoRow label={props.name}>
      <span className="d-inline-flex flex-wrap gap-2">
        <StateBadge ok={props.configured}>
          {t('systeminfo.radioConfigured')}: {yesNo(props.configured)}
        </StateBadge>
        {props.simulated ? (
          props.configured && <StateBadge ok={false}>{t('systeminfo.radioSimulatedBadge')}</StateBadge>
        ) : props.model ? (
          <StateBadge ok={props.connected}>
            {props.connected ? t('radioCard.chip.modelAnswers') : t('radioCard.chip.modelSilent')}
          </StateBadge>
        ) : props.replay ? (
          <StateBadge ok={props.connected}>
            {props.connected ? t('radioCard.chip.replayAnswers') : t('radioCard.chip.replaySilent')}
          </StateBadge>
        ) : (
          <StateBadge ok={props.connected}>
            {t('systeminfo.radioConnected')}: {yesNo(props.connected)}
          </StateBadge>
        )}
      </span>
    </InfoRow>
  );
}

export function formatUptime(seconds: number, t: (key: string, options: Record<string, unknown>) => string) {
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const time = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return t('systeminfo.uptimeValue', { count: days, time });
}

export default withQuery(SystemInfoPage);
