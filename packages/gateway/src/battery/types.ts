/**
 * What a battery source and a charge-controller source tell the gateway, whatever the interface
 * (simulated, MQTT, VE.Direct, JK BMS, CAN). The battery and solar-charger services keep only this.
 */
import type { BatteryProblemCode } from '@dtu-console/contract';
import type { BatteryReading, ChargerReading } from './reading';

export type { BatteryReading, ChargerReading } from './reading';

/** A reading as the source measured it, stamped on the gateway clock (ms since the epoch). */
export type Stamped<T> = T & { atMs: number };

/** Why a source has no usable reading (the console translates the code; the detail is English). */
export interface BatteryProblem {
  code: BatteryProblemCode;
  detail: string;
}

/** Where a source delivers. `frame` counts what it decoded (ok) and what it refused (garbage, checksum). */
export interface BatterySink {
  reading(reading: Stamped<BatteryReading>): void;
  problem(problem: BatteryProblem): void;
  frame(ok: boolean): void;
}

export interface BatterySource {
  start(sink: BatterySink): void;
  stop(): Promise<void>;
}

/** A charge controller's reading, with what the device says it is where it does (VE.Direct's PID). */
export type ChargerSample = Stamped<ChargerReading> & { product?: string };

/** Where one charge controller's source delivers. */
export interface ChargerSink {
  reading(reading: ChargerSample): void;
  problem(problem: BatteryProblem): void;
  frame(ok: boolean): void;
}

export interface ChargerSource {
  /** The serial device, `mqtt` or `simulated`: the controller's id in the status. */
  readonly id: string;
  start(sink: ChargerSink): void;
  stop(): Promise<void>;
}
