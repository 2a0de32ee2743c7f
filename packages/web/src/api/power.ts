import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { PowerConfigPayload, PowerStatusResponse } from '@dtu-console/contract/power/api';
import { apiGet, apiPost, type RequestOptions } from './client';

export function fetchPowerStatus(options?: RequestOptions): Promise<PowerStatusResponse> {
  return apiGet<PowerStatusResponse>('/api/power/status', options);
}

/** On/off (`power`) or `restart: true`; failures show in the modal, not on the Error screen. */
export function postPowerConfig(payload: PowerConfigPayload, options?: RequestOptions): Promise<Envelope> {
  return apiPost<Envelope>('/api/power/config', payload, { suppressErrorScreen: true, ...options });
}
