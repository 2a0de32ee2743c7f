import type { DevInfoStatus } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { queryValue } from '../http/query';
import { devinfoStatusJson } from '../output/live-json';

/** GET /api/devinfo/status?inv=<serial>; `{}` for a missing/unknown inv. */
export const devinfoRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/devinfo/status',
    { config: { auth: 'readonly', summary: 'Device info of one inverter (?inv=)' } },
    async (request): Promise<DevInfoStatus | Record<string, never>> => {
      const inv = queryValue(request.query, 'inv');
      return devinfoStatusJson(inv === undefined ? undefined : ctx.plant.live.inverter(inv));
    },
  );
};
