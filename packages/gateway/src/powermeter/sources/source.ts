/** What every meter source is to the service: started with a sink for its readings and problems, stopped. */
import type { Clock } from '@dtu-console/clock';
import type { DeepReadonly, GatewayConfig } from '../../config/schema';
import { problemOf } from '../problems';
import type { MeterProblem, MeterReading } from '../types';

export type PowerMeterSection = DeepReadonly<GatewayConfig['powermeter']>;

export interface SourceSink {
  reading(reading: MeterReading): void;
  problem(problem: MeterProblem): void;
}

export interface MeterSource {
  start(sink: SourceSink): void;
  stop(): Promise<void>;
}

/**
 * A source that asks: once at start, then every `intervalMs` after the previous answer (so a slow meter
 * is never asked twice at once). Devices are asked in real time; a source that is part of the simulated
 * plant passes the gateway clock, so it runs at the plant's pace (tests, a started-at-noon demo).
 */
export class PollingSource implements MeterSource {
  readonly #read: () => Promise<MeterReading>;
  readonly #intervalMs: number;
  readonly #where: string;
  readonly #clock: Clock | undefined;
  #cancel: (() => void) | undefined;
  #running = false;
  #pending: Promise<void> = Promise.resolve();

  constructor(options: {
    read: () => Promise<MeterReading>;
    intervalMs: number;
    where: string;
    clock?: Clock;
  }) {
    this.#read = options.read;
    this.#clock = options.clock;
    this.#intervalMs = options.intervalMs;
    this.#where = options.where;
  }

  start(sink: SourceSink): void {
    this.#running = true;
    const tick = () => {
      this.#pending = this.#read().then(
        (reading) => {
          if (this.#running) sink.reading(reading);
        },
        (error: unknown) => {
          if (this.#running) sink.problem(problemOf(error, this.#where));
        },
      );
      void this.#pending.then(() => {
        if (this.#running) this.#cancel = this.#later(tick);
      });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#cancel?.();
    await this.#pending;
  }

  #later(tick: () => void): () => void {
    if (this.#clock) return this.#clock.setTimer(this.#intervalMs, tick);
    const timer = setTimeout(tick, this.#intervalMs);
    return () => clearTimeout(timer);
  }
}

/** A reading stamped now on the gateway clock. */
export function readingNow(clock: Clock, powerW: number, phasesW?: number[]): MeterReading {
  return { powerW, ...(phasesW ? { phasesW } : {}), atMs: clock.now() };
}
