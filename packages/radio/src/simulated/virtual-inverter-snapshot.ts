/** What a virtual inverter truly is at a moment (inspect()): for tests, the meter's simulation and debugging. */
import type { FamilyId } from '@dtu-console/hoymiles';
import type { SimulatedEventEntry } from './events';
import type { DcPoint } from './physics';
import type { LimitSetting } from './power-limit';

export interface VirtualInverterSnapshot {
  serial: string;
  family: FamilyId;
  model: string;
  ratedPowerW: number;
  hwPartNumber: number;
  fwBuildVersion: number;
  /** Powered by its modules; asleep it answers nothing. */
  awake: boolean;
  /** Switched on (off: no output, still answering). */
  on: boolean;
  limit: {
    persistent: LimitSetting;
    temporary: LimitSetting | null;
    /** The active limit in % of the rated power (what the read-back reports, uncapped). */
    activePercent: number;
    activeW: number;
    /** The cap the output is held to now (the limit after its dead time and ramp). */
    effectiveW: number;
  };
  peakPowerW: number[];
  /** Fed from a battery bus instead of its modules. */
  fed: boolean;
  /** What the modules could deliver right now, W per input. */
  availableDcW: number[];
  dc: DcPoint[];
  acPowerW: number;
  yieldDayWh: number[];
  yieldTotalKWh: number[];
  eventLogCount: number;
  events: SimulatedEventEntry[];
  /** CMT only: where it listens now, where it is moving to, and where it starts. */
  frequency: { listenHz: number; pendingHz: number | null; startupHz: number } | null;
  /** Last time a frame addressed to it was heard (ms). */
  lastContactAt: number | null;
}
