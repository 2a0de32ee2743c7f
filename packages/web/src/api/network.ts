import type { ApiResponse } from '@dtu-console/contract/common/envelope';
import type { NetworkConfig, NetworkConfigPayload, NetworkStatus } from '@dtu-console/contract/network/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

export const networkConfigQuery = queryOptions({
  queryKey: ['network', 'config'] as const,
  queryFn: () => apiGet<NetworkConfig>('/api/network/config'),
});

/** Answers an envelope, or a codeless warning for the hostname, SSID and password lengths. */
export function saveNetworkConfig(payload: NetworkConfigPayload): Promise<ApiResponse> {
  return apiPost<ApiResponse>('/api/network/config', payload, { suppressErrorScreen: true });
}

export type { NetworkStatus };

export const networkStatusQuery = queryOptions({
  queryKey: ['network', 'status'] as const,
  queryFn: () => apiGet<NetworkStatus>('/api/network/status'),
});
