import type { LivedataStatus, LiveInverterDetail, LiveInverterListEntry } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { queryValue } from '../http/query';
import { gatewayHintInputs, livedataStatusJson } from '../output/live-json';
import { LivedataStatusText } from '../output/live-status-text';

/** GET /api/livedata/status[?inv=]: summaries of all inverters, or one in detail. */
export const livedataRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const list = new LivedataStatusText(ctx.plant.live);
  app.get(
    '/api/livedata/status',
    { config: { auth: 'readonly', summary: 'Live data of all inverters, or of one with ?inv=' } },
    async (request, reply): Promise<LivedataStatus<LiveInverterListEntry | LiveInverterDetail> | string> => {
      const inv = queryValue(request.query, 'inv');
      const hints = gatewayHintInputs(ctx.auth, ctx.plant.radio);
      if (inv !== undefined) return livedataStatusJson(ctx.plant.live, { inv, ...hints });
      // The list without ?inv= is what pollers ask for most: served from text kept per model revision.
      reply.type('application/json; charset=utf-8');
      return list.text(hints);
    },
  );
};
