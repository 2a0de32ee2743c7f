import { Code, envelope } from '@dtu-console/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { malformedMultipart } from './post-data';
import { isApiPath } from './route-meta';

/** The one place errors become HTTP answers, so every route fails the same way. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A route that reads a multipart body itself and lets a parser error through: still the client's fault.
    const malformed = malformedMultipart(error);
    if (malformed !== undefined) return reply.code(400).send({ message: malformed, statusCode: 400 });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    // A "data" form over the size limit gets the envelope older firmware sent for it (see post-data.ts).
    if (
      status === 413 &&
      request.method === 'POST' &&
      isApiPath(request.routeOptions.url ?? '') &&
      !request.routeOptions.config?.upload
    ) {
      return reply.code(200).send(envelope(Code.DataTooLarge));
    }
    if (status >= 500) {
      // The path only: a query may carry a WebSocket auth token, which must never reach the log.
      request.log.error({ err: error, url: request.url.split('?', 1)[0] }, 'Request failed');
    }
    return reply.code(status).send({
      message: status >= 500 ? 'Internal error, see the console log' : error.message,
      statusCode: status,
    });
  });
}
