import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthLevel, isApiPath } from '../http/route-meta';
import { isUpgradeRequest } from '../http/upgrade';
import type { AuthService } from './service';

/** The realm browsers show in their login dialog. */
export const AUTH_REALM = 'Login Required';

/** The level a request's route declared; undeclared /api routes fail closed, unknown paths are public. */
export function routeLevel(request: FastifyRequest): AuthLevel {
  const declared = request.routeOptions.config?.auth;
  if (declared) return declared;
  if (request.is404) return 'public';
  return isApiPath(request.routeOptions.url ?? request.url) ? 'admin' : 'public';
}

/**
 * 401 as docs/api.md describes it: empty body; the Basic challenge only without X-Requested-With (the
 * console sends it so the browser shows no login dialog). A WebSocket upgrade always gets the challenge:
 * that is what makes a browser retry with the credentials of a ws://admin:password@host URL.
 */
export function sendUnauthorized(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(401);
  if (request.headers['x-requested-with'] === undefined || isUpgradeRequest(request)) {
    reply.header('WWW-Authenticate', `Basic realm="${AUTH_REALM}"`);
  }
  return reply.header('Content-Length', '0').send();
}

/** One onRequest hook enforces every route's declared level before its body is even read. */
export const authHook = fp<{ auth: AuthService }>(async (app, { auth }) => {
  app.addHook('onRoute', (route) => {
    if (!route.config?.auth && isApiPath(route.url) && route.method !== 'HEAD') {
      app.log.warn(`${String(route.method)} ${route.url} declares no auth level; treated as admin`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const decision = await auth.authorize(request, routeLevel(request));
    if (decision.allowed) return;
    if (decision.reason === 'throttled') {
      return reply
        .code(429)
        .header('Retry-After', String(decision.retryAfterS))
        .send({
          message: `Too many failed logins from this address; try again in ${decision.retryAfterS} s`,
          statusCode: 429,
        });
    }
    return sendUnauthorized(request, reply);
  });
});
