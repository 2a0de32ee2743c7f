import type { SetStatus } from '@dtu-console/contract/limit/api';
import { useTranslation } from 'react-i18next';
import { EXTRA_NS } from '../../i18n';
import { SET_STATUS_VARIANTS } from './rules';

/** While a command is pending, its status is re-read this often so the badge follows it. */
const PENDING_POLL_MS = 2000;

/** `refetchInterval` of the limit and power status queries. */
export function pollWhilePending(status: SetStatus | undefined): number | false {
  return status === 'Pending' ? PENDING_POLL_MS : false;
}

/** Result of the last limit or power command (red, amber, green, grey). */
export function SetStatusBadge({ status }: { status: SetStatus | undefined }) {
  const { t } = useTranslation(EXTRA_NS);
  const value: SetStatus = status ?? 'Unknown';
  const variant = SET_STATUS_VARIANTS[value] ?? 'secondary';
  return (
    <span className={`badge text-bg-${variant}`} data-status={value}>
      {t(`setStatus.${value}`, { defaultValue: value })}
    </span>
  );
}
