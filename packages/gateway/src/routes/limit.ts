import {
  Code,
  type Envelope,
  type LimitStatusResponse,
  limitConfigSchema,
  limitConfigSchemaFor,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { CommandAnswers, knownInverterContext } from '../engine/command-answers';
import { parsePostData } from '../http/post-data';
import { limitStatusJson } from '../output/live-json';

/** /api/limit/*: active power limit status and command (api.md §5.1, §5.2). */
export const limitRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const answers = new CommandAnswers(ctx.log);
  app.get(
    '/api/limit/status',
    { config: { auth: 'readonly', summary: 'Limit and its command status per inverter' } },
    async (): Promise<LimitStatusResponse> => limitStatusJson(ctx.plant.live),
  );

  app.post(
    '/api/limit/config',
    {
      config: {
        auth: 'admin',
        summary: 'Send an active power limit to an inverter',
        payload: limitConfigSchema,
      },
    },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, limitConfigSchemaFor(knownInverterContext(ctx.plant.live)));
      if (!posted.ok) return posted.envelope;
      const { serial, limit_value, limit_type } = posted.value;
      const result = ctx.plant.engine.setLimit(serial, { value: limit_value, type: limit_type });
      return answers.envelope('Limit', serial, result, {
        unknown: Code.LimitInverterInvalid,
        invalid: Code.LimitTypeInvalid,
      });
    },
  );
};
