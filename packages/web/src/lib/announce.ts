import { useSyncExternalStore } from 'react';

export interface Announcement {
  id: number;
  variant: 'success' | 'info' | 'warning' | 'danger';
  text: string;
}

let items: readonly Announcement[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const SHOW_MS = 5000;

function emit(next: readonly Announcement[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function dismiss(id: number): void {
  emit(items.filter((item) => item.id !== id));
}

/** A short message for everyone and for screen readers (e.g. "signed out"); it disappears by itself. */
export function announce(variant: Announcement['variant'], text: string): void {
  const id = nextId++;
  emit([...items, { id, variant, text }]);
  setTimeout(() => dismiss(id), SHOW_MS);
}

/** A server render and a hydration show no announcement. */
const NONE: readonly Announcement[] = [];

export function useAnnouncements(): readonly Announcement[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => NONE,
  );
}
