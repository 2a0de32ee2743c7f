import type { LivedataStatus } from '@dtu-console/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { fetchLiveDataStatus, fetchLiveInverter } from '../api/livedata';
import { openGatewaySocket } from './gateway';
import { LiveDataStore, type LiveSnapshot } from './livedata';

/** The live snapshot the gateway put into the page (a JSON script), read once. */
function firstPaintSnapshot(): LivedataStatus | null {
  const text = typeof document === 'undefined' ? null : document.getElementById('live-snapshot')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as LivedataStatus;
  } catch {
    return null;
  }
}

/**
 * The console's one live-data connection. Status calls skip the Error screen: the live view shows the
 * failure itself and recovers when the socket comes back (a 401 still leads to the login).
 */
export const liveData = new LiveDataStore({
  fetchStatus: () => fetchLiveDataStatus({ suppressErrorScreen: true }),
  fetchInverter: (serial) => fetchLiveInverter(serial, { suppressErrorScreen: true }),
  firstPaint: firstPaintSnapshot(),
  openSocket: () => openGatewaySocket('/livedata'),
});

/** Keeps the connection up while the calling component is mounted. */
export function useLiveData(store: LiveDataStore = liveData): LiveSnapshot {
  useEffect(() => store.retain(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
