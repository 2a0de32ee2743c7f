/** POST /api/inverter/add, /edit, /del, /order. */
import { z } from 'zod';
import { Code } from '../codes';
import { isZeroSerial } from '../common/hex-serial';
import { Key, lenientNumber } from '../common/keys';
import { byteLength, lengthRule, type Rule, rulesCheck } from '../common/validate';
import type { InverterChannelConfig } from './api';
import { InverterDefaults, InverterLimits } from './limits';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface SerialAndName {
  serial: string;
  name: string;
}

const serialRule: Rule<SerialAndName> = {
  code: Code.InverterSerialZero,
  field: 'serial',
  fails: (v) => isZeroSerial(v.serial),
};

const nameRule = lengthRule<SerialAndName>(
  Code.InverterNameLength,
  'name',
  InverterLimits.nameMinLength,
  InverterLimits.nameMaxLength,
);

const idRule: Rule<{ id: number }> = {
  code: Code.InverterIdInvalid,
  field: 'id',
  fails: (v) => v.id > InverterLimits.maxId,
};

/** The gateway's state a check needs; the console leaves it out and gets the stateless checks only. */
export interface InverterSlotContext {
  /** Whether an empty slot (serial 0) is left for a new inverter. */
  hasFreeSlot: () => boolean;
}

// ---- add ----

export const inverterAddShape = z.object({ serial: Key.string, name: Key.string });

/** 4001 → 4002; 4003 (no free slot) follows, see `inverterAddSchemaFor`. */
export const inverterAddRules: readonly Rule<SerialAndName>[] = [serialRule, nameRule];

export const inverterAddSchema = inverterAddShape.check(rulesCheck(inverterAddRules));

/** The server's full check: there is no duplicate-serial check, only one for a free slot. */
export function inverterAddSchemaFor(context: InverterSlotContext) {
  return inverterAddShape.check(
    rulesCheck<SerialAndName>([
      ...inverterAddRules,
      { code: Code.InverterCountMax, fails: () => !context.hasFreeSlot() },
    ]),
  );
}

// ---- edit ----

/** A flag keeps its value only when it is a JSON bool; anything else is its default, not the old value. */
const flag = (fallback: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'boolean' ? value : fallback));

/** Truncates to at most `maxBytes` of UTF-8 without splitting a character. */
export function truncateBytes(text: string, maxBytes: number): string {
  let out = '';
  for (const char of text) {
    if (byteLength(out + char) > maxBytes) break;
    out += char;
  }
  return out;
}

function readChannel(entry: unknown): InverterChannelConfig {
  const channel = isRecord(entry) ? entry : {};
  const maxPower = Math.trunc(lenientNumber(channel.max_power));
  return {
    name: truncateBytes(
      typeof channel.name === 'string' ? channel.name : '',
      InverterLimits.channelNameStoredMaxLength,
    ),
    // u16 on the device: out-of-range reads as 0 rather than wrapping.
    max_power: maxPower >= 0 && maxPower <= InverterLimits.channelMaxPowerMax ? maxPower : 0,
    yield_total_offset: lenientNumber(channel.yield_total_offset),
  };
}

export const inverterEditShape = z.object({
  id: Key.u8,
  serial: Key.string,
  name: Key.string,
  channel: z.array(z.unknown()),
  poll_enable: flag(InverterDefaults.pollEnable),
  poll_enable_night: flag(InverterDefaults.pollEnableNight),
  command_enable: flag(InverterDefaults.commandEnable),
  command_enable_night: flag(InverterDefaults.commandEnableNight),
  reachable_threshold: z
    .unknown()
    .optional()
    .transform((value) =>
      Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 0xff
        ? (value as number)
        : InverterDefaults.reachableThreshold,
    ),
  zero_runtime: flag(InverterDefaults.zeroRuntime),
  zero_day: flag(InverterDefaults.zeroDay),
  clear_eventlog: flag(InverterDefaults.clearEventlog),
  yieldday_correction: flag(InverterDefaults.yielddayCorrection),
  limiter_opt_in: flag(InverterDefaults.limiterOptIn),
});

type InverterEditShape = z.output<typeof inverterEditShape>;

/** 4005 → 4001 → 4002 → 4006. */
export const inverterEditRules: readonly Rule<InverterEditShape>[] = [
  idRule,
  serialRule,
  nameRule,
  {
    code: Code.InverterChannelCount,
    field: 'channel',
    fails: (v) => v.channel.length === 0 || v.channel.length > InverterLimits.maxChannels,
  },
];

/**
 * Output `channel` holds the entries as they apply to channels 0..n-1 in array order (missing name → "",
 * names cut to the 30 stored bytes); channels beyond the array keep their stored values.
 */
export const inverterEditSchema = inverterEditShape
  .check(rulesCheck(inverterEditRules))
  .transform((v) => ({ ...v, channel: v.channel.map(readChannel) }));

export type InverterEditValues = z.output<typeof inverterEditSchema>;

// ---- del ----

export const inverterDeleteShape = z.object({ id: Key.u8 });
export const inverterDeleteRules: readonly Rule<{ id: number }>[] = [idRule];
export const inverterDeleteSchema = inverterDeleteShape.check(rulesCheck(inverterDeleteRules));

// ---- order ----

/** An entry as the device reads it: numeric strings convert, unreadable or out-of-u8 values become 0. */
function orderEntry(value: unknown): number {
  const n = Math.trunc(lenientNumber(value));
  return n >= 0 && n <= 0xff ? n : 0;
}

/**
 * `order[p]` is the slot that gets position p. Entries above 9 stay in the array (they still use up their
 * position) and are skipped when applied; there is no other check.
 */
export const inverterOrderSchema = z.object({
  order: z.array(z.unknown()).transform((entries) => entries.map(orderEntry)),
});
