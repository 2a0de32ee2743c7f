/**
 * How late an event loop runs: monitorEventLoopDelay samples a timer every RESOLUTION_MS and records the
 * whole interval between two samples, so an idle loop reads about RESOLUTION_MS. The lateness a driver
 * feels (a PKT_OK edge or an answer-window timer handled late) is that interval minus the resolution.
 */
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

export interface LoopDelayMs {
  p99: number;
  max: number;
}

/** The delay of the loop it was started on (each thread has its own loop, so its own monitor). */
export class LoopDelay {
  #histogram: IntervalHistogram | undefined;

  start(): void {
    this.#histogram ??= monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.#histogram.enable();
  }

  stop(): void {
    this.#histogram?.disable();
  }

  /** Since the first start; undefined before the first sample. */
  read(): LoopDelayMs | undefined {
    const histogram = this.#histogram;
    if (!histogram || histogram.count === 0) return undefined;
    const late = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    return { p99: late(histogram.percentile(99)), max: late(histogram.max) };
  }
}
