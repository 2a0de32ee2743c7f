import { useCallback, useSyncExternalStore } from 'react';

/**
 * The gateway's render of the first paint and the browser's hydration of it must show the same: the
 * values a store has on the gateway (signed out, theme auto, …), not the browser's. React takes them from
 * useSyncExternalStore's third argument by itself; Preact's compatibility layer, which the console runs
 * on, ignores that argument. So the store hooks read through `useStore`, which shows the server value
 * while `withServerSnapshots` runs (a render on the gateway, the hydration in the browser) and its own
 * after that: Preact re-reads every store when its effects run, and the stores already subscribed are
 * told to re-read when `withServerSnapshots` ends.
 */
let asServer = false;
const subscribed = new Set<() => void>();

/** Runs `render` with every `useStore` showing its server value. */
export function withServerSnapshots<T>(render: () => T): T {
  const outer = asServer;
  asServer = true;
  try {
    return render();
  } finally {
    asServer = outer;
    if (!outer) for (const reread of [...subscribed]) reread();
  }
}

/** useSyncExternalStore, showing `getServerSnapshot` inside `withServerSnapshots` under Preact too. */
export function useStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const watch = useCallback(
    (onChange: () => void) => {
      subscribed.add(onChange);
      const unsubscribe = subscribe(onChange);
      return () => {
        subscribed.delete(onChange);
        unsubscribe();
      };
    },
    [subscribe],
  );
  return useSyncExternalStore(
    watch,
    () => (asServer ? getServerSnapshot() : getSnapshot()),
    getServerSnapshot,
  );
}
