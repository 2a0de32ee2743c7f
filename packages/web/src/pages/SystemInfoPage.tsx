import { heapFragmentation, maxUsage, nrfModuleName } from '@dtu-console/contract/format';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { fetchSystemStatus, type SystemStatus } from '../api/system';
import { withQuery } from '../app/query';
import { InfoRow } from '../components/InfoRow';
import { PageFrame } from '../components/PageFrame';
import { EXTRA_NS } from '../i18n';
import '../styles/progress.scss';
import '../styles/tables.scss';
import { useFormat } from '../i18n/format';

/** /info/system: read-only facts about the gateway host (spec §2), with a reload button. */
function SystemInfoPage() {
  const { t } = useTranslation(EXTRA_NS);
  const query = useQuery({ queryKey: ['system', 'status'], queryFn: () => fetchSystemStatus() });
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
  const { t } = useTranslation(EXTRA_NS);
  const f = useFormat();
  const heapFree = status.heap_total - status.heap_used;
  return (
    <div className="row row-cols-1 row-cols-lg-2 g-3">
      <InfoCard title={t('systeminfo.firmware')}>
        <InfoRow label={t('systeminfo.hostname')}>{status.hostname}</InfoRow>
        <InfoRow label={t('systeminfo.version')}>{status.git_hash}</InfoRow>
        <InfoRow label={t('systeminfo.platform')}>{status.sdkversion}</InfoRow>
        <InfoRow label={t('systeminfo.configVersion')}>{status.config_version}</InfoRow>
        <InfoRow label={t('systeminfo.resetReason')}>{status.resetreason_0}</InfoRow>
        <InfoRow label={t('systeminfo.configSaves')}>{f.number(status.cfgsavecount)}</InfoRow>
        <InfoRow label={t('systeminfo.uptime')}>
          <span data-testid="uptime">{formatUptime(status.uptime, t)}</span>
        </InfoRow>
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
          {heapFree > 0 ? f.percent(Math.max(0, heapFragmentation(status.heap_max_block, heapFree))) : '–'}
        </InfoRow>
        <InfoRow label={t('systeminfo.maxUsage')}>
          {f.kilobytes(maxUsage(status.heap_total, status.heap_min_free))}
        </InfoRow>
      </InfoCard>
      <InfoCard title={t('systeminfo.radio')}>
        <RadioRow
          name={nrfModuleName(status.nrf_pvariant)}
          configured={status.nrf_configured}
          connected={status.nrf_connected}
        />
        <RadioRow name="CMT2300A" configured={status.cmt_configured} connected={status.cmt_connected} />
      </InfoCard>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="col">
      <Card className="h-100">
        <Card.Header as="h2" className="h6">
          {title}
        </Card.Header>
        <Table className="mb-0" size="sm" responsive>
          <tbody>{children}</tbody>
        </Table>
      </Card>
    </div>
  );
}

function Usage({ label, used, total }: { label: string; used: number; total: number }) {
  const { t } = useTranslation(EXTRA_NS);
  const f = useFormat();
  const ratio = total > 0 ? used / total : 0;
  return (
    <InfoRow label={label}>
      <ProgressBar now={ratio * 100} label={f.percent(ratio, 0)} className="mb-1" />
      <small>{t('systeminfo.usage', { used: f.kilobytes(used), total: f.kilobytes(total) })}</small>
    </InfoRow>
  );
}

function RadioRow({
  name,
  configured,
  connected,
}: {
  name: string;
  configured: boolean;
  connected: boolean;
}) {
  const { t } = useTranslation(EXTRA_NS);
  return (
    <InfoRow label={name}>
      <Badge bg={configured ? 'success' : 'secondary'} className="me-2">
        {t('systeminfo.radioConfigured')}: {configured ? t('common.yes') : t('common.no')}
      </Badge>
      <Badge bg={connected ? 'success' : 'secondary'}>
        {t('systeminfo.radioConnected')}: {connected ? t('common.yes') : t('common.no')}
      </Badge>
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
