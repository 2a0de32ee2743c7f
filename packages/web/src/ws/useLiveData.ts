import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { LiveDataStore, LiveSnapshot } from './livedata';

/** What the console reads of a live-data store: its snapshots, and the calls the live view makes. */
export type LiveDataSource = Pick<
  LiveDataStore,
  'subscribe' | 'getSnapshot' | 'retain' | 'reload' | 'loadDetail'
>;

/**
 * The one way into the live store: the browser provides its socket-fed store (`liveData` of
 * `browser-live-data.ts`, through `app/App.tsx`), a server render its store primed with the page's
 * snapshot (entry-server.tsx), a test its stand-in.
 */
export const LiveDataSourceContext = createContext<LiveDataSource | null>(null);

/** The live-data source the console is rendered with. */
export function useLiveDataSource(): LiveDataSource {
  const source = useContext(LiveDataSourceContext);
  if (!source) throw new Error('useLiveDataSource needs a LiveDataSourceContext provider above it');
  return source;
}

/**
 * The snapshot the page's markup was rendered from, held when the console hydrates it: the hydration
 * renders exactly that, whatever the socket brought meanwhile, and the next render the newer values.
 */
let painted: LiveSnapshot | null = null;
export function holdFirstPaint(source: LiveDataSource): void {
  painted = source.getSnapshot();
}

/** The provided source's snapshot; keeps its connection up while the calling component is mounted. */
export function useLiveData(): LiveSnapshot {
  const source = useLiveDataSource();
  useEffect(() => source.retain(), [source]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, () => painted ?? source.getSnapshot());
}
