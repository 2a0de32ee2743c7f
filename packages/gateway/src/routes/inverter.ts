/**
 * /api/inverter/*: the inverter slots of config.json (serial 0 = empty). Every change is
 * one config save; the store announces `config:changed` 'inverters' and the plant applies it to the engine
 * at once (polling starts or stops, names, thresholds, string powers and offsets take effect).
 */
import {
  Code,
  type Envelope,
  envelope,
  type InverterListResponse,
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
import { postData, savedEnvelope } from '../http/post-data';
import { queryValue } from '../http/query';

export const inverterRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const slots = () => ctx.config.get('inverters');
  const hasFreeSlot = () => slots().some((slot) => slot.serial === 0);

  app.get(
    '/api/inverter/list',
    { config: { auth: 'admin', summary: 'Configured inverters' } },
    async (): Promise<InverterListResponse> => inverterListResponse(slots()),
  );

  postData(
    app,
    '/api/inverter/add',
    {
      auth: 'admin',
      summary: 'Add an inverter in the first free slot',
      payload: inverterAddSchemaFor({ hasFreeSlot }),
    },
    async (values): Promise<Envelope> => {
      const { serial, name } = values;
      // Checked again right before the change: a concurrent add may have taken the last slot meanwhile.
      if (!hasFreeSlot()) return envelope(Code.InverterCountMax);
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterAdd(current, serial, name)),
        Code.InverterAdded,
      );
    },
  );

  postData(
    app,
    '/api/inverter/edit',
    { auth: 'admin', summary: 'Change an inverter slot', payload: inverterEditSchema },
    async (values): Promise<Envelope> => {
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterEdit(current, values)),
        Code.InverterChanged,
      );
    },
  );

  postData(
    app,
    '/api/inverter/del',
    { auth: 'admin', summary: 'Empty an inverter slot', payload: inverterDeleteSchema },
    async (values): Promise<Envelope> => {
      const { id } = values;
      return savedEnvelope(
        await ctx.config.update('inverters', (current) => slotsAfterDelete(current, id)),
        Code.InverterDeleted,
      );
    },
  );

  postData(
    app,
    '/api/inverter/order',
    { auth: 'admin', summary: 'Display order of the inverters', payload: inverterOrderSchema },
    async (values): Promise<Envelope> => {
      const { order } = values;
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
