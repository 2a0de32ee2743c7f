import { BrowserRouter } from '../lib/navigation';
import { type LiveDataSource, LiveDataSourceContext } from '../ws/useLiveData';
import { AppRoutes } from './router';

/**
 * TanStack Query is not provided here: screens and dialogs that use it wrap themselves (`withQuery`), so
 * the first load of the live view, which gets its data from the socket store, does not carry it.
 */
export function App({ liveSource }: { liveSource: LiveDataSource }) {
  // The one way into the live store: components read the source provided here (main.tsx hands in the
  // browser's socket-fed store; the server render provides its primed one, entry-server.tsx).
  return (
    <LiveDataSourceContext.Provider value={liveSource}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </LiveDataSourceContext.Provider>
  );
}
