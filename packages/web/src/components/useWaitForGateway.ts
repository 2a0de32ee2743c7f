import { useEffect } from 'react';
import { waitForGateway } from '../api/system';

/** While mounted, asks the gateway every second whether it is back, and calls `onBack` once it is. */
export function useWaitForGateway(active: boolean, onBack: () => void): void {
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    void waitForGateway(controller.signal).then(() => {
      if (!controller.signal.aborted) onBack();
    });
    return () => controller.abort();
  }, [active, onBack]);
}
