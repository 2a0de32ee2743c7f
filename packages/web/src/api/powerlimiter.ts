import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { InverterConfig, InverterListResponse } from '@dtu-console/contract/inverter/api';
import type {
  PowerLimiterConfig,
  PowerLimiterEnergy,
  PowerLimiterStatus,
  PowerLimiterTrace,
} from '@dtu-console/contract/powerlimiter/api';
import type { PowerLimiterConfigPayload } from '@dtu-console/contract/powerlimiter/schemas';
import type { PowerMeterConfig } from '@dtu-console/contract/powermeter/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

const BASE = '/api/powerlimiter';
/** The limiter decides on every meter reading; its status is asked again this often while it is shown. */
export const POWERLIMITER_STATUS_REFRESH_MS = 2000;
/** The trace gains a point every few seconds; the chart is redrawn this often. */
export const POWERLIMITER_TRACE_REFRESH_MS = 10_000;
/** Today's energy grows by a few Wh a minute; the card's figures are asked again this often. */
export const POWERLIMITER_ENERGY_REFRESH_MS = 10_000;

export const powerLimiterStatusQuery = queryOptions({
  queryKey: ['powerlimiter', 'status'] as const,
  queryFn: ({ signal }) =>
    apiGet<PowerLimiterStatus>(`${BASE}/status`, { signal, suppressErrorScreen: true }),
  refetchInterval: POWERLIMITER_STATUS_REFRESH_MS,
});

export const powerLimiterTraceQuery = queryOptions({
  queryKey: ['powerlimiter', 'trace'] as const,
  queryFn: ({ signal }) => apiGet<PowerLimiterTrace>(`${BASE}/trace`, { signal, suppressErrorScreen: true }),
  refetchInterval: POWERLIMITER_TRACE_REFRESH_MS,
});

/** Today's energy at the grid point and of the battery, counted by the gateway (docs/limiter.md). */
export const powerLimiterEnergyQuery = queryOptions({
  queryKey: ['powerlimiter', 'energy'] as const,
  queryFn: ({ signal }) =>
    apiGet<PowerLimiterEnergy>(`${BASE}/energy`, { signal, suppressErrorScreen: true }),
  refetchInterval: POWERLIMITER_ENERGY_REFRESH_MS,
});

export function savePowerLimiterConfig(payload: PowerLimiterConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${BASE}/config`, payload, { suppressErrorScreen: true });
}

/**
 * What the Power limiter screen shows: the limiter it edits, the plant's inverters, and the meter's saved
 * settings (edited on the Power meter screen; the limiter screen says which source it steers by).
 */
export interface PowerLimiterSettings {
  meter: PowerMeterConfig;
  limiter: PowerLimiterConfig;
  /** In the order of the inverter settings. */
  inverters: InverterConfig[];
}

export const powerLimiterSettingsQuery = queryOptions({
  queryKey: ['powerlimiter', 'settings'] as const,
  queryFn: async (): Promise<PowerLimiterSettings> => {
    const [meter, limiter, list] = await Promise.all([
      apiGet<PowerMeterConfig>('/api/powermeter/config'),
      apiGet<PowerLimiterConfig>(`${BASE}/config`),
      apiGet<InverterListResponse>('/api/inverter/list'),
    ]);
    return { meter, limiter, inverters: [...list.inverter].sort((a, b) => a.order - b.order) };
  },
});

/** The translation key of a limiter state (namespace `powerlimiter`). */
export function powerLimiterStateKey(state: PowerLimiterStatus['state']): string {
  return `state.${state}`;
}
