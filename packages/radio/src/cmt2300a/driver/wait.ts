import type { GpioInput } from '../../io';
import type { RadioTimer } from '../../radio-timer';

/**
 * Resolves true as soon as `line` is high (at once when it already is, else at its next rising edge), or
 * false after `ms` of the clock. The edge listener only resolves: the caller does the SPI work afterwards,
 * never inside the GPIO callback.
 */
export function waitForRise(line: GpioInput, clock: RadioTimer, ms: number): Promise<boolean> {
  if (line.get()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: boolean) => {
      if (done) return;
      done = true;
      stopEdges();
      cancelTimer();
      resolve(value);
    };
    const stopEdges = line.onEdge((edge) => {
      if (edge.rising) finish(true);
    });
    const cancelTimer = clock.setTimer(ms, () => finish(false));
  });
}
