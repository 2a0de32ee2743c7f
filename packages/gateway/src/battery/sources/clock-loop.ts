/** Runs `tick` now and then every `intervalMs` of the gateway clock until the returned stop is called. */
import type { Clock } from '@dtu-console/clock';

export function clockLoop(clock: Clock, intervalMs: number, tick: () => void): () => void {
  let cancel: () => void = () => {};
  let running = true;
  const run = () => {
    if (!running) return;
    tick();
    if (running) cancel = clock.setTimer(intervalMs, run);
  };
  run();
  return () => {
    running = false;
    cancel();
  };
}
