import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { LiveSnapshot } from '../../src/ws/livedata';
import { type LiveDataSource, LiveDataSourceContext } from '../../src/ws/useLiveData';

/** A live-data source that holds `snapshot` and records nothing (`reload` and `loadDetail` do nothing). */
export function staticLiveSource(snapshot: LiveSnapshot): LiveDataSource {
  return {
    subscribe: () => () => {},
    getSnapshot: () => snapshot,
    retain: () => () => {},
    reload: () => {},
    loadDetail: () => {},
  };
}

/** No inverters, socket closed: what a test gets unless it passes its own source. */
export const IDLE_LIVE: LiveSnapshot = {
  loading: false,
  online: false,
  error: null,
  total: null,
  hints: null,
  inverters: [],
};

export interface ProviderOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The live-data source to provide; an idle one otherwise. */
  liveSource?: LiveDataSource;
}

/**
 * Renders `ui` with a live-data source provided, as the console's root provides its store (App.tsx); the
 * provider wraps every `rerender` as well.
 */
export function renderWithProviders(ui: ReactElement, { liveSource, ...options }: ProviderOptions = {}) {
  const source = liveSource ?? staticLiveSource(IDLE_LIVE);
  function Providers({ children }: { children: ReactNode }) {
    return <LiveDataSourceContext.Provider value={source}>{children}</LiveDataSourceContext.Provider>;
  }
  return render(ui, { ...options, wrapper: Providers });
}
