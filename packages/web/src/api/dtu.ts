import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { DtuConfig, DtuConfigPayload } from '@dtu-console/contract/dtu/api';
import type { SystemStatus } from '@dtu-console/contract/system/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

export const dtuConfigQuery = queryOptions({
  queryKey: ['dtu', 'config'] as const,
  queryFn: () => apiGet<DtuConfig>('/api/dtu/config'),
});

export function saveDtuConfig(payload: DtuConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/dtu/config', payload, { suppressErrorScreen: true });
}

/** Whether each radio is configured and answering; the system status carries it. */
export const radioStatusQuery = queryOptions({
  queryKey: ['system', 'status'] as const,
  queryFn: () => apiGet<SystemStatus>('/api/system/status', { suppressErrorScreen: true }),
});
