import {
  Code,
  type Envelope,
  envelope,
  type PowerStatusResponse,
  powerConfigSchema,
  powerConfigSchemaFor,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { CommandAnswers, knownInverterContext } from '../engine/command-answers';
import { parsePostData } from '../http/post-data';
import { powerStatusJson } from '../output/live-json';

/** /api/power/*: power on/off and restart status and command (api.md §5.3, §5.4). */
export const powerRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const answers = new CommandAnswers(ctx.log);
  app.get(
    '/api/power/status',
    { config: { auth: 'readonly', summary: 'Power command status per inverter' } },
    async (): Promise<PowerStatusResponse> => powerStatusJson(ctx.plant.live),
  );

  app.post(
    '/api/power/config',
    {
      config: {
        auth: 'admin',
        summary: 'Turn an inverter on or off, or restart it',
        payload: powerConfigSchema,
      },
    },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, powerConfigSchemaFor(knownInverterContext(ctx.plant.live)));
      if (!posted.ok) return posted.envelope;
      const { serial, action } = posted.value;
      // `{"restart":false}` alone asks for nothing and gets 1001 (api.md §5.4).
      if (action === 'none') return envelope(Code.SettingsSaved);
      const result = ctx.plant.engine.setPower(serial, action);
      // Quirk 5 as for limits: see CommandAnswers.
      return answers.envelope('Power command', serial, result, {
        unknown: Code.PowerInverterInvalid,
        invalid: Code.ValuesMissing,
      });
    },
  );
};
