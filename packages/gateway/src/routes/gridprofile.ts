import type { GridProfileRawData, GridProfileStatus } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { queryValue } from '../http/query';
import { gridprofileRawJson, gridprofileStatusJson } from '../output/live-json';

/** GET /api/gridprofile/status and /rawdata ?inv=<serial>; `{}` for a missing/unknown inv. */
export const gridprofileRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const inverterOf = (query: unknown) => {
    const inv = queryValue(query, 'inv');
    return inv === undefined ? undefined : ctx.plant.live.inverter(inv);
  };

  app.get(
    '/api/gridprofile/status',
    { config: { auth: 'readonly', summary: 'Decoded grid profile of one inverter (?inv=)' } },
    async (request): Promise<GridProfileStatus | Record<string, never>> =>
      gridprofileStatusJson(inverterOf(request.query)),
  );

  app.get(
    '/api/gridprofile/rawdata',
    { config: { auth: 'readonly', summary: 'Raw grid profile bytes of one inverter (?inv=)' } },
    async (request): Promise<GridProfileRawData | Record<string, never>> =>
      gridprofileRawJson(inverterOf(request.query)),
  );
};
