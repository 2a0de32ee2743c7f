import type { SystemStatus } from '@dtu-console/contract/api/system';
import { apiGet, type RequestOptions } from './client';

export type { SystemStatus };

export function fetchSystemStatus(options?: RequestOptions): Promise<SystemStatus> {
  return apiGet<SystemStatus>('/api/system/status', options);
}
