/**
 * /api/inverter/* (api.md §6.1): the ten inverter slots of config.json (serial 0 = empty). Every change is
 * one config save; the store announces `config:changed` 'inverters' and the plant applies it to the engine
 * at once (polling starts or stops, names, thresholds, string powers and offsets take effect).
 */
import {
  Code,
  type Envelope,
  envelope,
  formatHexSerial,
  type InverterConfig,
  type InverterEditValues,
  type InverterListResponse,
  type InverterType,
  inverterAddSchema,
  inverterAddSchemaFor,
  inverterDeleteSchema,
  inverterEditSchema,
  inverterOrderSchema,
} from '@dtu-console/contract';
import { FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import type { FastifyPluginAsync } from 'fastify';
import { emptyInverterSlot } from '../config/defaults';
import { type DeepReadonly, type InverterSlot, MAX_CHANNELS, storedSerial } from '../config/schema';
import type { GatewayContext } from '../context';
import { parsePostData, savedEnvelope } from '../http/post-data';
import { queryValue } from './livedata';

type Slots = DeepReadonly<InverterSlot[]>;

/** `order` is a u8 in config.json. */
const ORDER_MAX = 0xff;

/** Family type string and input count of a stored serial; "Unknown" shows all six channels. */
export function inverterTypeOf(serial: number): { type: InverterType; channels: number } {
  const family = familyOfSerial(formatHexSerial(BigInt(serial)));
  if (family === undefined) return { type: 'Unknown', channels: MAX_CHANNELS };
  const info = FAMILIES[family];
  return { type: info.typeName as InverterType, channels: info.dcInputs };
}

/** GET /api/inverter/list: occupied slots in slot order, api.md key order. */
export function inverterListResponse(slots: Slots): InverterListResponse {
  const inverter: InverterConfig[] = [];
  slots.forEach((slot, id) => {
    if (slot.serial === 0) return;
    const { type, channels } = inverterTypeOf(slot.serial);
    inverter.push({
      id,
      name: slot.name,
      order: slot.order,
      serial: formatHexSerial(BigInt(slot.serial)),
      poll_enable: slot.poll_enable,
      poll_enable_night: slot.poll_enable_night,
      command_enable: slot.command_enable,
      command_enable_night: slot.command_enable_night,
      reachable_threshold: slot.reachable_threshold,
      zero_runtime: slot.zero_runtime,
      zero_day: slot.zero_day,
      clear_eventlog: slot.clear_eventlog,
      yieldday_correction: slot.yieldday_correction,
      type,
      channel: slot.channel.slice(0, channels).map((c) => ({
        name: c.name,
        max_power: c.max_power,
        yield_total_offset: c.yield_total_offset,
      })),
    });
  });
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
 * order: slot `order[p]` gets position p. Ids ≥ 10 use up their position and are skipped (api.md §6.1);
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

export const inverterRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const slots = () => ctx.config.get('inverters');
  const hasFreeSlot = () => slots().some((slot) => slot.serial === 0);

  app.get(
    '/api/inverter/list',
    { config: { auth: 'admin', summary: 'Configured inverters' } },
    async (): Promise<InverterListResponse> => inverterListResponse(slots()),
  );

  app.post(
    '/api/inverter/add',
    {
      config: {
        auth: 'admin',
        summary: 'Add an inverter in the first free slot',
        payload: inverterAddSchema,
      },
    },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, inverterAddSchemaFor({ hasFreeSlot }));
      if (!posted.ok) return posted.envelope;
      const { serial, name } = posted.value;
      // Checked again right before the change: a concurrent add may have taken the last slot meanwhile.
      if (!hasFreeSlot()) return envelope(Code.InverterCountMax);
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterAdd(current, serial, name)),
        Code.InverterAdded,
      );
    },
  );

  app.post(
    '/api/inverter/edit',
    { config: { auth: 'admin', summary: 'Change an inverter slot', payload: inverterEditSchema } },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, inverterEditSchema);
      if (!posted.ok) return posted.envelope;
      const values = posted.value;
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterEdit(current, values)),
        Code.InverterChanged,
      );
    },
  );

  app.post(
    '/api/inverter/del',
    { config: { auth: 'admin', summary: 'Empty an inverter slot', payload: inverterDeleteSchema } },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, inverterDeleteSchema);
      if (!posted.ok) return posted.envelope;
      const { id } = posted.value;
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterDelete(current, id)),
        Code.InverterDeleted,
      );
    },
  );

  app.post(
    '/api/inverter/order',
    { config: { auth: 'admin', summary: 'Display order of the inverters', payload: inverterOrderSchema } },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, inverterOrderSchema);
      if (!posted.ok) return posted.envelope;
      const { order } = posted.value;
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterOrder(current, order)),
        Code.InverterOrderSaved,
      );
    },
  );

  app.get(
    '/api/inverter/stats_reset',
    { config: { auth: 'admin', summary: 'Reset the radio statistics of one inverter (?inv=)' } },
    async (request): Promise<Envelope | Record<string, never>> => {
      const inv = queryValue(request.query, 'inv');
      if (inv === undefined || !ctx.plant.engine.resetStats(inv)) return {};
      return envelope(Code.InverterStatsReset);
    },
  );
};
