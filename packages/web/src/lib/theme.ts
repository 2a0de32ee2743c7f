import { useCallback, useEffect, useSyncExternalStore } from 'react';

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'auto';
  } catch {
    return 'auto';
  }
}

export function resolveTheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  return theme === 'auto' ? (systemDark ? 'dark' : 'light') : theme;
}

function apply(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', resolveTheme(theme, matchMedia(DARK_QUERY).matches));
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** The choice of this visit: kept here too, as private mode cannot store it. */
let pending: Theme | null = null;
const chosen = (): Theme => pending ?? readTheme();
/** The gateway cannot see the stored choice: its render, and the hydration of it, show "auto". */
const serverTheme = (): Theme => 'auto';

/**
 * Light, dark, or auto following the system preference as it changes; saved on selection. The page's
 * inline script (index.html) applies the stored choice before the first paint; this hook applies a new
 * choice at once and follows the system while the choice is "auto".
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, chosen, serverTheme);

  useEffect(() => {
    // Nothing is applied on mount: the page's script did that before the first paint.
    if (theme !== 'auto') return;
    const media = matchMedia(DARK_QUERY);
    const follow = () => apply('auto');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
    pending = next;
    apply(next);
    for (const listener of listeners) listener();
  }, []);

  return [theme, setTheme];
}
