import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { NtpConfig, NtpStatus, NtpTimeResponse, TimezoneMap } from '@dtu-console/contract/ntp/api';
import type { NtpConfigPayload, NtpTimePayload } from '@dtu-console/contract/ntp/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

export const ntpConfigQuery = queryOptions({
  queryKey: ['ntp', 'config'] as const,
  queryFn: () => apiGet<NtpConfig>('/api/ntp/config'),
});

export const ntpTimeQuery = queryOptions({
  queryKey: ['ntp', 'time'] as const,
  queryFn: () => apiGet<NtpTimeResponse>('/api/ntp/time'),
});

/** The zone list, description → POSIX rule; it never changes while the console is open. */
export const timezonesQuery = queryOptions({
  queryKey: ['ntp', 'zones'] as const,
  queryFn: () => apiGet<TimezoneMap>('/zones.json'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The zone's POSIX rule travels along with its name (OpenDTU clients read both). */
export type NtpConfigSave = NtpConfigPayload & { ntp_timezone: string };

export function saveNtpConfig(payload: NtpConfigSave): Promise<Envelope> {
  return apiPost<Envelope>('/api/ntp/config', payload, { suppressErrorScreen: true });
}

export function saveNtpTime(payload: NtpTimePayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/ntp/time', payload, { suppressErrorScreen: true });
}

export type { NtpStatus };

export const ntpStatusQuery = queryOptions({
  queryKey: ['ntp', 'status'] as const,
  queryFn: () => apiGet<NtpStatus>('/api/ntp/status'),
});
