import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** One cache for the whole console; only lazily loaded screens and dialogs import this module. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The gateway is on the local network: fail fast and let the page's reload button retry.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

/** Provides the shared query client to a lazily loaded screen or dialog. */
export function withQuery<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQuery(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQuery.displayName = `withQuery(${Component.displayName ?? Component.name})`;
  return WithQuery;
}
