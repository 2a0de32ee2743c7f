/**
 * Security headers on every answer of the gateway (docs/https.md): pages, assets, API JSON, errors, 404s.
 * The console loads only its own scripts (no eval; an inline script of the built page only by the hash of
 * its exact text), its own styles plus the inline critical CSS and React's style attributes, its own
 * images and data: icons, and talks only to its own host (fetch, and the WebSockets on ws:/wss: of the
 * same host, which older browsers do not count as 'self'). No page may frame it. The headers change
 * nothing for API clients (they are no CORS headers). Our own hook rather than the helmet plugin: it costs
 * less per answer, and the HTTP → HTTPS redirect needs the headers outside Fastify (ARCHITECTURE.md,
 * Dependencies).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** An inline <script> element: its attributes and its text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hash sources ('sha256-…') of the executable inline scripts of a built page: those without
 * `src` whose type is JavaScript (none, a JavaScript MIME type, or module). Data blocks such as
 * `<script type="application/json">` are never run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type))
      continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

function basePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Powerful features the console never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Pages open no window another site could script (and a page of another site that opened the console
 * gets no handle on it); JSON answers cannot be pulled into another site's page as a resource
 * (docs/security.md).
 */
export const PAGE_OPENER_POLICY = 'same-origin';
export const JSON_RESOURCE_POLICY = 'same-origin';

/** A Host header as browsers send it: a name, an IPv4 or a bracketed IPv6 address, and a port. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy for a request to `host` (its Host header; anything odd gets 'self' only),
 * allowing the inline scripts with these hashes.
 */
export function contentSecurityPolicy(
  host: string | undefined,
  scriptHashes: readonly string[] = [],
): string {
  const sockets = host !== undefined && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return `${basePolicy(scriptHashes)}; connect-src 'self'${sockets}`;
}

/** The headers of every answer, for a request to `host`; the HTTP → HTTPS redirect sends them too. */
export function securityHeaders(host: string | undefined): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(host),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** The hashes of the built console page's inline scripts (none when there is no build). */
function pageScriptHashes(webRoot: string): string[] {
  const page = join(webRoot, 'index.html');
  return existsSync(page) ? inlineScriptHashes(readFileSync(page, 'utf8')) : [];
}

/**
 * Fastify's answer to a request it cannot route at all (a URL that is not valid percent-encoding): it
 * skips the hooks, so the headers the hook below sets are set here. Given to Fastify as `frameworkErrors`.
 */
export function unroutableAnswer(
  webRoot: string,
): (error: { code?: string; message: string }, request: FastifyRequest, reply: FastifyReply) => void {
  const scriptHashes = pageScriptHashes(webRoot);
  return (error, request, reply) => {
    void reply
      .code(400)
      .header('content-security-policy', contentSecurityPolicy(request.headers.host, scriptHashes))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('permissions-policy', PERMISSIONS_POLICY)
      .header('cross-origin-resource-policy', JSON_RESOURCE_POLICY)
      .send({ error: 'Bad Request', code: error.code, message: error.message, statusCode: 400 });
  };
}

/**
 * Registered once in app.ts; onSend runs for every reply, the error handler's and the 404 handler's too.
 * `webRoot`: the built console, whose page's own inline scripts are allowed by their hashes.
 */
export const securityHeadersHook = fp<{ webRoot: string }>(async (app, { webRoot }) => {
  const scriptHashes = pageScriptHashes(webRoot);
  let lastHost: string | undefined;
  let lastPolicy = contentSecurityPolicy(undefined, scriptHashes);
  // The callback form: no promise per answer on the API's hot paths.
  app.addHook('onSend', (request, reply, payload, done) => {
    const host = request.headers.host;
    // One gateway is reached by one or two host names: keep the last policy instead of building it each time.
    if (host !== lastHost) {
      lastHost = host;
      lastPolicy = contentSecurityPolicy(host, scriptHashes);
    }
    reply.header('content-security-policy', lastPolicy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string') {
      if (type.startsWith('text/html')) reply.header('cross-origin-opener-policy', PAGE_OPENER_POLICY);
      else if (type.startsWith('application/json'))
        reply.header('cross-origin-resource-policy', JSON_RESOURCE_POLICY);
    }
    done(null, payload);
  });
});
