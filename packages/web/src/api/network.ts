import type { NetworkStatus } from '@dtu-console/contract/api/network';
import { apiGet } from './client';

export type { NetworkStatus };

export const networkStatusQuery = {
  queryKey: ['network', 'status'] as const,
  queryFn: () => apiGet<NetworkStatus>('/api/network/status'),
};
