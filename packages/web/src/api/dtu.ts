import type { DtuConfig, DtuConfigPayload } from '@dtu-console/contract/api/dtu';
import type { Envelope } from '@dtu-console/contract/envelope';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

export const dtuConfigQuery = queryOptions({
  queryKey: ['dtu', 'config'] as const,
  queryFn: () => apiGet<DtuConfig>('/api/dtu/config'),
});

export function saveDtuConfig(payload: DtuConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/dtu/config', payload, { suppressErrorScreen: true });
}
