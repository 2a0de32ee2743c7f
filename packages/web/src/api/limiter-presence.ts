import type { PowerLimiterStatus } from '@dtu-console/contract/powerlimiter/api';
import { apiGet } from './client';

/**
 * Whether the live view offers the limiter card: the limiter is switched on, or a meter source gives
 * readings (the shell's one small request for the limiter; the card itself loads when opened).
 */
export async function fetchLimiterShown(signal?: AbortSignal): Promise<boolean> {
  const status = await apiGet<PowerLimiterStatus>('/api/powerlimiter/status', {
    signal,
    suppressErrorScreen: true,
  });
  // Also on: the feed-in cap or the grid operator's signal alone (the state is then not "off").
  return status.enabled || status.state !== 'off' || status.grid_power !== null;
}
