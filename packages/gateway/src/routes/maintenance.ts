import { Code, envelope, Key } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../context';
import { parsePostData } from '../http/post-data';

/** `{"reboot":true}`; `reboot` is a required bool. */
export const rebootSchema = z.object({ reboot: Key.bool });

/** POST /api/maintenance/reboot: 6001 and an in-process restart ~1 s later, or 6002 and nothing. */
export const maintenanceRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.post(
    '/api/maintenance/reboot',
    {
      config: {
        auth: 'admin',
        summary: 'Restart the gateway about 1 s after answering (6001), or nothing with reboot:false (6002)',
        payload: rebootSchema,
      },
    },
    async (request) => {
      const posted = await parsePostData(request, rebootSchema);
      if (!posted.ok) return posted.envelope;
      if (!posted.value.reboot) return envelope(Code.RebootCancelled);
      ctx.requestReboot('reboot requested through the API');
      return envelope(Code.RebootTriggered);
    },
  );
};
