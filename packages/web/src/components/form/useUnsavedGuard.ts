import { useCallback, useEffect } from 'react';
import { useNavigationBlocker } from '../../lib/navigation';

/**
 * Asks before leaving a form with unsaved changes (OpenDTU drops them silently): every way out inside the
 * console (links, redirects, logout, back and forward) through the router's blocker, and closing or
 * reloading the tab through the browser's own question.
 */
export function useUnsavedGuard(dirty: boolean, question: string): void {
  const ask = useCallback(() => window.confirm(question), [question]);
  useNavigationBlocker(dirty, ask);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 still needs returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
