import type { AlertsConfig, AlertsStatus } from '@dtu-console/contract/alerts/api';
import type { AlertsConfigPayload } from '@dtu-console/contract/alerts/schemas';
import type { Envelope } from '@dtu-console/contract/common/envelope';
import { queryOptions } from '@tanstack/react-query';
import { announceAlertsChanged } from './alert-count';
import { apiGet, apiPost } from './client';

const BASE = '/api/alerts';
/** The list follows new alerts while it is shown (the gateway evaluates every 30 s). */
const REFRESH_MS = 30_000;

export function alertsStatusQuery(locale: string) {
  return queryOptions({
    queryKey: ['alerts', 'status', locale] as const,
    queryFn: ({ signal }) =>
      apiGet<AlertsStatus>(`${BASE}/status?locale=${encodeURIComponent(locale)}`, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export const alertsConfigQuery = queryOptions({
  queryKey: ['alerts', 'config'] as const,
  queryFn: () => apiGet<AlertsConfig>(`${BASE}/config`),
});

export function saveAlertsConfig(payload: AlertsConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${BASE}/config`, payload, { suppressErrorScreen: true });
}

/** Acknowledges one alert, or every open one without an id. */
export async function acknowledgeAlert(id?: number): Promise<Envelope> {
  const answer = await apiPost<Envelope>(`${BASE}/ack`, id === undefined ? { all: true } : { id }, {
    suppressErrorScreen: true,
  });
  announceAlertsChanged();
  return answer;
}
