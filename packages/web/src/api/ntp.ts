import type { NtpStatus } from '@dtu-console/contract/api/ntp';
import { apiGet } from './client';

export type { NtpStatus };

export const ntpStatusQuery = {
  queryKey: ['ntp', 'status'] as const,
  queryFn: () => apiGet<NtpStatus>('/api/ntp/status'),
};
