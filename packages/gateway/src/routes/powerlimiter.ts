/** /api/powerlimiter/*: the power limiter's settings and status (types in contract/src/powerlimiter/api.ts). */
import {
  type PowerLimiterConfig,
  type PowerLimiterEnergy,
  type PowerLimiterStatus,
  type PowerLimiterTrace,
  powerLimiterConfigSchemaFor,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';
import { knownInverterContext } from './command-answers';

export const powerLimiterRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const limiter = ctx.services.powerlimiter;

  app.get(
    '/api/powerlimiter/config',
    { config: { auth: 'admin', summary: 'Power limiter (zero export) settings' } },
    async (): Promise<PowerLimiterConfig> => limiter.config(),
  );

  postData(
    app,
    '/api/powerlimiter/config',
    {
      auth: 'admin',
      summary: 'Save the power limiter settings (applied at once)',
      payload: powerLimiterConfigSchemaFor({
        ...knownInverterContext(ctx.plant.live),
        stringsPowerWp: () => limiter.stringsPowerWp(),
      }),
    },
    async (values) => savedEnvelope(await limiter.save(values)),
  );

  app.get(
    '/api/powerlimiter/status',
    { config: { auth: 'readonly', summary: 'Power limiter state, grid power and each inverter’s limit' } },
    async (): Promise<PowerLimiterStatus> => limiter.status(),
  );

  app.get(
    '/api/powerlimiter/trace',
    {
      config: {
        auth: 'readonly',
        summary: 'Power limiter: grid power, production and limit over the last 15 minutes',
      },
    },
    async (): Promise<PowerLimiterTrace> => limiter.trace(),
  );

  app.get(
    '/api/powerlimiter/energy',
    {
      config: {
        auth: 'readonly',
        summary:
          "Today's energy drawn from and fed into the grid (meter) and charged into and drawn from the battery",
      },
    },
    async (): Promise<PowerLimiterEnergy> => limiter.energy(),
  );
};
