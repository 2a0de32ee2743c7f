import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { queryValue } from '../http/query';
import { gatewayHintInputs } from '../output/live-json';
import { LivedataStatusText } from '../output/live-status-text';

/** GET /api/livedata/status[?inv=]: summaries of all inverters, or one in detail. */
export const livedataRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  // Pollers ask for these most: served from text kept per model revision.
  const status = new LivedataStatusText(ctx.plant.live);
  app.get(
    '/api/livedata/status',
    { config: { auth: 'readonly', summary: 'Live data of all inverters, or of one with ?inv=' } },
    async (request, reply): Promise<string> => {
      const inv = queryValue(request.query, 'inv');
      reply.type('application/json; charset=utf-8');
      return status.text(gatewayHintInputs(ctx.auth, ctx.plant.radio), inv);
    },
  );
};
