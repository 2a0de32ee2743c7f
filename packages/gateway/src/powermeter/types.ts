/**
 * What the house's electricity meter tells the gateway, whatever the source (MQTT, HTTP JSON, a Shelly
 * energy meter, the simulated plant's own meter). The power limiter reads only this.
 */

import type { PowerMeterSource } from '@dtu-console/contract';

/** One reading. Positive power is drawn from the grid (import), negative is fed in (export). */
export interface MeterReading {
  /** Total active power over all phases, W. */
  powerW: number;
  /** Per-phase power where the source gives it, W. */
  phasesW?: number[];
  /** When the source measured it (gateway clock, ms since the epoch). */
  atMs: number;
  /** Energy drawn from the grid (1.8.0), Wh, where the meter sends it. */
  importWh?: number;
  /** Energy fed in (2.8.0), Wh, where the meter sends it. */
  exportWh?: number;
  /** Which meter was read, where the source can tell (the Speedwire serial number). */
  meterId?: string;
}

export type MeterSourceKind = PowerMeterSource;

/** Why there is no usable reading, in plain words (shown to the user as is, and translated by code). */
export interface MeterProblem {
  /** A stable key the console translates (e.g. 'connection-refused', 'json-path', 'auth', 'timeout', 'stale'). */
  code: string;
  /** The detail in English for logs and for clients that do not translate. */
  detail: string;
}

export interface MeterStatus {
  source: MeterSourceKind;
  /** A reading exists and is younger than the configured maximum age. */
  valid: boolean;
  reading?: MeterReading;
  /** Age of the last reading at the time of asking, ms. */
  ageMs?: number;
  problem?: MeterProblem;
}

/** What the limiter needs of the meter service. */
export interface MeterFeed {
  status(): MeterStatus;
  /** Every new reading, at once; returns an unsubscribe. */
  onReading(listener: (reading: MeterReading) => void): () => void;
}
