import { SOCKET_AUTH_SUBPROTOCOL_PREFIX, SOCKET_SUBPROTOCOL } from '@dtu-console/contract';
import { decodeBasic, type StoredUser } from '../api/auth';

export interface SocketTarget {
  url: string;
  /** Subprotocols to offer; empty when anonymous. */
  protocols: string[];
}

/** The subprotocol the gateway answers with, and the prefix of the one that carries the token. */
export const SOCKET_PROTOCOL = SOCKET_SUBPROTOCOL;
export const SOCKET_AUTH_PROTOCOL_PREFIX = SOCKET_AUTH_SUBPROTOCOL_PREFIX;

/** base64 → base64url without padding: the characters a subprotocol name may contain. */
function base64url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Where and how to open one of the gateway's sockets (/livedata, /console): ws or wss like the page. While
 * signed in, the credentials ride along twice, because a browser cannot set headers on a WebSocket:
 * - in the URL (ws://admin:pass@host/livedata), as OpenDTU's own console does; Chromium
 *   does not send them unless the server first challenges, so this alone does not get through;
 * - as the subprotocol `dtu-auth.<base64url of user:password>` next to `dtu-console`, which the gateway
 *   reads and answers with `dtu-console` (see its auth/credentials.ts).
 * Everything about socket credentials lives here, so a change of the scheme touches only this function.
 */
export function socketTarget(
  path: string,
  location: Pick<Location, 'protocol' | 'host'>,
  user: StoredUser | null,
): SocketTarget {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const credentials = user ? decodeBasic(user.authdata) : undefined;
  if (!user || !credentials) return { url: `${scheme}://${location.host}${path}`, protocols: [] };
  const userinfo = `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@`;
  return {
    url: `${scheme}://${userinfo}${location.host}${path}`,
    protocols: [SOCKET_PROTOCOL, `${SOCKET_AUTH_PROTOCOL_PREFIX}${base64url(user.authdata)}`],
  };
}
