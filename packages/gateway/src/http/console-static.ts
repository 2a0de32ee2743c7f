import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files must be revalidated, or a browser keeps an old console after an update. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built console: precompressed variants (.br, .gz, chosen by Accept-Encoding), hashed assets
 * cached forever, and the history fallback that lets the single-page app own every non-API path.
 */
export interface ConsoleStaticOptions {
  webRoot: string;
  /**
   * The live view's data for its first paint, or null when this request may not read live data. Put into
   * the HTML of `/` as a JSON script, so the first value is on screen without a request of its own.
   */
  firstPaint?: (request: FastifyRequest) => Promise<unknown>;
}

/** The id of the JSON script with the first-paint snapshot (read by the console's live-data store). */
export const FIRST_PAINT_ID = 'live-snapshot';

/** JSON inside a <script>: `<` escaped, so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export const consoleStatic = fp<ConsoleStaticOptions>(async (app, { webRoot, firstPaint }) => {
  const built = existsSync(join(webRoot, 'index.html'));
  const indexHtml = built ? readFileSync(join(webRoot, 'index.html'), 'utf8') : '';
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders(res, filePath) {
        res.header('Cache-Control', filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn({ webRoot }, 'The console is not built; run "npm run build" (npm start does it for you)');
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('dtu-console: the web console is not built yet. Run "npm run build" and reload.');
    }
    return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
  };

  /** The live view's page: index.html with the first-paint snapshot, compressed here (it is small). */
  const sendLiveView = async (request: FastifyRequest, reply: FastifyReply) => {
    const snapshot = built && firstPaint ? await firstPaint(request) : null;
    if (snapshot === null || snapshot === undefined) return sendIndex(reply);
    const script = `<script id="${FIRST_PAINT_ID}" type="application/json">${scriptJson(snapshot)}</script>`;
    const html = Buffer.from(indexHtml.replace('</head>', `${script}</head>`));
    const accepted = String(request.headers['accept-encoding'] ?? '');
    reply
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepted)) {
      const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return reply.header('Content-Encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };

  app.get('/', sendLiveView);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply
        .code(404)
        .send({ message: `No such endpoint: ${request.method} ${path}`, statusCode: 404 });
    }
    return sendIndex(reply);
  });
});
