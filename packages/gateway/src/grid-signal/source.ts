/** What a grid signal source is: it reports steps and losses to its sink, and can be stopped. */
import type { SignalStep } from './steps';

export interface SignalSink {
  /** The step read now (the same step again is harmless). */
  step(step: SignalStep): void;
  /** The source cannot be read; `problem` says why in plain words. The last step stays. */
  lost(problem: string): void;
}

export interface SignalSource {
  start(sink: SignalSink): void;
  stop(): void;
}
