import type { onSendHookHandler } from 'fastify';

/** Whether an If-None-Match header names `etag` (a list, weak tags and `*` included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * A route's onSend hook that answers conditional GETs: when the answer carries an ETag the client
 * already holds, it becomes a bodyless 304 with the same caching headers. Routes only set the ETag.
 */
export const notModified: onSendHookHandler = async (request, reply, payload) => {
  const etag = reply.getHeader('etag');
  if (reply.statusCode !== 200 || typeof etag !== 'string') return payload;
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-encoding');
  reply.removeHeader('content-length');
  // Fastify's HEAD hook runs after this one and measures what it gets: an empty text, not nothing.
  return request.method === 'HEAD' ? '' : null;
};
