import type { Envelope } from '@dtu-console/contract/common/envelope';
import { apiPost, type RequestOptions } from './client';

export function postReboot(options?: RequestOptions): Promise<Envelope> {
  return apiPost<Envelope>(
    '/api/maintenance/reboot',
    { reboot: true },
    { suppressErrorScreen: true, ...options },
  );
}
