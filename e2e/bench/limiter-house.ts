/**
 * The bench's house for the limiter part: a seeded load profile (base load, a cycling fridge, kettles, an
 * oven, an evening peak) and a meter that reads it minus what the plant's inverters put out, once per
 * meter period. It implements the gateway's MeterFeed, so the limiter reads it as it reads a real meter.
 */
import type { Clock } from '@dtu-console/clock';
import { SeededRandom } from '@dtu-console/radio/simulated/random';
import type { MeterFeed, MeterReading, MeterStatus } from '../../packages/gateway/src/powermeter/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Burst {
  startMs: number;
  lengthMs: number;
  powerW: number;
  /** A thermostat: on for `onMs` of every `cycleMs` while the burst lasts. */
  cycle?: { onMs: number; cycleMs: number };
}

export class HouseProfile {
  readonly #dayStart: number;
  readonly #bursts: Burst[] = [];
  readonly #fridgePhaseMs: number;
  /** A load added by the bench (the 2 kW steps). */
  extraW = 0;
  /** Holds the load at this value (a constant load for the step and steady-state measurements). */
  holdW: number | null = null;

  /** `dayStart`: local midnight, ms. */
  constructor(dayStart: number, seed: number | string) {
    const random = new SeededRandom(seed);
    this.#dayStart = dayStart;
    this.#fridgePhaseMs = random.between(0, 40 * MINUTE);
    const at = (hour: number, spreadMin: number) =>
      dayStart + hour * HOUR + random.between(0, spreadMin) * MINUTE;
    // Kettles: morning, afternoon tea, evening.
    for (const hour of [7, 15.5, 20]) {
      this.#bursts.push({ startMs: at(hour, 40), lengthMs: random.between(2.5, 4) * MINUTE, powerW: 2000 });
    }
    // The oven before lunch: heating up, then its thermostat.
    const oven = at(11.25, 20);
    this.#bursts.push({ startMs: oven, lengthMs: 12 * MINUTE, powerW: 2200 });
    this.#bursts.push({
      startMs: oven + 12 * MINUTE,
      lengthMs: 35 * MINUTE,
      powerW: 2200,
      cycle: { onMs: 2 * MINUTE, cycleMs: 5 * MINUTE },
    });
    // A washing machine in the afternoon: heating, then the drum.
    const wash = at(14, 30);
    this.#bursts.push({ startMs: wash, lengthMs: 15 * MINUTE, powerW: 1900 });
    this.#bursts.push({ startMs: wash + 15 * MINUTE, lengthMs: 60 * MINUTE, powerW: 250 });
  }

  loadW(now: number): number {
    if (this.holdW !== null) return this.holdW + this.extraW;
    const hour = (now - this.#dayStart) / HOUR;
    let load = 160; // base: router, standby, heating pump
    // The fridge: 90 W for 15 of every 40 minutes.
    if ((now - this.#dayStart + this.#fridgePhaseMs) % (40 * MINUTE) < 15 * MINUTE) load += 90;
    // Mornings and evenings: lights, cooking, television.
    if (hour >= 6.5 && hour < 8.5) load += 250;
    if (hour >= 18 && hour < 22.5) load += 450 + (hour >= 19 && hour < 21 ? 300 : 0);
    for (const burst of this.#bursts) {
      const into = now - burst.startMs;
      if (into < 0 || into >= burst.lengthMs) continue;
      if (burst.cycle && into % burst.cycle.cycleMs >= burst.cycle.onMs) continue;
      load += burst.powerW;
    }
    return load + this.extraW;
  }
}

/** A meter reading house load minus the inverters behind it, every `periodMs`. */
export class BenchMeter implements MeterFeed {
  readonly #listeners = new Set<(reading: MeterReading) => void>();
  #reading: MeterReading | undefined;
  #cancel: (() => void) | undefined;
  /** A meter that stops answering (the bench does not use it; kept for trying the fallback by hand). */
  silent = false;

  constructor(
    readonly clock: Clock,
    readonly house: Pick<HouseProfile, 'loadW'>,
    readonly productionW: () => number,
    readonly periodMs: number,
  ) {}

  start(): void {
    const read = () => {
      if (!this.silent) {
        const now = this.clock.now();
        this.#reading = { powerW: this.house.loadW(now) - this.productionW(), atMs: now };
        for (const listener of this.#listeners) listener(this.#reading);
      }
      this.#cancel = this.clock.setTimer(this.periodMs, read);
    };
    read();
  }

  stop(): void {
    this.#cancel?.();
  }

  status(): MeterStatus {
    const reading = this.#reading;
    if (!reading) return { source: 'simulated', valid: false };
    const ageMs = this.clock.now() - reading.atMs;
    return { source: 'simulated', valid: ageMs <= 10 * this.periodMs, reading, ageMs };
  }

  onReading(listener: (reading: MeterReading) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
