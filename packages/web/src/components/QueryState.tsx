import type { TFunction } from 'i18next';
import { responseAlert } from '../api/response';
import { AlertBox } from './AlertBox';

/**
 * A card's query while it has no answer: a spinner while it loads, or why it failed (the gateway's own
 * message where it sent one). `failed` words the failure in the card's namespace; `t` reads the message.
 */
export function QueryState({
  error,
  pending,
  t,
  failed,
}: {
  error: Error | null;
  pending: boolean;
  t: TFunction;
  failed: (message: string) => string;
}) {
  if (error) {
    const body = (error as { body?: unknown }).body;
    const text = body ? responseAlert(t, body).text : error.message;
    return <AlertBox alert={{ variant: 'danger', text: failed(text) }} />;
  }
  return pending ? <Spinner /> : null;
}

/** A card body's loading state. */
export function Spinner() {
  return (
    <div className="card-body text-center">
      <span className="spinner-border spinner-border-sm" role="status" aria-hidden />
    </div>
  );
}
