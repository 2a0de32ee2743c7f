/**
 * Whose page sent a request (docs/security.md): the gateway's own origin is the scheme (https with TLS
 * on, or the one a reverse proxy names in X-Forwarded-Proto), the Host header's host and its port.
 * Browsers send `Origin` with every POST and WebSocket upgrade and `Sec-Fetch-Site` with every request;
 * non-browser clients (curl, Home Assistant, scripts) send neither and always pass.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ANY_ORIGIN, normalizeOrigin } from '@dtu-console/contract';

/** What a refusal names when the request carried no (usable) Origin. */
export const UNKNOWN_ORIGIN = 'unknown';
/** Longer Origin headers are cut in logs. */
const ORIGIN_LOG_MAX_CHARS = 100;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The origins the gateway is reached under by this request (one, or two behind a TLS proxy). */
export function ownOrigins(headers: IncomingHttpHeaders, tls: boolean): string[] {
  const host = single(headers.host);
  if (host === undefined) return [];
  const schemes = new Set([tls ? 'https' : 'http']);
  // Not settable by another site's page: a cross-origin request with it needs a CORS preflight.
  const forwarded = single(headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'http' || forwarded === 'https') schemes.add(forwarded);
  const origins: string[] = [];
  for (const scheme of schemes) {
    const origin = normalizeOrigin(`${scheme}://${host}`);
    if (origin !== undefined) origins.push(origin);
  }
  return origins;
}

/**
 * undefined when the request may go on; else the foreign origin, for the count and the log. Passes:
 * `Sec-Fetch-Site: same-origin` or `none` (typed, bookmarked), no Origin unless Sec-Fetch-Site says
 * cross-site or same-site, the own origin, an allowed one, anything while `*` is allowed.
 */
export function foreignOrigin(
  headers: IncomingHttpHeaders,
  tls: boolean,
  allowed: readonly string[],
): string | undefined {
  const site = single(headers['sec-fetch-site'])?.toLowerCase();
  if (site === 'same-origin' || site === 'none') return undefined;
  if (allowed.includes(ANY_ORIGIN)) return undefined;
  const origin = single(headers.origin);
  if (origin === undefined) return site === 'cross-site' || site === 'same-site' ? UNKNOWN_ORIGIN : undefined;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return origin.slice(0, ORIGIN_LOG_MAX_CHARS) || UNKNOWN_ORIGIN;
  if (ownOrigins(headers, tls).includes(normalized)) return undefined;
  if (allowed.some((entry) => normalizeOrigin(entry) === normalized)) return undefined;
  return normalized;
}
