import type { DevInfoStatus } from '@dtu-console/contract/devinfo/api';
import { apiGet, type RequestOptions } from './client';

/** `{}` for an unknown inverter, hence Partial. */
export function fetchDevInfo(serial: string, options?: RequestOptions): Promise<Partial<DevInfoStatus>> {
  return apiGet(`/api/devinfo/status?inv=${encodeURIComponent(serial)}`, options);
}
