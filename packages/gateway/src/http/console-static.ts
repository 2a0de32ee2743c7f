import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BuiltInLanguage } from '@dtu-console/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLanguage } from './console-language';
import { languageChunksOf, MANIFEST_DIR } from './console-manifest';
import { consolePage } from './first-paint/page';
import { type FirstPaintRenderer, loadFirstPaintRenderer, SSR_DIR } from './first-paint/renderer';

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
  /**
   * The console's first-load texts of a language as JSON, or null when unknown. The page of `/` carries
   * those of the visitor's language, so the first paint waits for no language request.
   */
  consoleTexts?: (language: BuiltInLanguage) => string | null;
  /**
   * Renders the live view into the page of `/` from the snapshot and texts (first-paint/); default on.
   * Needs the console's SSR bundle; without it the page is served as before.
   */
  serverRender?: boolean;
}

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The `q` each coding in `Accept-Encoding` is given (1 when none is written); `q=0` means "not this one".
 * Our own negotiation rather than the compress plugin's, which reads `*` as gzip (ARCHITECTURE.md,
 * Dependencies).
 */
function codingQualities(header: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    qualities.set(name, Number.isFinite(value) ? value : 0);
  }
  return qualities;
}

function acceptedEncoding(request: FastifyRequest): Encoding {
  const qualities = codingQualities(String(request.headers['accept-encoding'] ?? ''));
  const wildcard = qualities.get('*') ?? 0;
  const accepts = (coding: Encoding) => (qualities.get(coding) ?? wildcard) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity';
}

/**
 * `quality` of brotli: 6 for pages made per request (the only ones compressed here). On the live
 * view's page (~43 KB) quality 6 takes ~2 ms for 10.9 KB where 9 took ~150 ms for 10.8 KB, time the visitor
 * waited for the first byte.
 */
function encode(data: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
  }
  return encoding === 'gzip' ? gzipSync(data, { level: 9 }) : data;
}

export const consoleStatic = fp<ConsoleStaticOptions>(async (app, options) => {
  const { webRoot, firstPaint, consoleTexts, serverRender = true } = options;
  const built = existsSync(join(webRoot, 'index.html'));
  const indexHtml = built ? readFileSync(join(webRoot, 'index.html'), 'utf8') : '';
  const renderer: FirstPaintRenderer | null =
    built && serverRender && firstPaint ? await loadFirstPaintRenderer(webRoot, app.log) : null;
  const languageChunks = built ? languageChunksOf(webRoot) : {};
  if (built) {
    // Every built file has .br and .gz twins: a cache must key the answer by the encoding asked for.
    await app.register(fastifyStatic, {
      root: webRoot,
      preCompressed: true,
      cacheControl: false,
      index: false,
      // The first-paint bundle is the gateway's to run (first-paint/), the build manifest its to read;
      // neither is the browser's to fetch.
      allowedPath: (path) => !path.startsWith(`/${SSR_DIR}/`) && !path.startsWith(`/${MANIFEST_DIR}/`),
      setHeaders(res) {
        res.setHeader('Cache-Control', REVALIDATE);
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    // Hashed assets are never revalidated nor fetched in ranges: without ETag, Last-Modified and
    // Accept-Ranges each answer is ~100 bytes lighter, about 2 KB on a settings screen's first load.
    await app.register(fastifyStatic, {
      root: join(webRoot, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webRoot }, 'The console is not built; run "npm run build" (npm start does it for you)');
  }

  const notBuilt = (reply: FastifyReply) =>
    reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('dtu-console: the web console is not built yet. Run "npm run build" and reload.');

  /**
   * The console's page (first-paint/page.ts): index.html in the visitor's language with its texts or its
   * language chunk preloaded, and on `/` the live snapshot and the rendered first paint. Compressed here
   * (it is small); pages without a snapshot only vary by language, so their compressed forms are kept.
   */
  const withoutSnapshot = new Map<string, Buffer>();
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, live: boolean) => {
    if (!built) return notBuilt(reply);
    const snapshot = live && firstPaint ? ((await firstPaint(request)) ?? null) : null;
    const language = requestLanguage(request.headers);
    const encoding = acceptedEncoding(request);
    reply
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    const cacheKey = `${live} ${language} ${encoding}`;
    const cached = snapshot === null ? withoutSnapshot.get(cacheKey) : undefined;
    if (cached) return reply.send(cached);

    // Only the live view's page carries the first-load texts: the other screens load their language
    // chunk, and the first-load bytes of `/` stay within their budget.
    const texts = live ? (consoleTexts?.(language) ?? null) : null;
    const json = snapshot === null ? null : JSON.stringify(snapshot);
    // The texts rendered are the ones the page carries, so the console's hydration finds the same.
    const markup = json !== null && texts !== null ? renderer?.render(language, texts, snapshot, json) : null;
    const html = consolePage(indexHtml, {
      language,
      texts,
      languageChunk: languageChunks[language],
      snapshot: json,
      firstPaint: markup && renderer ? { markup, css: renderer.css } : null,
    });
    const body = encode(Buffer.from(html), encoding);
    if (snapshot === null) withoutSnapshot.set(cacheKey, body);
    return reply.send(body);
  };

  app.get('/', (request, reply) => sendPage(request, reply, true));

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
    return sendPage(request, reply, false);
  });
});
