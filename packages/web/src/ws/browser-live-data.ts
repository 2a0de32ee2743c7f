import type { LivedataStatus } from '@dtu-console/contract';
import { LIVE_SNAPSHOT_ID } from '@dtu-console/contract/common/console-page';
import { fetchLiveDataStatus, fetchLiveInverter } from '../api/livedata';
import { openGatewaySocket } from './gateway';
import { LiveDataStore } from './livedata';

/** The live snapshot the gateway put into the page (a JSON script), read once. */
function firstPaintSnapshot(): LivedataStatus | null {
  const text = document.getElementById(LIVE_SNAPSHOT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as LivedataStatus;
  } catch {
    return null;
  }
}

/**
 * The browser's one live-data connection. Only main.tsx imports it: it starts it early and hands it to the
 * root's `LiveDataSourceContext`, through which every component reads it (`useLiveDataSource`). Status
 * calls skip the Error screen: the live view shows the failure itself and recovers when the socket comes
 * back (a 401 still leads to the login).
 */
export const liveData = new LiveDataStore({
  fetchStatus: () => fetchLiveDataStatus({ suppressErrorScreen: true }),
  fetchInverter: (serial) => fetchLiveInverter(serial, { suppressErrorScreen: true }),
  firstPaint: firstPaintSnapshot(),
  openSocket: () => openGatewaySocket('/livedata'),
});
