/**
 * Where credentials come from. REST: the Authorization header, `Basic base64(admin:password)` as the
 * console sends it. WebSocket upgrades, where a browser cannot set headers, may also carry the same
 * base64 token (the console's stored `authdata`) as a subprotocol `dtu-auth.<token>` or as `?auth=<token>`
 * (see ARCHITECTURE.md, "Auth").
 */
import { SOCKET_AUTH_SUBPROTOCOL_PREFIX, SOCKET_SUBPROTOCOL } from '@dtu-console/contract';
import type { FastifyRequest } from 'fastify';
import { isUpgradeRequest } from '../http/upgrade';

export interface Credentials {
  username: string;
  password: string;
}

/** The subprotocol prefix that carries a token; the server answers with WS_SUBPROTOCOL. */
export const WS_AUTH_PROTOCOL_PREFIX = SOCKET_AUTH_SUBPROTOCOL_PREFIX;
/** What a WebSocket server selects when a client offers protocols (never the token itself). */
export const WS_SUBPROTOCOL = SOCKET_SUBPROTOCOL;
export const WS_AUTH_QUERY = 'auth';

/** base64 or base64url of "user:password" (UTF-8); undefined when it is not such a token. */
export function decodeToken(token: string): Credentials | undefined {
  const trimmed = token.trim();
  if (trimmed === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  // Buffer's base64 decoder reads both alphabets.
  const text = Buffer.from(trimmed, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return undefined;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** `Basic <token>` (scheme case-insensitive, extra spaces tolerated). Digest is not supported. */
export function parseAuthorization(header: string | undefined): Credentials | undefined {
  if (!header) return undefined;
  const match = /^\s*basic\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ? decodeToken(match[1]) : undefined;
}

function protocolToken(request: FastifyRequest): string | undefined {
  const header = request.headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return undefined;
  for (const protocol of header.split(',')) {
    const trimmed = protocol.trim();
    if (trimmed.startsWith(WS_AUTH_PROTOCOL_PREFIX)) return trimmed.slice(WS_AUTH_PROTOCOL_PREFIX.length);
  }
  return undefined;
}

function queryToken(request: FastifyRequest): string | undefined {
  const query = request.url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(request.url.slice(query + 1)).get(WS_AUTH_QUERY) ?? undefined;
}

/** Credentials of a request: the header first; for WebSocket upgrades also the subprotocol and query. */
export function requestCredentials(request: FastifyRequest): Credentials | undefined {
  const fromHeader = parseAuthorization(request.headers.authorization);
  if (fromHeader || !isUpgradeRequest(request)) return fromHeader;
  const token = protocolToken(request) ?? queryToken(request);
  return token ? decodeToken(token) : undefined;
}

/** Whether a request presented any credentials at all (a wrong one counts towards the lockout). */
export function hasCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  return isUpgradeRequest(request) && (protocolToken(request) ?? queryToken(request)) !== undefined;
}

/**
 * For @fastify/websocket's `handleProtocols`: a browser that offered protocols needs one back, and it
 * must not be the token.
 */
export function selectSubprotocol(offered: Set<string>): string | false {
  if (offered.has(WS_SUBPROTOCOL)) return WS_SUBPROTOCOL;
  for (const protocol of offered) if (!protocol.startsWith(WS_AUTH_PROTOCOL_PREFIX)) return protocol;
  return false;
}
