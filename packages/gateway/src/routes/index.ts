import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { securityRoutes } from './security';
import { systemRoutes } from './system';

/** Every API route module, one per domain. Add a module with one line here. */
export const apiRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  await app.register(systemRoutes, { ctx });
  await app.register(securityRoutes, { ctx });
};
