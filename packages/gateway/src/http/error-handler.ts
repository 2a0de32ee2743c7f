import type { FastifyError, FastifyInstance } from 'fastify';

/** The one place errors become HTTP answers, so every route fails the same way. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, url: request.url }, 'Request failed');
    }
    return reply.code(status).send({
      message: status >= 500 ? 'Internal error, see the console log' : error.message,
      statusCode: status,
    });
  });
}
