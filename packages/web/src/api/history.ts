import { type Envelope, isEnvelope } from '@dtu-console/contract/common/envelope';
import { localDateOf } from '@dtu-console/contract/common/format';
import type {
  HistoryConfig,
  HistoryEnergyRange,
  HistoryEnergySeries,
  HistoryPowerSeries,
  HistoryStatus,
} from '@dtu-console/contract/history/api';
import type { HistoryConfigPayload } from '@dtu-console/contract/history/schemas';
import type { NtpStatus } from '@dtu-console/contract/ntp/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';
import { uploadRequest } from './upload';

const BASE = '/api/v2/history';
/** Today's curve grows while it is shown: the gateway writes its samples at least once a minute. */
const TODAY_REFRESH_MS = 60_000;

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, value);
  return search.toString();
}

/**
 * The power curve of one local day (YYYY-MM-DD) of the plant, or of one inverter (with its strings).
 * Refused queries answer 400 with an envelope; the card shows it instead of the Error screen.
 */
export function historyPowerQuery(date: string, serial: string | null, today = false) {
  return queryOptions({
    queryKey: ['history', 'power', date, serial ?? 'plant'] as const,
    queryFn: ({ signal }) =>
      apiGet<HistoryPowerSeries>(`${BASE}/power?${query({ date, serial: serial ?? undefined })}`, {
        signal,
        suppressErrorScreen: true,
      }),
    refetchInterval: today ? TODAY_REFRESH_MS : false,
  });
}

/** Energy bars: the days of a month (`date` YYYY-MM) or the months of a year (`date` YYYY). */
export function historyEnergyQuery(
  range: HistoryEnergyRange,
  date: string | undefined,
  serial: string | null,
  current = false,
) {
  return queryOptions({
    queryKey: ['history', 'energy', range, date ?? '', serial ?? 'plant'] as const,
    queryFn: ({ signal }) =>
      apiGet<HistoryEnergySeries>(`${BASE}/energy?${query({ range, date, serial: serial ?? undefined })}`, {
        signal,
        suppressErrorScreen: true,
      }),
    refetchInterval: current ? TODAY_REFRESH_MS : false,
  });
}

/** The gateway's local date, "YYYY-MM-DD", read from its time status (its clock and zone, not the browser's). */
export const gatewayTodayQuery = queryOptions({
  queryKey: ['history', 'today'] as const,
  queryFn: async ({ signal }) => {
    const status = await apiGet<NtpStatus>('/api/ntp/status', { signal, suppressErrorScreen: true });
    return localDateOf(status.ntp_localtime);
  },
  staleTime: TODAY_REFRESH_MS,
  // An open card moves on to the next day at midnight.
  refetchInterval: TODAY_REFRESH_MS,
});

export const historyStatusQuery = queryOptions({
  queryKey: ['history', 'status'] as const,
  queryFn: () => apiGet<HistoryStatus>(`${BASE}/status`),
});

export const historyConfigQuery = queryOptions({
  queryKey: ['history', 'config'] as const,
  queryFn: () => apiGet<HistoryConfig>(`${BASE}/config`),
});

export function saveHistoryConfig(payload: HistoryConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${BASE}/config`, payload, { suppressErrorScreen: true });
}

/** The whole history as the gateway packs it (gzip), with the signed-in user's credentials. */
export function downloadHistoryExport(): Promise<Blob> {
  return apiGet<Blob>(`${BASE}/export`, { blob: true, suppressErrorScreen: true });
}

/**
 * Uploads a history export; the gateway checks all of it before merging and answers an envelope either
 * way (13010 merged, 13009 with HTTP 400 refused). Anything else is reported by status.
 */
export async function importHistory(
  file: File,
  onProgress: (percent: number) => void,
): Promise<Envelope | { type: 'danger'; message: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await uploadRequest(`${BASE}/import`, form, onProgress);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) return body;
  return { type: 'danger', message: `[HTTP ERROR] ${answer.statusText || answer.status}` };
}
