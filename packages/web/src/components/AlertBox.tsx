import type { AlertMessage } from '../api/response';

/** An answer or failure shown in place (dialogs, forms). */
export function AlertBox({ alert }: { alert: AlertMessage | null }) {
  if (!alert) return null;
  return (
    <div className={`alert alert-${alert.variant}`} role={alert.variant === 'danger' ? 'alert' : 'status'}>
      {alert.text}
    </div>
  );
}
