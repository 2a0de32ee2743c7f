import { memo, useId, useState } from 'react';
import CheckCircleFill from 'react-bootstrap-icons/dist/icons/check-circle-fill';
import ExclamationCircleFill from 'react-bootstrap-icons/dist/icons/exclamation-circle-fill';
import XCircleFill from 'react-bootstrap-icons/dist/icons/x-circle-fill';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import type { LiveInverter } from '../../ws/livedata';
import { COMPACT_SELECTOR_FROM, matchesSearch, type PillIcon, pillIcon } from './rules';

const ICONS: Record<PillIcon, { Icon: typeof CheckCircleFill; className: string }> = {
  cross: { Icon: XCircleFill, className: 'text-danger' },
  exclamation: { Icon: ExclamationCircleFill, className: 'text-warning' },
  check: { Icon: CheckCircleFill, className: 'text-success' },
};

interface SelectorProps {
  /** In the configured order. */
  inverters: readonly LiveInverter[];
  selected: string;
  onSelect: (serial: string) => void;
}

/**
 * The inverter selector; the live view leaves it out when there is only one. A handful of inverters are
 * pills; from COMPACT_SELECTOR_FROM on they are a compact grid with a search field (name or serial), still
 * in the configured order. Renders without touching window or document (the gateway renders it too).
 */
export function InverterPills(props: SelectorProps) {
  return props.inverters.length >= COMPACT_SELECTOR_FROM ? (
    <CompactSelector {...props} />
  ) : (
    <Pills {...props} />
  );
}

function StateIcon({ inverter, active }: { inverter: LiveInverter; active: boolean }) {
  const { t } = useTranslation();
  const icon = pillIcon(inverter);
  const { Icon, className } = ICONS[icon];
  return (
    <span className="pill-icon" data-icon={icon}>
      <Icon className={active ? '' : className} aria-label={t(`live.state.${icon}`)} role="img" />
    </span>
  );
}

function Pills({ inverters, selected, onSelect }: SelectorProps) {
  const { t } = useTranslation();
  return (
    <div className="nav nav-pills inverter-pills gap-1 mb-3" role="tablist" aria-label={t('live.inverters')}>
      {inverters.map((inverter) => {
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
            <StateIcon inverter={inverter} active={active} />
            {inverter.name || inverter.serial}
          </button>
        );
      })}
    </div>
  );
}

function CompactSelector({ inverters, selected, onSelect }: SelectorProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Filtered at once (a hundred entries are cheap): a deferred filter can starve behind the live pushes.
  const shown = inverters.filter((inverter) => matchesSearch(inverter, query));
  return (
    <div className="inverter-selector mb-3">
      <div className="d-flex align-items-center gap-2 mb-2">
        <label htmlFor={searchId} className="visually-hidden">
          {t('live.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control form-control-sm inverter-search"
          placeholder={t('live.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        <span className="text-body-secondary small text-nowrap" aria-live="polite">
          {t('live.shownOf', { shown: shown.length, total: inverters.length })}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('live.noMatch')}</p>
      ) : (
        <div className="inverter-grid" role="tablist" aria-label={t('live.inverters')}>
          {shown.map((inverter) => (
            <CompactEntry
              key={inverter.serial}
              inverter={inverter}
              active={inverter.serial === selected}
              onSelect={onSelect}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** One grid entry: state, name, AC power once known. Memoised: a push changes one inverter, not all. */
const CompactEntry = memo(function CompactEntry({
  inverter,
  active,
  onSelect,
}: {
  inverter: LiveInverter;
  active: boolean;
  onSelect: (serial: string) => void;
}) {
  const f = useFormat();
  const { t } = useTranslation();
  const power = inverter.AC?.['0']?.Power;
  return (
    <button
      type="button"
      role="tab"
      id={`tab-${inverter.serial}`}
      aria-selected={active}
      aria-controls={`panel-${inverter.serial}`}
      className={`inverter-entry${active ? ' active' : ''}`}
      onClick={() => onSelect(inverter.serial)}
    >
      <StateIcon inverter={inverter} active={active} />
      <span className="inverter-entry-name">{inverter.name || inverter.serial}</span>
      {power ? (
        <span className="inverter-entry-power">{f.value(power)}</span>
      ) : (
        // No push has brought this inverter's power yet: a dash, not a gap that reads as a lost value.
        <span
          className="inverter-entry-power text-body-secondary"
          title={t('live.powerNotYet')}
          aria-hidden="true"
        >
          –
        </span>
      )}
    </button>
  );
});
