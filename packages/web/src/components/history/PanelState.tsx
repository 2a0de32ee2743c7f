import { responseAlert } from '../../api/response';
import { AlertBox } from '../AlertBox';
import { useHistoryTranslation } from './labels';

/** A panel's query while it has no answer: a spinner, or the failure. */
export function QueryState({ error, pending }: { error: Error | null; pending: boolean }) {
  const { t } = useHistoryTranslation();
  if (error) {
    const body = (error as { body?: unknown }).body;
    const text = body ? responseAlert(t, body).text : error.message;
    return <AlertBox alert={{ variant: 'danger', text: t('chart.loadError', { message: text }) }} />;
  }
  return pending ? <Spinner /> : null;
}

export function Spinner() {
  return (
    <div className="card-body text-center">
      <span className="spinner-border spinner-border-sm" role="status" aria-hidden />
    </div>
  );
}
