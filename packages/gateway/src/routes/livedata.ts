import type { LivedataStatus, LiveInverterDetail, LiveInverterSummary } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { queryValue } from '../http/query';
import { livedataStatusJson } from '../output/live-json';

/** GET /api/livedata/status[?inv=]: summaries of all inverters, or one in detail. */
export const livedataRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/livedata/status',
    { config: { auth: 'readonly', summary: 'Live data of all inverters, or of one with ?inv=' } },
    async (request): Promise<LivedataStatus<LiveInverterSummary | LiveInverterDetail>> => {
      const inv = queryValue(request.query, 'inv');
      return livedataStatusJson(ctx.plant.live, {
        ...(inv === undefined ? {} : { inv }),
        defaultPassword: ctx.auth.defaultPasswordActive(),
      });
    },
  );
};
