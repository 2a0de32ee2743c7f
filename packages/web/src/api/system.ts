import type { SystemStatus } from '@dtu-console/contract/api/system';
import { apiGet, type RequestOptions } from './client';

export type { SystemStatus };

export function fetchSystemStatus(options?: RequestOptions): Promise<SystemStatus> {
  return apiGet<SystemStatus>('/api/system/status', options);
}

export const systemStatusQuery = {
  queryKey: ['system', 'status'] as const,
  queryFn: () => fetchSystemStatus(),
};

/**
 * Resolves once the gateway answers again after a restart: the status is asked every `intervalMs`
 * (spec §9: 1 s), quietly, until a call succeeds or the signal aborts.
 */
export async function waitForGateway(signal: AbortSignal, intervalMs = 1000): Promise<void> {
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (signal.aborted) return;
    try {
      await fetchSystemStatus({ suppressErrorScreen: true, signal });
      return;
    } catch {
      // Still restarting.
    }
  }
}
