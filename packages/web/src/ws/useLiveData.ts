import type { LivedataStatus } from '@dtu-console/contract';
import { LIVE_SNAPSHOT_ID } from '@dtu-console/contract/shared/console-page';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { fetchLiveDataStatus, fetchLiveInverter } from '../api/livedata';
import { openGatewaySocket } from './gateway';
import { LiveDataStore, type LiveSnapshot } from './livedata';

/** The live snapshot the gateway put into the page (a JSON script), read once. */
function firstPaintSnapshot(): LivedataStatus | null {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(LIVE_SNAPSHOT_ID)?.textContent;
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

/** The store of a server render (entry-server.tsx, primed with the page's snapshot); the browser's is `liveData`. */
export const LiveDataSourceContext = createContext<LiveDataStore | null>(null);

/**
 * The snapshot the page's markup was rendered from, held when the console hydrates it: the hydration
 * renders exactly that, whatever the socket brought meanwhile, and the next render the newer values.
 */
let painted: LiveSnapshot | null = null;
export function holdFirstPaint(store: LiveDataStore = liveData): void {
  painted = store.getSnapshot();
}

/** Keeps the connection up while the calling component is mounted. */
export function useLiveData(store: LiveDataStore = liveData): LiveSnapshot {
  const source = useContext(LiveDataSourceContext) ?? store;
  useEffect(() => source.retain(), [source]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, () => painted ?? source.getSnapshot());
}
