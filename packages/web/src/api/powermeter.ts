import type { Envelope } from '@dtu-console/contract/common/envelope';
import type {
  PowerMeterConfig,
  PowerMeterProblem,
  PowerMeterStatus,
  PowerMeterTestResult,
} from '@dtu-console/contract/powermeter/api';
import type { PowerMeterConfigPayload } from '@dtu-console/contract/powermeter/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

const BASE = '/api/powermeter';
/** The meter changes every second or two; the status is asked again this often while it is shown. */
export const POWERMETER_STATUS_REFRESH_MS = 2000;

export const powerMeterConfigQuery = queryOptions({
  queryKey: ['powermeter', 'config'] as const,
  queryFn: () => apiGet<PowerMeterConfig>(`${BASE}/config`),
});

export const powerMeterStatusQuery = queryOptions({
  queryKey: ['powermeter', 'status'] as const,
  queryFn: ({ signal }) => apiGet<PowerMeterStatus>(`${BASE}/status`, { signal, suppressErrorScreen: true }),
  refetchInterval: POWERMETER_STATUS_REFRESH_MS,
});

export function savePowerMeterConfig(payload: PowerMeterConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${BASE}/config`, payload, { suppressErrorScreen: true });
}

/**
 * "Read now": runs the form's (unsaved) source once. A refused payload answers an envelope (its code
 * translated like a save), otherwise the reading or the problem.
 */
export function testPowerMeter(payload: PowerMeterConfigPayload): Promise<PowerMeterTestResult | Envelope> {
  return apiPost<PowerMeterTestResult | Envelope>(`${BASE}/test`, payload, { suppressErrorScreen: true });
}

/** The translation key of a meter problem (namespace `powerlimiter`). */
export function powerMeterProblemKey(problem: Pick<PowerMeterProblem, 'code'>): string {
  return `meter.problem.${problem.code}`;
}
