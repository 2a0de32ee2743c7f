/**
 * Inverter slots shaped like GET /api/inverter/list, shared by the tests of every package. The values are
 * written out here, not taken from `limits.ts`, so a test that compares against them checks the defaults.
 * Not part of the API.
 */
import type { InverterChannelConfig, InverterConfig } from './api';

/** The switches and the threshold of a fresh slot: polled and commanded day and night, 2 missed polls. */
export const inverterFlags = {
  poll_enable: true,
  poll_enable_night: true,
  command_enable: true,
  command_enable_night: true,
  reachable_threshold: 2,
  zero_runtime: false,
  zero_day: false,
  clear_eventlog: false,
  yieldday_correction: false,
} as const;

/** One DC input of a slot. */
export const channel = (name: string, max_power = 0, yield_total_offset = 0): InverterChannelConfig => ({
  name,
  max_power,
  yield_total_offset,
});

/**
 * Slot `id` in wire key order: an HM-800 named `Inverter <id>` with two 400 Wp strings East and West;
 * `patch` replaces whole keys.
 */
export function inverterConfig(id: number, patch: Partial<InverterConfig> = {}): InverterConfig {
  return {
    id,
    name: `Inverter ${id}`,
    order: id,
    serial: `11417222000${id}`,
    ...inverterFlags,
    limiter_opt_in: false,
    type: 'HM-600/700/800-2T',
    channel: [channel('East', 400), channel('West', 400)],
    ...patch,
  };
}
