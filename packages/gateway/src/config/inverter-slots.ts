/**
 * The inverter slots of config.json (serial 0 = empty): their view as the API lists them and the
 * changes the API makes to them. Pure functions over the stored slots; routes/inverter.ts saves the result.
 */
import {
  formatHexSerial,
  type InverterConfig,
  type InverterEditValues,
  type InverterListResponse,
  type InverterType,
} from '@dtu-console/contract';
import { FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import { emptyInverterSlot } from './defaults';
import { type DeepReadonly, type InverterSlot, MAX_CHANNELS, storedSerial } from './schema';

export type Slots = DeepReadonly<InverterSlot[]>;

/** `order` is a u8 in config.json. */
const ORDER_MAX = 0xff;

/** Family type string and input count of a stored serial; "Unknown" shows all six channels. */
export function inverterTypeOf(serial: number): { type: InverterType; channels: number } {
  const family = familyOfSerial(formatHexSerial(BigInt(serial)));
  if (family === undefined) return { type: 'Unknown', channels: MAX_CHANNELS };
  const info = FAMILIES[family];
  return { type: info.typeName as InverterType, channels: info.dcInputs };
}

/** The occupied slots with their slot id, in slot order. */
export function occupiedSlots(slots: Slots): { id: number; slot: DeepReadonly<InverterSlot> }[] {
  return slots.flatMap((slot, id) => (slot.serial === 0 ? [] : [{ id, slot }]));
}

/** The stored string settings of a slot, cut to the inputs its family has. */
export function slotChannels(slot: DeepReadonly<InverterSlot>): InverterConfig['channel'] {
  const { channels } = inverterTypeOf(slot.serial);
  return slot.channel.slice(0, channels).map((c) => ({
    name: c.name,
    max_power: c.max_power,
    yield_total_offset: c.yield_total_offset,
  }));
}

/** How the engine treats a slot's inverter (polling, commands, reachability, yields), in the list's key order. */
export function slotBehaviour(slot: DeepReadonly<InverterSlot>) {
  return {
    poll_enable: slot.poll_enable,
    poll_enable_night: slot.poll_enable_night,
    command_enable: slot.command_enable,
    command_enable_night: slot.command_enable_night,
    reachable_threshold: slot.reachable_threshold,
    zero_runtime: slot.zero_runtime,
    zero_day: slot.zero_day,
    clear_eventlog: slot.clear_eventlog,
    yieldday_correction: slot.yieldday_correction,
    limiter_opt_in: slot.limiter_opt_in,
  };
}

/** GET /api/inverter/list: occupied slots in slot order, the documented key order. */
export function inverterListResponse(slots: Slots): InverterListResponse {
  const inverter = occupiedSlots(slots).map(
    ({ id, slot }): InverterConfig => ({
      id,
      name: slot.name,
      order: slot.order,
      serial: formatHexSerial(BigInt(slot.serial)),
      ...slotBehaviour(slot),
      type: inverterTypeOf(slot.serial).type,
      channel: slotChannels(slot),
    }),
  );
  return { inverter };
}

function mutable(slots: Slots): InverterSlot[] {
  return structuredClone(slots) as InverterSlot[];
}

/** add: the first empty slot gets serial and name; its other fields keep their (default) values. */
export function slotsAfterAdd(slots: Slots, serial: string, name: string): InverterSlot[] {
  const next = mutable(slots);
  const slot = next.find((s) => s.serial === 0);
  if (slot) {
    slot.serial = storedSerial(serial);
    slot.name = name;
  }
  return next;
}

/**
 * edit: serial, name and every flag (omitted flags already reset to their defaults by the schema);
 * `channel[i]` replaces channel i, channels beyond the posted array keep their values.
 */
export function slotsAfterEdit(slots: Slots, values: InverterEditValues): InverterSlot[] {
  const next = mutable(slots);
  const slot = next[values.id];
  if (!slot) return next;
  slot.serial = storedSerial(values.serial);
  slot.name = values.name;
  slot.poll_enable = values.poll_enable;
  slot.poll_enable_night = values.poll_enable_night;
  slot.command_enable = values.command_enable;
  slot.command_enable_night = values.command_enable_night;
  slot.reachable_threshold = values.reachable_threshold;
  slot.zero_runtime = values.zero_runtime;
  slot.zero_day = values.zero_day;
  slot.clear_eventlog = values.clear_eventlog;
  slot.yieldday_correction = values.yieldday_correction;
  slot.limiter_opt_in = values.limiter_opt_in;
  values.channel.forEach((channel, i) => {
    if (i < slot.channel.length) slot.channel[i] = { ...channel };
  });
  return next;
}

/** del: the slot back to its defaults (an empty slot stays empty). */
export function slotsAfterDelete(slots: Slots, id: number): InverterSlot[] {
  const next = mutable(slots);
  if (id < next.length) next[id] = emptyInverterSlot();
  return next;
}

/**
 * order: slot `order[p]` gets position p. Ids beyond the slots use up their position and are skipped;
 * positions beyond a u8 are skipped too instead of wrapping around as on the device.
 */
export function slotsAfterOrder(slots: Slots, order: readonly number[]): InverterSlot[] {
  const next = mutable(slots);
  order.forEach((id, position) => {
    const slot = next[id];
    if (slot && position <= ORDER_MAX) slot.order = position;
  });
  return next;
}
