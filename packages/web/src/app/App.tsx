import { BrowserRouter } from '../lib/navigation';
import { AppRoutes } from './router';

/**
 * TanStack Query is not provided here: screens and dialogs that use it wrap themselves (`withQuery`), so
 * the first load of the live view, which gets its data from the socket store, does not carry it.
 */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
