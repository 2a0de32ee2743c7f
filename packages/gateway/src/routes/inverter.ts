/**
 * /api/inverter/* (api.md §6.1): the ten inverter slots of config.json (serial 0 = empty). Every change is
 * one config save; the store announces `config:changed` 'inverters' and the plant applies it to the engine
 * at once (polling starts or stops, names, thresholds, string powers and offsets take effect).
 */
import {
  Code,
  type Envelope,
  envelope,
  type InverterListResponse,
  inverterAddSchema,
  inverterAddSchemaFor,
  inverterDeleteSchema,
  inverterEditSchema,
  inverterOrderSchema,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  inverterListResponse,
  slotsAfterAdd,
  slotsAfterDelete,
  slotsAfterEdit,
  slotsAfterOrder,
} from '../config/inverter-slots';
import type { GatewayContext } from '../context';
import { parsePostData, savedEnvelope } from '../http/post-data';
import { queryValue } from '../http/query';

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
