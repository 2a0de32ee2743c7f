import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { configFileRoutes } from './config-files';
import { deviceRoutes } from './device';
import { dtuRoutes } from './dtu';
import { firmwareRoutes } from './firmware';
import { i18nRoutes } from './i18n';
import { maintenanceRoutes } from './maintenance';
import { mqttRoutes } from './mqtt';
import { networkRoutes } from './network';
import { ntpRoutes } from './ntp';
import { openapiRoutes } from './openapi';
import { securityRoutes } from './security';
import { systemRoutes } from './system';

/** Every API route module, one per domain. Add a module with one line here. */
export const apiRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  await app.register(systemRoutes, { ctx });
  await app.register(securityRoutes, { ctx });
  await app.register(maintenanceRoutes, { ctx });
  await app.register(configFileRoutes, { ctx });
  await app.register(firmwareRoutes, { ctx });
  await app.register(i18nRoutes, { ctx });
  await app.register(openapiRoutes, { ctx });
  await app.register(dtuRoutes, { ctx });
  await app.register(deviceRoutes, { ctx });
  await app.register(networkRoutes, { ctx });
  await app.register(mqttRoutes, { ctx });
  await app.register(ntpRoutes, { ctx });
};
