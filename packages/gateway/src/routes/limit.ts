import { Code, type Envelope, type LimitStatusResponse, limitConfigSchemaFor } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData } from '../http/post-data';
import { limitStatusJson } from '../output/live-json';
import { commandEnvelope, knownInverterContext } from './command-answers';

/** /api/limit/*: active power limit status and command. */
export const limitRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/limit/status',
    { config: { auth: 'readonly', summary: 'Limit and its command status per inverter' } },
    async (): Promise<LimitStatusResponse> => limitStatusJson(ctx.plant.live),
  );

  postData(
    app,
    '/api/limit/config',
    {
      auth: 'admin',
      summary: 'Send an active power limit to an inverter',
      payload: limitConfigSchemaFor(knownInverterContext(ctx.plant.live)),
    },
    async (values): Promise<Envelope> => {
      const { serial, limit_value, limit_type, expiry_s } = values;
      const result = ctx.plant.engine.setLimit(serial, { value: limit_value, type: limit_type });
      // Remembered by the power limiter (given back when it lets go), with the optional lease.
      if (result === 'queued') ctx.services.powerlimiter.handLimit(serial, limit_value, limit_type, expiry_s);
      return commandEnvelope(
        result,
        { unknown: Code.LimitInverterInvalid, invalid: Code.LimitTypeInvalid },
        ctx.services.wifi.limitIntervalMin,
      );
    },
  );
};
