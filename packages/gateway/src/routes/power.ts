import {
  Code,
  type Envelope,
  envelope,
  type PowerStatusResponse,
  powerConfigSchemaFor,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData } from '../http/post-data';
import { powerStatusJson } from '../output/live-json';
import { commandEnvelope, knownInverterContext } from './command-answers';

/** /api/power/*: power on/off and restart status and command. */
export const powerRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
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
      return commandEnvelope(result, {
        unknown: Code.PowerInverterInvalid,
        invalid: Code.ValuesMissing,
      });
    },
  );
};
