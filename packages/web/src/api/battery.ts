import type {
  BatteryConfig,
  BatteryProblem,
  BatteryStatus,
  SolarChargerConfig,
  SolarChargerStatus,
} from '@dtu-console/contract/battery/api';
import type { BatteryConfigPayload, SolarChargerConfigPayload } from '@dtu-console/contract/battery/schemas';
import type { Envelope } from '@dtu-console/contract/common/envelope';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

const BATTERY = '/api/battery';
const CHARGER = '/api/solarcharger';
/** A BMS and a charge controller report every second or so; the status is asked again this often while shown. */
export const BATTERY_STATUS_REFRESH_MS = 2000;

export const batteryConfigQuery = queryOptions({
  queryKey: ['battery', 'config'] as const,
  queryFn: () => apiGet<BatteryConfig>(`${BATTERY}/config`),
});

export const batteryStatusQuery = queryOptions({
  queryKey: ['battery', 'status'] as const,
  queryFn: ({ signal }) => apiGet<BatteryStatus>(`${BATTERY}/status`, { signal, suppressErrorScreen: true }),
  refetchInterval: BATTERY_STATUS_REFRESH_MS,
});

export const solarChargerConfigQuery = queryOptions({
  queryKey: ['solarcharger', 'config'] as const,
  queryFn: () => apiGet<SolarChargerConfig>(`${CHARGER}/config`),
});

export const solarChargerStatusQuery = queryOptions({
  queryKey: ['solarcharger', 'status'] as const,
  queryFn: ({ signal }) =>
    apiGet<SolarChargerStatus>(`${CHARGER}/status`, { signal, suppressErrorScreen: true }),
  refetchInterval: BATTERY_STATUS_REFRESH_MS,
});

export function saveBatteryConfig(payload: BatteryConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${BATTERY}/config`, payload, { suppressErrorScreen: true });
}

export function saveSolarChargerConfig(payload: SolarChargerConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${CHARGER}/config`, payload, { suppressErrorScreen: true });
}

/** The translation key of a battery or charge-controller problem (namespace `battery`). */
export function batteryProblemKey(problem: Pick<BatteryProblem, 'code'>): string {
  return `problem.${problem.code}`;
}
