/** A serial line's problem (powermeter/serial-line.ts) as a battery problem: its codes are battery codes too. */
import { type BatteryProblemCode, BatteryProblemCodes } from '@dtu-console/contract';
import type { MeterProblem } from '../powermeter/types';
import type { BatteryProblem } from './types';

export function lineProblem(problem: MeterProblem): BatteryProblem {
  const known = (BatteryProblemCodes as readonly string[]).includes(problem.code);
  return { code: known ? (problem.code as BatteryProblemCode) : 'device-lost', detail: problem.detail };
}
