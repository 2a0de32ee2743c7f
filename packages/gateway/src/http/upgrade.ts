/** Whether a request asks to become a WebSocket (the auth and the origin rules treat upgrades apart). */
import type { FastifyRequest } from 'fastify';

export function isUpgradeRequest(request: FastifyRequest): boolean {
  return String(request.headers.upgrade ?? '').toLowerCase() === 'websocket';
}
