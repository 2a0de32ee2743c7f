import type { BatteryStatus } from '@dtu-console/contract/battery/api';
import { apiGet } from './client';

/**
 * Whether the live view offers the battery card: the battery is switched on (the shell's one small request
 * for the battery, kept apart from api/battery.ts so the first load carries no query library; the card
 * itself loads when opened).
 */
export async function fetchBatteryShown(signal?: AbortSignal): Promise<boolean> {
  const status = await apiGet<BatteryStatus>('/api/battery/status', { signal, suppressErrorScreen: true });
  return status.enabled;
}
