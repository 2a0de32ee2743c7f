import { Code, envelope, type SecurityConfig, securityConfigSchema } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SECRET_MASK } from '../config/secrets';
import type { GatewayContext } from '../context';
import { parsePostData, savedEnvelope } from '../http/post-data';

/** /api/security/*. The password is never sent back: GET shows a mask that POST may return. */
export const securityRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/security/config',
    {
      config: {
        auth: 'admin',
        summary: 'Security settings; the admin password is shown as a mask, posting the mask keeps it',
      },
    },
    async (): Promise<SecurityConfig> => ({
      password: SECRET_MASK,
      allow_readonly: ctx.config.get('security').allow_readonly,
      allowed_origins: [...ctx.config.get('security').allowed_origins],
    }),
  );

  app.post(
    '/api/security/config',
    {
      config: {
        auth: 'admin',
        summary:
          'Change the admin password, anonymous read-only access and the allowed origins (1005 quirk, then 10001, 10005, 10004)',
        payload: securityConfigSchema,
      },
    },
    async (request) => {
      const posted = await parsePostData(request, securityConfigSchema);
      if (!posted.ok) return posted.envelope;
      const { password, allow_readonly, allowed_origins } = posted.value;
      return savedEnvelope(await ctx.auth.saveSecurity(password, allow_readonly, allowed_origins));
    },
  );

  app.get(
    '/api/security/authenticate',
    { config: { auth: 'admin', summary: 'Login check: 10002 with valid admin credentials, else 401' } },
    async () => envelope(Code.SecurityAuthSuccess),
  );
};
