import { useEffect, useSyncExternalStore } from 'react';
import { openGatewaySocket } from '../api/client';
import { fetchLiveDataStatus, fetchLiveInverter } from '../api/livedata';
import { LiveDataStore, type LiveSnapshot } from './livedata';

/**
 * The console's one live-data connection. Status calls skip the Error screen: the live view shows the
 * failure itself and recovers when the socket comes back (a 401 still leads to the login).
 */
export const liveData = new LiveDataStore({
  fetchStatus: () => fetchLiveDataStatus({ suppressErrorScreen: true }),
  fetchInverter: (serial) => fetchLiveInverter(serial, { suppressErrorScreen: true }),
  openSocket: () => openGatewaySocket('/livedata'),
});

/** Keeps the connection up while the calling component is mounted. */
export function useLiveData(store: LiveDataStore = liveData): LiveSnapshot {
  useEffect(() => store.retain(), [store]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
