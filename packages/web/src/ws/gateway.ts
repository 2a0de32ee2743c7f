import { getUser } from '../api/auth';
import { ReconnectingSocket, type ReconnectingSocketOptions, type SocketLike } from './socket';
import { socketTarget } from './url';

/** Opens one of the gateway's sockets (/livedata, /console) with the signed-in user's credentials. */
export function openGatewaySocket(path: string): SocketLike {
  const { url, protocols } = socketTarget(path, window.location, getUser());
  return new WebSocket(url, protocols);
}

/** A reconnecting socket to a gateway path (see socket.ts). */
export function gatewaySocket(
  path: string,
  options: Omit<ReconnectingSocketOptions, 'open'>,
): ReconnectingSocket {
  return new ReconnectingSocket({ ...options, open: () => openGatewaySocket(path) });
}
