/** WebSocket /console: the gateway's log lines; read-only like /livedata. */
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';

export const consoleSocketRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const hub = ctx.services.console;
  app.get(
    '/console',
    { websocket: true, config: { auth: 'readonly', summary: 'Gateway log lines (WebSocket)' } },
    (socket) => {
      hub.add(socket);
      socket.on('close', () => hub.remove(socket));
      // The console page's "ping" keep-alives are read and dropped.
      socket.on('message', () => {});
    },
  );
};
