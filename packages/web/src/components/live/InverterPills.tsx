import CheckCircleFill from 'react-bootstrap-icons/dist/icons/check-circle-fill';
import ExclamationCircleFill from 'react-bootstrap-icons/dist/icons/exclamation-circle-fill';
import XCircleFill from 'react-bootstrap-icons/dist/icons/x-circle-fill';
import { useTranslation } from 'react-i18next';
import type { LiveInverter } from '../../ws/livedata';
import { type PillIcon, pillIcon } from './rules';

const ICONS: Record<PillIcon, { Icon: typeof CheckCircleFill; className: string }> = {
  cross: { Icon: XCircleFill, className: 'text-danger' },
  exclamation: { Icon: ExclamationCircleFill, className: 'text-warning' },
  check: { Icon: CheckCircleFill, className: 'text-success' },
};

/** One pill per inverter; the live view leaves it out when there is only one. */
export function InverterPills({
  inverters,
  selected,
  onSelect,
}: {
  inverters: readonly LiveInverter[];
  selected: string;
  onSelect: (serial: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="nav nav-pills inverter-pills gap-1 mb-3" role="tablist" aria-label={t('live.inverters')}>
      {inverters.map((inverter) => {
        const icon = pillIcon(inverter);
        const { Icon, className } = ICONS[icon];
        const active = inverter.serial === selected;
        return (
          <button
            key={inverter.serial}
            type="button"
            role="tab"
            id={`tab-${inverter.serial}`}
            aria-selected={active}
            aria-controls={`panel-${inverter.serial}`}
            className={`nav-link d-flex align-items-center gap-2${active ? ' active' : ''}`}
            onClick={() => onSelect(inverter.serial)}
          >
            <span className="pill-icon" data-icon={icon}>
              <Icon className={active ? '' : className} aria-label={t(`live.state.${icon}`)} role="img" />
            </span>
            {inverter.name || inverter.serial}
          </button>
        );
      })}
    </div>
  );
}
