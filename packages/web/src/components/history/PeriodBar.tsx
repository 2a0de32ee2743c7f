import type { ReactNode } from 'react';
import ChevronLeft from 'react-bootstrap-icons/dist/icons/chevron-left';
import ChevronRight from 'react-bootstrap-icons/dist/icons/chevron-right';
import Download from 'react-bootstrap-icons/dist/icons/download';
import { useHistoryTranslation } from './labels';

/** Earlier / later buttons around the period's picker, "today" and the CSV button. */
export function PeriodBar(props: {
  picker: ReactNode;
  earlier: () => void;
  later: (() => void) | null;
  current: (() => void) | null;
  currentLabel: string;
  csv: (() => void) | null;
  total: ReactNode;
}) {
  const { t } = useHistoryTranslation();
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <div className="input-group input-group-sm w-auto flex-nowrap">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={props.earlier}
          aria-label={t('chart.earlier')}
        >
          <ChevronLeft aria-hidden />
        </button>
        {props.picker}
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={props.later ?? undefined}
          disabled={!props.later}
          aria-label={t('chart.later')}
        >
          <ChevronRight aria-hidden />
        </button>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary flex-shrink-0"
        onClick={props.current ?? undefined}
        disabled={!props.current}
      >
        {props.currentLabel}
      </button>
      <div className="d-flex gap-2 align-items-center justify-content-end flex-grow-1">
        <div className="history-total small text-end" data-testid="history-total">
          {props.total}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary flex-shrink-0"
          onClick={props.csv ?? undefined}
          disabled={!props.csv}
          title={t('chart.csvTitle')}
        >
          <Download aria-hidden className="me-1" />
          {t('chart.csv')}
        </button>
      </div>
    </div>
  );
}
