import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files must be revalidated, or a browser keeps an old console after an update. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built console: precompressed variants (.br, .gz, chosen by Accept-Encoding), hashed assets
 * cached forever, and the history fallback that lets the single-page app own every non-API path.
 */
export const consoleStatic = fp<{ webRoot: string }>(async (app, { webRoot }) => {
  const built = existsSync(join(webRoot, 'index.html'));
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

  app.get('/', (_request, reply) => sendIndex(reply));

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
