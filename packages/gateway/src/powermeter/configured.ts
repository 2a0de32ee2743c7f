/**
 * Whether the gateway has a meter to watch: a source is switched on. The simulated meter beside a hardware
 * radio ("not-simulated") counts as none: it is the first-start default there, never the owner's choice,
 * and watching it would report every hardware gateway without a meter as broken.
 */
import type { MeterStatus } from './types';

export function meterConfigured(status: MeterStatus): boolean {
  return status.source !== 'none' && status.problem?.code !== 'not-simulated';
}
