/**
 * One onRequest hook (docs/security.md): a change (POST, PUT, PATCH, DELETE on /api, uploads included) or a
 * WebSocket upgrade (any path) sent by a page of another origin is refused with 403 and code 10003 before
 * its body is read or its handshake completes; nothing is changed, nothing is sent. Registered in app.ts
 * before the auth hook, so such a request never gets the Basic challenge either.
 */
import { Code, envelope } from '@dtu-console/contract';
import fp from 'fastify-plugin';
import type { OriginRefusals, RefusalKind } from './origin-refusals';
import { foreignOrigin } from './origin-rule';
import { isApiPath } from './route-meta';
import { isUpgradeRequest } from './upgrade';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginGuardOptions {
  /** HTTPS on: the own origin's scheme is https. */
  tls: boolean;
  /** `security.allowed_origins` as configured now. */
  allowedOrigins: () => readonly string[];
  refusals: OriginRefusals;
}

export const originGuard = fp<OriginGuardOptions>(async (app, { tls, allowedOrigins, refusals }) => {
  app.addHook('onRequest', async (request, reply) => {
    let kind: RefusalKind;
    if (isUpgradeRequest(request)) kind = 'websocket';
    else if (CHANGES.has(request.method) && isApiPath(request.url.split('?', 1)[0] ?? '')) kind = 'api';
    else return;
    const origin = foreignOrigin(request.headers, tls, allowedOrigins());
    if (origin === undefined) return;
    refusals.refused(kind, origin, `${request.method} ${request.url.split('?', 1)[0]}`);
    const body = envelope(Code.SecurityCrossOriginRefused);
    return reply.code(403).header('Connection', 'close').send(body);
  });
});
