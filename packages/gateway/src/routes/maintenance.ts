import { Code, envelope, Key } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../context';
import { postData } from '../http/post-data';

/** `{"reboot":true}`; `reboot` is a required bool. */
export const rebootSchema = z.object({ reboot: Key.bool });

/** POST /api/maintenance/reboot: 6001 and an in-process restart ~1 s later, or 6002 and nothing. */
export const maintenanceRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  postData(
    app,
    '/api/maintenance/reboot',
    {
      auth: 'admin',
      summary: 'Restart the gateway about 1 s after answering (6001), or nothing with reboot:false (6002)',
      payload: rebootSchema,
    },
    async (values) => {
      if (!values.reboot) return envelope(Code.RebootCancelled);
      ctx.requestReboot('reboot requested through the API');
      return envelope(Code.RebootTriggered);
    },
  );
};
