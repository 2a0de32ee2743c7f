/** WebSocket /livedata: read-only; the auth hook checks the upgrade like ctx.auth.authorizeUpgrade. */
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';

export const livedataSocketRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const hub = ctx.services.livedata;
  app.get(
    '/livedata',
    { websocket: true, config: { auth: 'readonly', summary: 'Live data push (WebSocket)' } },
    (socket) => {
      hub.add(socket);
      socket.on('close', () => hub.remove(socket));
      // Keep-alive frames from clients are read and dropped; nothing is answered.
      socket.on('message', () => {});
    },
  );
};
