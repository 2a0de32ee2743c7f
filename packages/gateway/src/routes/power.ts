import {
  Code,
  type Envelope,
  envelope,
  type PowerStatusResponse,
  powerConfigSchemaFor,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { CommandAnswers, knownInverterContext } from '../engine/command-answers';
import { postData } from '../http/post-data';
import { powerStatusJson } from '../output/live-json';

/** /api/power/*: power on/off and restart status and command. */
export const powerRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const answers = new CommandAnswers(ctx.log);
  app.get(
    '/api/power/status',
    { config: { auth: 'readonly', summary: 'Power command status per inverter' } },
    async (): Promise<PowerStatusResponse> => powerStatusJson(ctx.plant.live),
  );

  postData(
    app,
    '/api/power/config',
    {
      auth: 'admin',
      summary: 'Turn an inverter on or off, or restart it',
      payload: powerConfigSchemaFor(knownInverterContext(ctx.plant.live)),
    },
    async (values): Promise<Envelope> => {
      const { serial, action } = values;
      // `{"restart":false}` alone asks for nothing and gets 1001.
      if (action === 'none') return envelope(Code.SettingsSaved);
      const result = ctx.plant.engine.setPower(serial, action);
      // The OpenDTU quirk "commands disabled still answer 1001" (docs/compatibility.md) as for limits: see CommandAnswers.
      return answers.envelope('Power command', serial, result, {
        unknown: Code.PowerInverterInvalid,
        invalid: Code.ValuesMissing,
      });
    },
  );
};
