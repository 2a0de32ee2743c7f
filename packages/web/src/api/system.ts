import type { SystemStatus } from '@dtu-console/contract/system/api';
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
 * (1 s), quietly. The restart begins about a second after its request was answered, so an
 * answer counts only from a gateway that went away in between or started after the wait began.
 */
export async function waitForGateway(signal: AbortSignal, intervalMs = 1000): Promise<void> {
  const began = Date.now();
  let wentAway = false;
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (signal.aborted) return;
    try {
      const status = await fetchSystemStatus({ suppressErrorScreen: true, signal });
      if (wentAway || status.uptime * 1000 <= Date.now() - began + 1000) return;
    } catch {
      wentAway = true;
    }
  }
}
