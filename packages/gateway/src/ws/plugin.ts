/** @fastify/websocket with the gateway's options; registered once in app.ts, before any socket route. */
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { selectSubprotocol } from '../auth/credentials';

/** Clients only send keep-alives ("ping", {"type":"ping"}); anything bigger closes the socket (CloseCode.MessageTooBig). */
export const CLIENT_FRAME_MAX_BYTES = 4096;

export const websocketSupport = fp(async (app) => {
  await app.register(websocket, {
    options: {
      maxPayload: CLIENT_FRAME_MAX_BYTES,
      // A browser that offered subprotocols (e.g. the `dtu-auth.<token>` one) needs one chosen back.
      handleProtocols: (offered) => selectSubprotocol(offered),
    },
  });
});
