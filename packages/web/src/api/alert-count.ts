import type { AlertsStatus } from '@dtu-console/contract/alerts/api';
import { apiGet } from './client';

/** The window event the alert screens fire after acknowledging, so the bell asks again at once. */
export const ALERTS_CHANGED_EVENT = 'dtu-alerts-changed';

/** Open alerts nobody acknowledged yet: the bell's count (the shell's one small request for alerts). */
export async function fetchAlertCount(signal?: AbortSignal): Promise<number> {
  const status = await apiGet<AlertsStatus>('/api/alerts/status', { signal, suppressErrorScreen: true });
  return status.unacknowledged;
}

export function announceAlertsChanged(): void {
  window.dispatchEvent(new Event(ALERTS_CHANGED_EVENT));
}
