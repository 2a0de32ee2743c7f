import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { WifiConfig, WifiCurves, WifiStatus } from '@dtu-console/contract/wifi/api';
import type { WifiConfigPayload } from '@dtu-console/contract/wifi/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

const BASE = '/api/wifi';
/** The card follows the devices' states while it is shown. */
const STATUS_REFRESH_MS = 5_000;
/** The gateway reads a device's curve every 15 minutes; a day shown in the history card follows it this often. */
const CURVE_REFRESH_MS = 60_000;

export const wifiConfigQuery = queryOptions({
  queryKey: ['wifi', 'config'] as const,
  // The card is one part of the inverter screen: a failure shows in the card, not as the error screen.
  queryFn: () => apiGet<WifiConfig>(`${BASE}/config`, { suppressErrorScreen: true }),
});

export const wifiStatusQuery = queryOptions({
  queryKey: ['wifi', 'status'] as const,
  queryFn: ({ signal }) => apiGet<WifiStatus>(`${BASE}/status`, { signal, suppressErrorScreen: true }),
  refetchInterval: STATUS_REFRESH_MS,
});

export function saveWifiConfig(payload: WifiConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>(`${BASE}/config`, payload, { suppressErrorScreen: true });
}

/** Restarts the device at `index` of the saved configuration (an encrypting one draws a new key). */
export function rebootWifiDevice(index: number): Promise<Envelope> {
  return apiPost<Envelope>(`${BASE}/reboot`, { index }, { suppressErrorScreen: true });
}

/** The day's power curve each device keeps itself (read by the gateway every 15 minutes). */
export const wifiCurveQuery = queryOptions({
  queryKey: ['wifi', 'curve'] as const,
  queryFn: ({ signal }) => apiGet<WifiCurves>(`${BASE}/curve`, { signal, suppressErrorScreen: true }),
});

/** The same, followed while today's history of a Wi-Fi inverter is shown. */
export const wifiCurveFollowedQuery = queryOptions({ ...wifiCurveQuery, refetchInterval: CURVE_REFRESH_MS });
