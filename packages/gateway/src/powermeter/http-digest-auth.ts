/**
 * HTTP digest authentication as a client (docs/meter.md): the server's challenge in `WWW-Authenticate`,
 * our answer in `Authorization`. MD5 and SHA-256, with qop "auth" (and the older form without qop).
 * Shelly Gen2+ devices use SHA-256 with user "admin"; most other meters MD5.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  /** Absent: the server asks for the older digest without qop. */
  qop?: string;
  algorithm: 'MD5' | 'SHA-256';
  opaque?: string;
}

/** The parameters of one scheme's challenge (`key=value` or `key="quoted, value"`). */
function params(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.set(m[1]!.toLowerCase(), m[2] === undefined ? (m[3] ?? '') : m[2].replace(/\\(.)/g, '$1'));
  }
  return out;
}

/**
 * The digest challenge of a `WWW-Authenticate` header, preferring SHA-256 when the server offers both.
 * Undefined when there is none we can answer (no digest, an unknown algorithm, no qop "auth").
 */
export function parseDigestChallenge(
  headers: string | string[] | null | undefined,
): DigestChallenge | undefined {
  const texts = headers === null || headers === undefined ? [] : Array.isArray(headers) ? headers : [headers];
  const challenges: DigestChallenge[] = [];
  for (const text of texts) {
    // Several challenges may share one header: split before each scheme name.
    for (const part of text.split(/,?\s*(?=\b(?:Digest|Basic|Bearer)\s)/i)) {
      if (!/^Digest\s/i.test(part.trim())) continue;
      const p = params(part.trim().slice(6));
      const algorithm = (p.get('algorithm') ?? 'MD5').toUpperCase();
      if (algorithm !== 'MD5' && algorithm !== 'SHA-256') continue;
      const qops = p
        .get('qop')
        ?.split(',')
        .map((q) => q.trim());
      if (qops !== undefined && !qops.includes('auth')) continue;
      const realm = p.get('realm');
      const nonce = p.get('nonce');
      if (realm === undefined || nonce === undefined) continue;
      const opaque = p.get('opaque');
      challenges.push({
        realm,
        nonce,
        algorithm,
        ...(qops === undefined ? {} : { qop: 'auth' }),
        ...(opaque === undefined ? {} : { opaque }),
      });
    }
  }
  return challenges.find((c) => c.algorithm === 'SHA-256') ?? challenges[0];
}

function hash(algorithm: DigestChallenge['algorithm'], text: string): string {
  return createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
    .update(text)
    .digest('hex');
}

export interface DigestRequest {
  username: string;
  password: string;
  method: string;
  /** Path and query, as on the request line. */
  uri: string;
  /** Request count under this nonce, from 1. */
  nc?: number;
  /** Tests pass a fixed one. */
  cnonce?: string;
  /** The nonce count in decimal instead of eight hex digits (Shelly's WebSocket variant). */
  ncDecimal?: boolean;
}

/** The `response` value itself (also what Shelly's WebSocket auth object carries). */
export function digestResponse(
  challenge: DigestChallenge,
  request: DigestRequest & { cnonce: string; nc: number },
): string {
  const h = (text: string) => hash(challenge.algorithm, text);
  const ha1 = h(`${request.username}:${challenge.realm}:${request.password}`);
  const ha2 = h(`${request.method}:${request.uri}`);
  if (challenge.qop === undefined) return h(`${ha1}:${challenge.nonce}:${ha2}`);
  const nc = request.ncDecimal ? String(request.nc) : request.nc.toString(16).padStart(8, '0');
  return h(`${ha1}:${challenge.nonce}:${nc}:${request.cnonce}:${challenge.qop}:${ha2}`);
}

/** The `Authorization` header answering a challenge. */
export function digestAuthorization(challenge: DigestChallenge, request: DigestRequest): string {
  const nc = request.nc ?? 1;
  const cnonce = request.cnonce ?? randomBytes(8).toString('hex');
  const response = digestResponse(challenge, { ...request, nc, cnonce });
  const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`;
  const parts = [
    `username=${quote(request.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
    `algorithm=${challenge.algorithm}`,
    `response=${quote(response)}`,
  ];
  if (challenge.qop !== undefined) {
    parts.push(`qop=${challenge.qop}`, `nc=${nc.toString(16).padStart(8, '0')}`, `cnonce=${quote(cnonce)}`);
  }
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}
